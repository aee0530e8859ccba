"""The JSON API's adapter: `api_view` (method, caller, body) and what each view declares.

`api_view` checks the method, the token or session (with CSRF) and reads the JSON body.
The description at /api/docs (core.api_docs, django-ninja) is built from the schemas each
view declares and the paths of the URL resolver, so the two cannot drift apart.

The views stay Django views rather than ninja operations: ninja would answer a wrong
method, a bad body and a failed check with its own statuses, messages and order, where the
API keeps its own (core.middleware's JSON errors, the first malformed field refused)."""

import functools
import re
from dataclasses import dataclass, field

from django.http import HttpRequest
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods
from pydantic import BaseModel

from core import hooks
from core.errors import Forbidden, TooLarge, Unauthenticated
from core.routes import site_routes
from core.schemas import json_object

MAX_BODY = 16 * 1024
API_PREFIX = "api/"


@dataclass(frozen=True)
class Declaration:
    """What an API view takes and answers, for the OpenAPI description. `body` and
    `query` are Input models; `responses` maps a status to an Output model (or to a
    description, for what is not JSON)."""

    methods: tuple[str, ...]
    anonymous: bool = False
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    responses: dict = field(default_factory=dict)


def api_view(*, methods=("POST",), anonymous=False, body=None, query=None, responses=None):
    """Checks the method, authenticates (token, else session with CSRF) and parses the
    JSON body into a dict, in that order; the view validates the dict with its `body`
    model where its checks come (the first error reported is the first check that fails).
    With `anonymous`, a caller without token or session may call it too (reads of public
    games); a bad token is refused all the same.

    Refusals, raised here or by the services, become JSON errors in core.middleware."""
    declaration = Declaration(tuple(methods), anonymous, body, query, dict(responses or {}))

    def decorate(view):
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs):
            _authenticate(request, anonymous)
            data = _json_body(request) if request.method == "POST" else {}
            return view(request, data, *args, **kwargs)

        checked = csrf_exempt(require_http_methods(list(methods))(wrapper))
        checked.api = declaration
        return checked

    return decorate


def _authenticate(request: HttpRequest, anonymous: bool) -> None:
    header = request.headers.get("Authorization", "")
    if header:
        users = (caller(header) for caller in hooks.api_callers)
        user = next((user for user in users if user is not None), None)
        if user is None:
            raise Unauthenticated("Invalid or revoked API token")
        request.user = user
    # Session callers are browsers: the usual CSRF protection applies.
    elif request.method == "POST" and csrf_protect(lambda request: None)(request) is not None:
        raise Forbidden("CSRF check failed: send the X-CSRFToken header")
    if not (anonymous or request.user.is_authenticated):
        raise Unauthenticated("Log in or send an API token")


def _json_body(request: HttpRequest) -> dict:
    """The request's JSON object; reads no more than the limit. A body with nothing in it
    is {}: empty, blank, or an empty form (what e.g. Django's test client and a form
    without fields send), so that an action with nothing to send needs no body at all."""
    raw = request.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise TooLarge(f"The body must be at most {MAX_BODY // 1024} KB")
    if not raw.strip() or _empty_form(request, raw):
        return {}
    return json_object(raw, "The body")


def _empty_form(request: HttpRequest, raw: bytes) -> bool:
    """A multipart form without a single field: only its closing boundary."""
    if request.content_type != "multipart/form-data":
        return False
    boundary = request.content_params.get("boundary", "")
    return bool(boundary) and raw.strip() == f"--{boundary}--".encode("utf-8", "replace")


# The description


def api_routes() -> list[tuple[str, object]]:
    """(route, view) of every path under /api/ that the URL resolver serves, e.g.
    ("api/tables/<int64:game_id>/join", table_join); the description's own pages aside."""
    return [
        (r.route, r.view)
        for r in site_routes()
        if r.route.startswith(API_PREFIX) and not getattr(r.view, "api_docs", False)
    ]


def openapi_path(route: str) -> str:
    """The OpenAPI spelling of a Django route: api/games/<int64:game_id> is
    /api/games/{game_id}."""
    return "/" + re.sub(r"<(?:[^>:]+:)?([^>]+)>", r"{\1}", route)


DOCS_NAMESPACE = "api-docs"  # the URL names of its pages, as ninja reverses them (config.urls)
