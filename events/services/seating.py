"""Seating an arena's free people (the beat task, every 2 s): safe to run twice at once,
since each run holds the arena's row lock, and games' own service seats the people (it
locks them and refuses anyone seated elsewhere meanwhile)."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.hooks import refused_among
from accounts.models import User
from accounts.seats import linked_pairs
from core.errors import Refused
from events import pairing
from events.kinds import ARENA
from events.models import Arena, ArenaGame, ArenaPlayer
from events.services.arenas import arena_lock
from games import selectors as games_selectors
from games.engine import Ruleset
from games.models import Game
from games.services.tables import game_create_seated
from ranked import selectors as ranked_selectors, variants
from social import selectors as social_selectors

BOT = "expert"


def arenas_seat(*, now: datetime | None = None) -> list[Game]:
    """Seats the free people of every arena that seats now; returns the new games."""
    now = now or timezone.now()
    seating = Arena.objects.filter(starts_at__lte=now, ends_at__gt=now).values_list("pk", flat=True)
    return [game for arena_id in seating for game in arena_seat(arena_id, now=now)]


@transaction.atomic
def arena_seat(arena_id: int, *, now: datetime) -> list[Game]:
    arena = arena_lock(arena_id)
    if not arena.seats_at(now):
        return []
    free = list(ArenaPlayer.objects.filter(arena=arena, active=True, free_since__isnull=False))
    busy = games_selectors.unfinished_games_of([player.user_id for player in free])
    free = [player for player in free if player.user_id not in busy]
    # A moderator's bar since they joined: not seated (the bar takes them out, too).
    barred = refused_among([player.user_id for player in free], "events")
    free = [player for player in free if player.user_id not in barred]
    if not free:
        return []
    user_ids = [player.user_id for player in free]
    variant = variants.of_ruleset(Ruleset.preset(arena.preset))
    skills = ranked_selectors.skills_at(user_ids, now=now, variant=variant)
    waiting = [
        pairing.Waiting(
            user_id=player.user_id,
            mu=skills[player.user_id][0],
            # Those who joined ahead have waited since the start, not since they joined.
            waited=(now - max(player.free_since, arena.starts_at)).total_seconds(),
            last_partner=player.last_partner_id,
            side=player.club_id,  # in a battle, partners play for one club
        )
        for player in free
    ]
    tables = pairing.tables(
        waiting,
        # Accounts of one person (accounts.seats) never sit at one table either.
        blocked=social_selectors.blocked_pairs(user_ids) | set(linked_pairs(user_ids, now=now)),
        bots_after=arena.bot_wait_seconds,
        bot_mu=ranked_selectors.bot_skills(variant)[BOT][0],
    )
    people = User.objects.in_bulk(user_ids)
    games = []
    for table in tables:
        game = _table_open(arena, table, people)
        if game is not None:
            games.append(game)
    return games


def _table_open(arena: Arena, table: pairing.Table, people: dict[int, User]) -> Game | None:
    """The table's game, or None if one of its people sat down elsewhere meanwhile (they
    are seated once free again)."""
    try:
        with transaction.atomic():
            game = game_create_seated(
                players=[BOT if seat is None else people[seat] for seat in table.seats],
                preset=arena.preset,
                kind=ARENA,
                turn_seconds=arena.turn_seconds,
            )
    except Refused:
        return None
    ArenaGame.objects.create(arena=arena, game=game)
    for position, seat in enumerate(table.seats):
        if seat is not None:
            ArenaPlayer.objects.filter(arena=arena, user_id=seat).update(
                free_since=None, last_partner_id=table.seats[(position + 2) % 4]
            )
    return game
