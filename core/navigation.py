"""Where a form sends a person back to after it is done."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect


def back_to(request: HttpRequest, default: str) -> HttpResponse:
    """The form's own `next` when it is a path of this site (never another site's address,
    not even a scheme-relative `//host`), else `default`."""
    back = request.POST.get("next", "")
    return redirect(back if back.startswith("/") and not back.startswith("//") else default)
