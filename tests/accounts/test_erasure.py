"""Erasure that erases (issue 48, Must 4): on day 7 no text column of the database holds the
person's old name or e-mail address; their name and address stay out of reach of strangers
for a year; a token revoked at closing never works again."""

from datetime import timedelta

import pytest
from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Cast
from django.test import Client

from accounts import erasure, services
from accounts.models import User
from accounts.tokens import token_create
from games.models import ChatMessage
from social import services as social
from tests.factories import UserFactory
from tests.games.finished import finished_game
from tests.helpers import told
from tests.leagues.factories import TournamentFactory
from tests.moderation.factories import reported

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]

NAME, EMAIL = "ex_p7", "ex.p7@example.com"


def texts_holding(word: str) -> list[str]:
    """Every text column of every model (CharField, TextField, JSONField) that holds
    `word`, as "app.Model.field"."""
    found = []
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if not isinstance(field, models.CharField | models.TextField | models.JSONField):
                continue
            column = Cast(field.name, models.TextField())
            rows = model._default_manager.annotate(_text=column).filter(_text__icontains=word)
            if rows.exists():
                found.append(f"{model._meta.label}.{field.name}")
    return found


def closed_and_erased(user: User) -> User:
    closed = services.account_close(user=user)
    assert services.accounts_erase_closed(now=closed.closed_at + timedelta(days=7)) == 1
    user.refresh_from_db()
    return user


def test_after_day_7_no_text_column_holds_the_old_name_or_address():
    ex = UserFactory(username=NAME, email=EMAIL, first_name="Alicia")
    EmailAddress.objects.create(user=ex, email=EMAIL, verified=True, primary=True)
    bob = UserFactory()
    social.friend_request_send(user=ex, other=bob)  # a notice stored as data
    social.notify([bob], f"{NAME} left your table", f"/u/{NAME}/")  # a plain one, as before
    game = finished_game([ex, bob, "random", "random"])
    ChatMessage.objects.create(
        game=game, user=ex, text=f"I'm Alicia, mail me at {EMAIL} or alicia@mail.example"
    )
    ChatMessage.objects.create(game=game, user=bob, text=f"gg {NAME}, see you")
    ChatMessage.objects.create(  # a masked line: what was typed is kept for moderators
        game=game, user=bob, text=f"**** {NAME}", original=f"damn {NAME}"
    )
    ChatMessage.objects.create(game=game, user=ex, text="****", original=f"damn, {EMAIL}")
    reported(ex, bob, note=f"{NAME} swore at me")
    TournamentFactory().entrants.create(player_a=ex, player_b=bob, name=f"{NAME} and friend")
    LogEntry.objects.create(
        user=UserFactory(is_staff=True), content_type=ContentType.objects.get_for_model(User),
        object_id=str(ex.pk), object_repr=NAME, action_flag=CHANGE,
    )  # fmt: skip
    assert set(texts_holding(NAME)) >= {"social.Notification.text", "games.ChatMessage.text"}

    ex = closed_and_erased(ex)

    assert texts_holding(NAME) == []
    assert texts_holding(EMAIL) == [] and texts_holding("alicia") == []
    closed = f"closed-{ex.pk}"
    assert told(bob) == [f"{closed} left your table", f"{closed} wants to be your friend"]
    lines = list(ChatMessage.objects.filter(game=game).values_list("text", "original"))
    assert lines == [
        ("I'm [name removed], mail me at [e-mail removed] or [e-mail removed]", ""),
        (f"gg {closed}, see you", ""),
        (f"**** {closed}", f"damn {closed}"),
        ("****", ""),
    ]


def test_a_stranger_cannot_take_the_name_or_address_for_a_year(client):
    ex = UserFactory(username=NAME, email=EMAIL)
    EmailAddress.objects.create(user=ex, email=EMAIL, verified=True, primary=True)
    bob = UserFactory()
    social.friend_request_send(user=ex, other=bob)
    erased_at = closed_and_erased(ex).erased_at

    password = {"password1": "a-long-Secret-123", "password2": "a-long-Secret-123"}
    same_name = client.post(
        "/accounts/signup/", {"username": NAME.upper(), "email": "new@example.com", **password}
    )
    assert same_name.status_code == 200 and "already taken" in same_name.content.decode()
    same_address = client.post(
        "/accounts/signup/", {"username": "newcomer", "email": EMAIL, **password}
    )
    assert same_address.status_code == 302  # as for any address in use: nothing says why
    assert not User.objects.filter(username__iexact=NAME).exists()
    assert not User.objects.filter(email__iexact=EMAIL).exists()
    assert not EmailAddress.objects.filter(email__iexact=EMAIL).exists()
    with pytest.raises(ValidationError):  # a moderator's rename asks the same
        get_adapter().clean_username(NAME)
    # The old notices never point at someone who takes the name later.
    assert told(bob) == [f"closed-{ex.pk} wants to be your friend"]
    later = erased_at + erasure.RESERVED_FOR + timedelta(days=1)
    assert erasure.is_reserved(NAME, now=erased_at) and not erasure.is_reserved(NAME, now=later)
    assert not erasure.is_reserved(EMAIL, now=later)


def test_a_token_revoked_at_closing_does_not_come_back_with_the_account():
    ex = UserFactory()
    token = token_create(user=ex)
    auth = {"Authorization": f"Bearer {token}"}
    assert Client().get("/api/me/data", headers=auth).status_code == 200
    services.account_close(user=ex)
    services.account_reopen(user=ex)
    assert Client().get("/api/me/data", headers=auth).status_code == 401
    fresh = token_create(user=ex)  # the person makes a new one
    fresh_auth = {"Authorization": f"Bearer {fresh}"}
    assert Client().get("/api/me/data", headers=fresh_auth).status_code == 200
