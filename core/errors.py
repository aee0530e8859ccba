"""The one error root of the project. Services raise these; an adapter per kind of client
(JSON API, htmx, page, WebSocket) turns one into that client's own answer.

`message` is written for the person who sent the request: it may be shown as it is."""

from django.core.exceptions import (
    BadRequest,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
)
from django.db import InterfaceError, OperationalError
from django.http import Http404


class Refused(Exception):
    """A request the site will not carry out; nothing was changed."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Invalid(Refused):
    """The input is malformed or out of range."""


class Unauthenticated(Refused):
    status = 401


class Forbidden(Refused):
    status = 403


class NotFound(Refused):
    status = 404


class MethodNotAllowed(Refused):
    """A page asked with the wrong method, e.g. a form's address opened as a link."""

    status = 405


class Conflict(Refused):
    """Well-formed, but not now: the state of the game, club or queue does not allow it."""

    status = 409


class TooLarge(Refused):
    status = 413


class TooMany(Refused):
    """Too many requests of this kind for now: a limit that a while will lift."""

    status = 429


class Unavailable(Refused):
    """A service the site needs (the database) is down for a moment: try again soon."""

    status = 503
    retry_after = 10


def refusal_from(exception: BaseException) -> Refused | None:
    """The refusal an exception stands for, or None for a bug (which stays a 500).

    Besides our own, Django's standard refusals and a database that does not answer."""
    if isinstance(exception, Refused):
        return exception
    if isinstance(exception, Http404):
        return NotFound(str(exception) or "There is nothing here")
    if isinstance(exception, PermissionDenied):
        return Forbidden(str(exception) or "You may not do that")
    if isinstance(exception, RequestDataTooBig):
        return TooLarge("The request is too large")
    if isinstance(exception, SuspiciousOperation | BadRequest):
        return Invalid("The request is malformed")
    if isinstance(exception, OperationalError | InterfaceError):
        return Unavailable("The site is briefly unavailable; try again in a few seconds")
    return None
