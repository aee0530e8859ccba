"""A table's chat: posting a message, within its length and rate limits."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from accounts.hooks import check_allowed
from accounts.models import User
from core.errors import Forbidden, Invalid
from games import events, hooks
from games.models import ChatMessage, Game
from games.services.seating import game_lock

CHAT_RATE = (5, 10)  # at most 5 messages per 10 seconds per person and table


def check_chat(game: Game, user: User, text: str) -> str:
    if not user.is_authenticated:
        raise Forbidden("Log in to chat")
    check_allowed(user, "chat")
    if not text.strip():
        raise Invalid("Write something first")
    text = text.strip()
    if len(text) > ChatMessage.MAX_LENGTH:
        raise Invalid(f"Messages can be at most {ChatMessage.MAX_LENGTH} characters long")
    count, seconds = CHAT_RATE
    since = timezone.now() - timedelta(seconds=seconds)
    if game.chat.filter(user=user, created_at__gte=since).count() >= count:
        raise Invalid("You are sending messages too fast; wait a few seconds")
    for rule in hooks.chat_rules:  # the apps above: the word list, links
        text = rule(game, user, text)
    return text


@transaction.atomic
def chat_post(*, game_id: int, user: User, text: str) -> ChatMessage:
    game = game_lock(game_id)
    posted = check_chat(game, user, text)
    typed = text.strip()  # kept for moderators when the rules masked some of it
    message = ChatMessage.objects.create(
        game=game, user=user, text=posted, original=typed if posted != typed else ""
    )
    transaction.on_commit(lambda: events.chat_posted(message), robust=True)
    return message
