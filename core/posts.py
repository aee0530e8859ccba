"""The adapter of a form post (a page's form, an htmx partial's, an admin step): runs the
service and gives back why it was refused, for the page to show as its message.

A refusal with status 403 or 404 is not the page's message: it goes on up to
core.middleware, which shows the site's own error page with that status (a toast for htmx),
the answer a person gets for a page they may not open or that does not exist."""

from collections.abc import Callable

from django.contrib import messages
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from core.errors import Invalid, Refused

# What a form post may not turn into a message on the page it came from.
ERROR_PAGE_STATUSES = (403, 404)


def attempt[T](call: Callable[..., T], *args, **kwargs) -> tuple[T | None, str]:
    """`call(*args, **kwargs)`: (its result, "") when carried out, (None, the refusal's
    message) when refused. A 403 or 404 is raised on."""
    try:
        return call(*args, **kwargs), ""
    except Refused as error:
        if error.status in ERROR_PAGE_STATUSES:
            raise
        return None, error.message


def decision(request: HttpRequest, name: str, answers: tuple[str, ...]) -> str:
    """The answer a form posted under `name`: one of `answers`, or Invalid (a missing or
    misspelled field must not count as any of them)."""
    answer = request.POST.get(name, "")
    if answer not in answers:
        raise Invalid(f"Choose {' or '.join(answers)}")
    return answer


def act(request: HttpRequest, call: Callable, *, back: str, done: str = "") -> HttpResponse:
    """Runs a service for a form post and goes back to `back`, with its refusal or `done` as
    the page's message. The service may answer with a response of its own instead."""
    result, error = attempt(call)
    if error:
        messages.error(request, error)
        return redirect(back)
    if done:
        messages.success(request, done)
    return result if isinstance(result, HttpResponse) else redirect(back)


def form_refused(request: HttpRequest, form: Form, back: str) -> HttpResponse:
    """Goes back to `back` with a form's errors as the page's message."""
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    messages.error(request, "; ".join(errors) or "Check the form")
    return redirect(back)
