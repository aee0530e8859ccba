"""Where a form sends a person back to after it is done."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect


def back_path(request: HttpRequest, default: str) -> str:
    """The form's own `next` when it is a path of this site (never another site's address,
    not even a scheme-relative `//host`), else `default`."""
    back = request.POST.get("next", "")
    return back if back.startswith("/") and not back.startswith("//") else default


def back_to(request: HttpRequest, default: str) -> HttpResponse:
    """A redirect to back_path."""
    return redirect(back_path(request, default))
