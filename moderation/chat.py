"""The chat rules that need nobody (games.hooks.chat_rules): the moderators' word list, and no links
from new accounts; the same word list keeps names and descriptions clean
(accounts.hooks.wording_rules).

The word list and the allowed words are read from the database with every message (two small
queries: 1-2 ms for 300 words on PostgreSQL) and compiled once per process for each content they
have had, since compiling is what costs (bench/chat_words.py: 150 ms CPU for 300 words; checking
a line then takes 0.15 ms). Keyed by its content, the compiled list is never stale, in any process,
after an edit, a rolled-back transaction or a Redis restart: there is nothing to invalidate."""

from datetime import timedelta
from functools import lru_cache

from django.utils import timezone

from accounts.models import User
from core.errors import Forbidden, Invalid
from games.models import ChatMessage, Game, Seat
from moderation.links import has_link
from moderation.models import AllowedWord, BannedWord
from moderation.words import WordList

REFUSED_WORD = "Your message was not sent: it contains a word this site does not allow"
NO_LINKS_YET = "Links are allowed once your account is a day old and has 3 finished games"
LINKS_AFTER = timedelta(days=1)
LINKS_AFTER_GAMES = 3


def chat_rule(game: Game, user: User, text: str) -> str:
    """The text to post: listed words masked; refused for a refusing word, or a link from
    an account too new to post one."""
    verdict = word_list().check(text)
    if verdict.refused:
        raise Invalid(REFUSED_WORD)
    if has_link(text) and not may_post_links(user):
        raise Forbidden(NO_LINKS_YET)
    return verdict.text


def has_listed_word(text: str) -> bool:
    """Whether `text` holds a listed word, masked or refused (accounts.hooks.wording_rules:
    names, descriptions and report notes, where nothing is masked: they are refused)."""
    verdict = word_list().check(text)
    return verdict.refused or verdict.text != text


def originals_erase(user: User) -> None:
    """When an account is erased (accounts.hooks.account_erasing): what the person typed
    goes; the masked lines stay with their games."""
    ChatMessage.objects.filter(user=user).exclude(original="").update(original="")


def word_list() -> WordList:
    return _compiled(
        tuple(BannedWord.objects.order_by("pk").values_list("word", "refuse")),
        tuple(AllowedWord.objects.order_by("pk").values_list("word", flat=True)),
    )


@lru_cache(maxsize=4)
def _compiled(entries: tuple[tuple[str, bool], ...], allowed: tuple[str, ...]) -> WordList:
    return WordList(entries, allowed)


def may_post_links(user: User) -> bool:
    if user.date_joined > timezone.now() - LINKS_AFTER:
        return False
    finished = Seat.objects.filter(user=user, game__status=Game.Status.FINISHED)
    return finished[:LINKS_AFTER_GAMES].count() == LINKS_AFTER_GAMES
