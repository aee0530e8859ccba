"""The HTTP adapter of the error root. A refusal raised anywhere in a view (or a database
that does not answer) becomes the client's own answer: JSON under /api/, a toast for an
htmx request, the site's error page otherwise. Django's own error pages under /api/
(unknown path, wrong method, CSRF) are turned into JSON too."""

from http import HTTPStatus

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from core.errors import Refused, Unavailable, refusal_from

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


class ErrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        status = response.status_code
        if (
            request.path.startswith(API_PREFIX)
            and status >= 400
            and response.get("Content-Type") != "application/json"
        ):
            message = DJANGO_ERRORS.get(status) or HTTPStatus(status).phrase
            return JsonResponse({"error": message}, status=status)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception):
        error = refusal_from(exception)
        return None if error is None else respond(request, error)
