"""What the arena pages and the API read."""

from datetime import datetime

from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from accounts.models import User
from events.models import Arena, ArenaGame, ArenaPlayer, BattleChallenge
from games.models import Game

FINISHED_SHOWN = 10
STANDINGS_SHOWN = 50
PODIUM = 3
# events.scoring.standings' order in SQL: points, fewer games, who joined first (_ahead_of).
STANDING_ORDER = ("-points", "games", "joined_at", "pk")


def arenas_by_state(*, now: datetime) -> dict[str, list[Arena]]:
    """Live arenas (ending first), upcoming ones (starting first) and the latest finished."""
    counted = Arena.objects.annotate(people=Count("players")).prefetch_related("clubs")
    return {
        "live": list(counted.filter(starts_at__lte=now, ends_at__gt=now).order_by("ends_at")),
        "upcoming": list(counted.filter(starts_at__gt=now).order_by("starts_at")),
        "finished": list(counted.filter(ends_at__lte=now).order_by("-ends_at")[:FINISHED_SHOWN]),
    }


def standings(arena: Arena) -> QuerySet:
    """The arena's people ranked."""
    return (
        ArenaPlayer.objects.filter(arena=arena)
        .select_related("user", "club")
        .order_by(*STANDING_ORDER)
    )


def _ahead_of(points, games, joined_at) -> Q:
    """Players placed before one with these points, games and joining time."""
    return (
        Q(points__gt=points)
        | Q(points=points, games__lt=games)
        | Q(points=points, games=games, joined_at__lt=joined_at)
    )


def place_of(arena: Arena, player: ArenaPlayer) -> int:
    """The player's place in the standings (1 for the first)."""
    ahead = _ahead_of(player.points, player.games, player.joined_at)
    return ArenaPlayer.objects.filter(arena=arena).filter(ahead).count() + 1


def entry_of(arena: Arena, user: User) -> ArenaPlayer | None:
    if not user.is_authenticated:
        return None
    return ArenaPlayer.objects.filter(arena=arena, user=user).first()


def games_of(arena: Arena, user: User) -> list[ArenaGame]:
    """The person's games in the arena, the latest first; `won` once a game is over."""
    rows = (
        ArenaGame.objects.filter(arena=arena, game__seats__user=user)
        .annotate(position=F("game__seats__position"))
        .select_related("game")
        .order_by("-game_id")
    )
    for row in rows:
        over = row.game.winner is not None
        row.won = over and row.position % 2 == row.game.winner
    return list(rows)


def game_to_play(arena: Arena, user: User) -> Game | None:
    """The arena game the person sits at now, playing their own cards."""
    return (
        Game.objects.filter(
            arena_game__arena=arena,
            status=Game.Status.PLAYING,
            seats__user=user,
            seats__away=False,
        )
        .order_by("-pk")
        .first()
    )


def still_playing(arena: Arena) -> int:
    return ArenaGame.objects.filter(arena=arena, status=ArenaGame.Status.PLAYING).count()


def arenas_joined(user: User, arena_ids: list[int]) -> set[int]:
    """Which of these arenas the person is in (joined, not left)."""
    if not user.is_authenticated:
        return set()
    return set(
        ArenaPlayer.objects.filter(arena_id__in=arena_ids, user=user, active=True).values_list(
            "arena_id", flat=True
        )
    )


TROPHIES_SHOWN = 10


def trophies_of(user: User, *, now: datetime) -> list[dict]:
    """The person's podium places in finished arenas where they scored, the latest first:
    {"arena", "place"} (one query)."""
    ahead = (
        ArenaPlayer.objects.filter(arena=OuterRef("arena"))
        .filter(_ahead_of(OuterRef("points"), OuterRef("games"), OuterRef("joined_at")))
        .values("arena")
        .annotate(count=Count("pk"))
        .values("count")
    )
    entries = (
        ArenaPlayer.objects.filter(user=user, arena__ends_at__lte=now, points__gt=0)
        .annotate(ahead=Coalesce(Subquery(ahead), 0))
        .filter(ahead__lt=PODIUM)
        .select_related("arena")
        .order_by("-arena__ends_at")[:TROPHIES_SHOWN]
    )
    return [{"arena": entry.arena, "place": entry.ahead + 1} for entry in entries]


def club_standings(arena: Arena) -> list[dict]:
    """A battle's clubs by points: each the sum of its best `battle_top` players' points
    ({"club", "points", "players": the players counted}); [] unless a battle."""
    clubs = list(arena.clubs.all())
    if len(clubs) < 2:
        return []
    counted = {club.pk: [] for club in clubs}
    rows = (
        ArenaPlayer.objects.filter(arena=arena, club__in=clubs)
        .select_related("user")
        .order_by(*STANDING_ORDER)
    )
    for row in rows:
        if len(counted[row.club_id]) < arena.battle_top:
            counted[row.club_id].append(row)
    found = [
        {
            "club": club,
            "points": sum(row.points for row in counted[club.pk]),
            "players": counted[club.pk],
        }
        for club in clubs
    ]
    return sorted(found, key=lambda line: (-line["points"], line["club"].name))


def winner_of(arena: Arena) -> dict | None:
    """Who won an arena: {"name", "points", "tie"}, its best club in a battle ("tie": the
    first two clubs scored alike), else its first player; None while nobody scored."""
    lines = club_standings(arena)
    if lines:
        best = lines[0]
        if best["points"] == 0:
            return None
        tie = len(lines) > 1 and lines[1]["points"] == best["points"]
        return {"name": best["club"].name, "points": best["points"], "tie": tie}
    first = standings(arena).first()
    if first is None or first.points == 0:
        return None
    return {"name": first.user.username, "points": first.points, "tie": False}


def club_arenas(club, *, now: datetime) -> list[Arena]:
    """The club's own arenas and battles not over, and the last few finished with their
    `winner` (winner_of)."""
    mine = (
        Arena.objects.filter(clubs=club)
        .annotate(people=Count("players", distinct=True))
        .prefetch_related("clubs")
    )
    finished = list(mine.filter(ends_at__lte=now).order_by("-ends_at")[:3])
    for arena in finished:
        arena.winner = winner_of(arena)
    return list(mine.filter(ends_at__gt=now).order_by("starts_at")) + finished


def challenges_to(club) -> list[BattleChallenge]:
    """Battles other clubs ask this one to play, waiting for its owner's answer."""
    return list(
        BattleChallenge.objects.filter(challenged=club, status=BattleChallenge.Status.PENDING)
        .select_related("challenger")
        .order_by("starts_at")
    )


def challenges_from(club) -> list[BattleChallenge]:
    """This club's challenges still waiting for an answer."""
    return list(
        BattleChallenge.objects.filter(challenger=club, status=BattleChallenge.Status.PENDING)
        .select_related("challenged")
        .order_by("starts_at")
    )


def open_to(arena: Arena, club_ids: set[int]) -> bool:
    """May a member of these clubs join: an arena open to all, or one of a club of theirs."""
    own = {club.pk for club in arena.clubs.all()}
    return not own or bool(own & club_ids)


def arena_now(arena: Arena, viewer: User, *, now: datetime) -> dict:
    """What the arena's page and the API both show: its state, the first standings, the
    battle's clubs, and the viewer's row, place and table."""
    state = arena.state_at(now)
    me = entry_of(arena, viewer)
    return {
        "state": state,
        "standings": list(standings(arena)[:STANDINGS_SHOWN]),
        "club_standings": club_standings(arena),
        "me": me,
        "my_place": place_of(arena, me) if me else None,
        "my_game": game_to_play(arena, viewer) if me else None,
        "still_playing": still_playing(arena) if state == Arena.State.FINISHED else 0,
    }
