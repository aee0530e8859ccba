"""The HTTP adapter of the error root. A refusal raised anywhere in a view (or a database
that does not answer) becomes the client's own answer: JSON under /api/, a toast for an
htmx request, the site's error page otherwise. Django's own error pages under /api/
(unknown path, wrong method, CSRF) are turned into JSON too.

Pages are the site's own whatever DEBUG says: an unknown address and a bug show the
site's 404 and 500 pages under DEBUG=1 as well (DEBUG=1 is what `make run` serves, and
people try the site there). A bug's traceback still goes to the log, the console in
development, and the test client still raises it."""

from http import HTTPStatus

from django.core import signals
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseNotFound,
    JsonResponse,
)
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.log import log_response

from core.errors import MethodNotAllowed, NotFound, Refused, Unavailable, refusal_from

API_PREFIX = "/api/"

# Django's own error responses under /api/, worded for a script's author.
DJANGO_ERRORS = {
    400: "The request is malformed",
    403: "Forbidden (a browser session must send the X-CSRFToken header)",
    404: "There is no such API endpoint",
    405: "That method is not allowed here",
    413: "The request is too large",
    500: "Something went wrong on our side; it has been logged",
}


def respond(request: HttpRequest, error: Refused) -> HttpResponse:
    """The answer to a refused request, in the format its client understands."""
    if request.path.startswith(API_PREFIX):
        response = JsonResponse({"error": error.message}, status=error.status)
    elif getattr(request, "htmx", False):
        # htmx swaps nothing on a 4xx: answer 200 with an out-of-band toast instead.
        response = render(request, "partials/toast.html", {"message": error.message})
        response["HX-Reswap"] = "none"
    elif isinstance(error, Unavailable):
        # Rendered without the request: the menu would ask the database who is logged in.
        context = {"message": error.message, "retry_after": error.retry_after}
        response = HttpResponse(render_to_string("unavailable.html", context), status=503)
    else:
        response = render(request, "error.html", {"error": error}, status=error.status)
    if isinstance(error, Unavailable):
        response["Retry-After"] = str(error.retry_after)
    return response


def bug_page(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The site's 500 page for a bug in a page's view (a toast for htmx, which swaps nothing
    on a 5xx), logged as Django logs one. Rendered without the request, so that a bug in
    the layout cannot break it too."""
    page = HttpResponse(render_to_string("500.html"), status=500)
    log_response(
        "Internal Server Error: %s", request.path, response=page, request=request,
        exception=exception,
    )  # fmt: skip
    # Error reporters and the test client listen to this, as for any unhandled exception.
    signals.got_request_exception.send(sender=None, request=request)
    if getattr(request, "htmx", False):
        message = "Something went wrong on our side; it has been logged. Try again."
        toast = HttpResponse(render_to_string("partials/toast.html", {"message": message}))
        toast["HX-Reswap"] = "none"
        return toast
    return page


class ErrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        status = response.status_code
        if request.path.startswith(API_PREFIX):
            if status >= 400 and response.get("Content-Type") != "application/json":
                message = DJANGO_ERRORS.get(status) or HTTPStatus(status).phrase
                return JsonResponse({"error": message}, status=status)
        elif isinstance(response, HttpResponseNotFound):
            # Django's answer to an address no view takes (its debug page under DEBUG=1).
            return respond(request, NotFound("There is no page at this address"))
        elif isinstance(response, HttpResponseNotAllowed) and not response.content:
            # A form's address opened as a link: Django answers an empty page.
            message = "This address takes a form sent from the site, not a visit"
            page = respond(request, MethodNotAllowed(message))
            page["Allow"] = response["Allow"]
            return page
        return response

    def process_exception(self, request: HttpRequest, exception: Exception):
        error = refusal_from(exception)
        if error is not None:
            return respond(request, error)
        if request.path.startswith(API_PREFIX):
            return None  # Django logs it; __call__ answers JSON
        return bug_page(request, exception)
