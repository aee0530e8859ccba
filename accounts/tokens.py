"""Personal API tokens: create, revoke and authenticate (`Authorization: Bearer <token>`)."""

import hashlib
import secrets

from channels.db import database_sync_to_async
from django.utils import timezone

from accounts.models import ApiToken, User


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_create(*, user: User) -> str:
    """Returns a new token; it cannot be shown again."""
    token = "sp_" + secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, digest=_digest(token), prefix=token[3:11])
    return token


def tokens_revoke(*, user: User, prefix: str = "") -> int:
    """Revokes the user's live tokens (those starting with `prefix`); returns how many."""
    tokens = ApiToken.objects.filter(user=user, revoked_at=None, prefix__startswith=prefix)
    return tokens.update(revoked_at=timezone.now())


def user_for_token(token: str) -> User | None:
    """The active user owning a live token, or None."""
    api_token = (
        ApiToken.objects.select_related("user")
        .filter(digest=_digest(token), revoked_at=None, user__is_active=True)
        .first()
    )
    if api_token is None:
        return None
    ApiToken.objects.filter(pk=api_token.pk).update(last_used_at=timezone.now())
    return api_token.user


def bearer_token(authorization: str) -> str | None:
    """The token of an `Authorization: Bearer <token>` header value."""
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def socket_user(scope: dict, query: dict) -> User | None:
    """Who opened a WebSocket: a token (the Authorization header, or `?token=` for clients
    that cannot set headers), else the session's person, else None."""
    headers = dict(scope.get("headers", []))
    token = bearer_token(headers.get(b"authorization", b"").decode("latin-1"))
    token = token or query.get("token", [None])[0]
    if token:
        return await database_sync_to_async(user_for_token)(token)
    user = scope.get("user")
    return user if user is not None and user.is_authenticated else None


def user_for_header(authorization: str) -> User | None:
    """The user of an `Authorization: Bearer <token>` header (core.hooks.api_callers)."""
    token = bearer_token(authorization)
    return user_for_token(token) if token else None
