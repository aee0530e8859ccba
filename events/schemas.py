"""What the arenas' API answers, as types (core.schemas)."""

from django.urls import reverse

from core.schemas import Output
from events import scoring
from events.models import Arena, ArenaGame, ArenaPlayer


class ArenaOut(Output):
    id: int
    name: str
    preset: str
    state: str  # upcoming, live or finished
    starts_at: str
    ends_at: str
    seats_until: str  # nobody is seated after this
    bot_wait_seconds: int
    people: int
    clubs: list[str]  # a club's arena is for its members; two clubs or more: a battle
    battle_top: int  # in a battle, each club's best this many count
    url: str

    @classmethod
    def of(cls, arena: Arena, *, state: str, people: int) -> "ArenaOut":
        return cls(
            id=arena.pk,
            name=arena.name,
            preset=arena.preset,
            state=state,
            starts_at=arena.starts_at.isoformat(),
            ends_at=arena.ends_at.isoformat(),
            seats_until=arena.seats_until.isoformat(),
            bot_wait_seconds=arena.bot_wait_seconds,
            people=people,
            clubs=[club.name for club in arena.clubs.all()],
            battle_top=arena.battle_top,
            url=arena.get_absolute_url(),
        )


class Arenas(Output):
    live: list[ArenaOut]
    upcoming: list[ArenaOut]
    finished: list[ArenaOut]


class Standing(Output):
    place: int
    username: str
    points: int
    games: int
    wins: int
    streak: int
    on_fire: bool  # the next win counts double
    active: bool  # still in the arena (not left)

    @classmethod
    def of(cls, place: int, player: ArenaPlayer) -> "Standing":
        return cls(
            place=place,
            username=player.user.username,
            points=player.points,
            games=player.games,
            wins=player.wins,
            streak=player.streak,
            on_fire=player.streak >= scoring.STREAK_FROM,
            active=player.active,
        )


class ClubStanding(Output):
    place: int
    club: str
    points: int  # of its best players
    counted: list[str]  # those players

    @classmethod
    def of(cls, place: int, line: dict) -> "ClubStanding":
        return cls(
            place=place,
            club=line["club"].name,
            points=line["points"],
            counted=[player.user.username for player in line["players"]],
        )


class ArenaGameOut(Output):
    id: int
    url: str
    status: str  # playing, counted, or late (ended after the arena: not counted)

    @classmethod
    def of(cls, row: ArenaGame) -> "ArenaGameOut":
        return cls(id=row.game_id, url=reverse("game", args=[row.game_id]), status=row.status)


class ArenaState(Output):
    """An arena, its standings (the first 50) and the caller's place, if they joined."""

    arena: ArenaOut
    standings: list[Standing]
    clubs: list[ClubStanding]  # a battle's clubs by points; [] otherwise
    me: Standing | None
    waiting: bool  # the caller waits for a table
    game: ArenaGameOut | None  # the caller's table now
    games_still_playing: int  # after the end: they do not count


class ArenaGames(Output):
    username: str
    games: list[ArenaGameOut]
