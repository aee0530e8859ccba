"""What the tournaments' API reads and answers, as types (core.schemas)."""

from pydantic import field_validator

from core import schemas
from core.errors import Invalid
from core.schemas import Input, Output
from games.selectors import game_url
from leagues.models import Entrant, Pairing, Tournament
from leagues.selectors import EntrantRow, tournament_url


class RegisterIn(Input):
    """Registration: with a partner (who must accept), or alone (paired by rating when
    registration closes) when `partner` is left out."""

    partner: schemas.text("A partner", optional=True) = None


class AnswerIn(Input):
    """The named partner's answer to a registration: the page's form and the API send it."""

    decision: schemas.choice(lambda: ("accept", "decline"))

    @field_validator("decision")
    @classmethod
    def _made(cls, value):
        if not value:  # left out, empty, or sent under another name
            raise Invalid("Choose a decision: accept or decline")
        return value

    @property
    def accept(self) -> bool:
        return self.decision == "accept"


class TournamentOut(Output):
    slug: str
    name: str
    format: str
    status: str
    preset: str
    options: dict | None  # custom rules; {"hands": n}: each game is n hands
    starts_at: str | None  # set: it runs itself, registration closing then
    club: str | None
    members_only: bool
    url: str

    @classmethod
    def of(cls, tournament: Tournament) -> "TournamentOut":
        return cls(
            slug=tournament.slug,
            name=tournament.name,
            format=tournament.format,
            status=tournament.status,
            preset=tournament.preset,
            options=tournament.options,
            starts_at=tournament.starts_at.isoformat() if tournament.starts_at else None,
            club=tournament.club.name if tournament.club_id else None,
            members_only=tournament.members_only,
            url=tournament_url(tournament),
        )


class Tournaments(Output):
    upcoming: list[TournamentOut]
    live: list[TournamentOut]
    finished: list[TournamentOut]


class EntrantOut(Output):
    id: int
    name: str
    players: list[str]
    withdrawn: bool

    @classmethod
    def of(cls, entrant: Entrant) -> "EntrantOut":
        return cls(
            id=entrant.pk,
            name=str(entrant),
            players=[person.username for person in entrant.people],
            withdrawn=entrant.withdrawn,
        )


class StandingOut(Output):
    place: int
    entrant: EntrantOut
    score: float  # a win or a bye 1, a draw ½
    buchholz: float
    won: int
    drawn: int
    lost: int

    @classmethod
    def of(cls, row: EntrantRow) -> "StandingOut":
        return cls(
            place=row.position,
            entrant=EntrantOut.of(row.entrant),
            score=row.score,
            buchholz=row.buchholz,
            won=row.won,
            drawn=row.drawn,
            lost=row.lost,
        )


class PairingOut(Output):
    round: int
    table: int
    a: str
    b: str | None  # none: a bye
    status: str  # pending, playing, finished, forfeit or bye
    winner: str | None
    scores: list[int | None]
    game: str | None  # the game's page

    @classmethod
    def of(cls, row: Pairing) -> "PairingOut":
        return cls(
            round=row.round.number,
            table=row.table,
            a=str(row.entrant_a),
            b=str(row.entrant_b) if row.entrant_b_id else None,
            status=row.status,
            winner=str(row.winner) if row.winner_id else None,
            scores=[row.score_a, row.score_b],
            game=game_url(row.game) if row.game_id else None,
        )


class TournamentState(Output):
    tournament: TournamentOut
    standings: list[StandingOut]
    me: EntrantOut | None  # your entry
    invitations: list[EntrantOut]  # registrations naming you as the partner, to answer
    game: PairingOut | None  # your table now


class TournamentGames(Output):
    username: str
    games: list[PairingOut]
