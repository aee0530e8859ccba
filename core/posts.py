"""The adapter of a form post (a page's form, an htmx partial's, an admin step): runs the
service and gives back why it was refused, for the page to show as its message.

A refusal with status 403 or 404 is not the page's message: it goes on up to
core.middleware, which shows the site's own error page with that status (a toast for htmx),
the answer a person gets for a page they may not open or that does not exist."""

from collections.abc import Callable

from core.errors import Refused

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
