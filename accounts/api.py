"""The JSON API of one's own account: everything the site holds about you, and closing
your account (session or token, as core.api)."""

from django.http import HttpResponse, JsonResponse

from accounts import services, views
from accounts.schemas import AccountClosed, CloseIn
from core.api import api_view
from core.errors import Invalid
from core.schemas import validate

DOWNLOAD = "Everything the site holds about you as one JSON document (README: Your data)"


@api_view(methods=["GET"], responses={200: DOWNLOAD})
def data(request, body) -> HttpResponse:
    return views.attachment(request.user)


@api_view(body=CloseIn, responses={200: AccountClosed})
def close(request, body) -> JsonResponse:
    """Closes the caller's account; `{"confirm": true}` says they mean it."""
    if not validate(CloseIn, body).confirm:
        raise Invalid('Send {"confirm": true} to close your account')
    user = services.account_close(user=request.user)
    answer = AccountClosed(
        username=user.username, reopen_until=user.closed_at + services.CLOSED_GRACE
    )
    return JsonResponse(answer.data())
