"""What clients send to games and get back, declared once as types (core.schemas).

The JSON API, the htmx forms and the socket frames check their values here: a malformed
value is refused naming the field; services get only the types they declare and check
the game's own rules."""

from typing import Annotated, Any

from pydantic import WithJsonSchema, field_validator

from core import schemas
from core.errors import Invalid
from core.schemas import Input, Output
from games.archive import RESULTS
from games.bots import LEVELS as BOT_LEVELS
from games.engine import OPTION_CHOICES, Action, action_from_dict
from games.models import game_kinds

TURN_SECONDS_RANGE = (5, 600)

Seat = schemas.whole_number(0, 3)
TurnSeconds = schemas.whole_number(*TURN_SECONDS_RANGE)
Version = schemas.whole_number(optional=True)
WholeNumber = schemas.whole_number()


def _documented(schema: dict) -> Any:
    """A field checked elsewhere (the engine checks an action against the rules)."""
    return Annotated[Any, WithJsonSchema(schema)]


class TableIn(Input):
    """The body of POST /api/tables. `bots`: {"1": "standard", ...}, bot levels at seats
    1-3 (the creator takes seat 0)."""

    unknown = staticmethod(lambda names: f"Unknown field(s): {', '.join(names)}")

    preset: schemas.string() = "classic"
    options: _documented({"anyOf": [{"type": "object"}, {"type": "null"}]}) = None
    bots: _documented(
        {"type": "object", "additionalProperties": {"type": "string", "enum": list(BOT_LEVELS)}}
    ) = {}
    private: schemas.flag() = False
    turn_seconds: TurnSeconds = 30

    @field_validator("options", mode="before")
    @classmethod
    def _options(cls, value):
        if value is not None and not isinstance(value, dict):
            raise Invalid("options must be an object of ruleset options")
        return value

    @field_validator("bots", mode="before")
    @classmethod
    def _bots(cls, value) -> dict[int, str]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise Invalid('bots must be an object like {"1": "standard"}')
        parsed = {}
        for key, level in value.items():
            if key not in ("1", "2", "3"):
                raise Invalid(
                    f"Bots can sit at seats 1, 2 and 3 (the creator takes 0), not {key!r}"
                )
            if not isinstance(level, str) or level not in BOT_LEVELS:
                raise Invalid(f"Unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
            parsed[int(key)] = level
        return parsed


class JoinIn(Input):
    invite: schemas.string(optional=True) = None
    seat: Seat


class FillIn(Input):
    level: Annotated[schemas.string(), WithJsonSchema({"enum": list(BOT_LEVELS)})] = "standard"


class ActionIn(Input):
    """A move, e.g. {"type": "bid", "tricks": 3}, {"type": "play", "card": "QS"},
    {"type": "look"} or {"type": "nil_pass", "cards": ["AS", "KD"]}, with the version of
    the game the client saw (a stale one is refused, but for a Nil pass: nobody's turn).
    games.engine checks the action against the rules."""

    version: Version = None
    type: _documented({"type": "string", "enum": ["bid", "look", "nil_pass", "play"]})
    tricks: _documented({"type": "integer"}) = None
    blind: _documented({"type": "boolean"}) = None
    card: _documented({"type": "string", "examples": ["QS"]}) = None
    cards: _documented(
        {"type": "array", "items": {"type": "string"}, "examples": [["AS", "KD"]]}
    ) = None


def action(data: object, position: int) -> Action:
    """The engine's action of a move sent (ActionIn without its version) by the player at
    `position`."""
    try:
        return action_from_dict(data, position)
    except ValueError as error:
        raise Invalid(str(error)) from None


class ChatIn(Input):
    """A chat message sent on the game's socket."""

    text: schemas.text("A message") = ""


class GamesQuery(Input):
    """A page of a player's finished games: `since` and `after` come from the previous
    page's next link."""

    since: schemas.timestamp() = None
    after: schemas.whole_number(optional=True) = None
    limit: schemas.whole_number(1, 100) = 50

    @field_validator("after")
    @classmethod
    def _after_since(cls, value, info):
        if value is not None and info.data.get("since") is None:
            raise Invalid("after needs since (use the next link of the previous page)")
        return value


class VerifyQuery(Input):
    """A deal to verify: the revealed hand seed and its commitment (64 hexadecimal
    characters each), the dealer's seat and the deck the seed shuffles ("jokers": the
    Joker deck of RULES.md "Variants", its own ordered deck)."""

    seed: schemas.text("The seed")
    commitment: schemas.text("The commitment")
    dealer: schemas.whole_number(0, 3) = 0
    deck: schemas.choice(lambda: OPTION_CHOICES["deck"]) = ""  # "": the game's deck

    @field_validator("seed")
    @classmethod
    def _hex(cls, value):
        try:
            if len(value) == 64:
                return bytes.fromhex(value).hex()
        except ValueError:
            pass
        raise Invalid("The seed must be 64 hexadecimal characters")


class DealVerified(Output):
    matches: bool  # the seed's SHA-256 is the commitment
    computed: str  # the seed's SHA-256
    deck: str
    hands: list[list[str]]  # the cards the seed deals each seat, seats 0..3


class ArchiveFilter(Input):
    """The filters of a player's archive page."""

    kind: schemas.choice(lambda: [value for value, _ in game_kinds()]) = ""
    result: schemas.choice(lambda: RESULTS) = ""


# What the API answers


class TableCreated(Output):
    id: int
    url: str
    invite: str | None = None  # private tables only

    def data(self) -> dict:
        return self.model_dump(mode="json", exclude_none=True)


class TableDeleted(Output):
    id: int
    status: str


class SeatOut(Output):
    seat: int
    name: str | None
    bot: Any
    away: bool


class GamePayload(Output):
    """A game as one viewer sees it (the API and the JSON socket): their view, never
    others' cards. Built by games.selectors.game_payload, shared with the socket."""

    id: int
    version: int
    status: str
    seat: int | None
    seats: list[SeatOut]
    view: dict | None
    legal: list
    turn_deadline: Any
    winner: Any
    board: dict | None
    rematch: Any
    private: bool
    owner_seat: int | None
    held_seats: Any
    preset: str
    ranked: bool
    ruleset: dict
    extras: dict


class ExportSeat(Output):
    seat: int
    team: int
    name: str | None
    bot: Any


class GameExport(Output):
    """A finished game as one document (README "Game export format"), built by
    games.history: each hand's deal, bidding, tricks and result, and its seed to check
    the deal against the commitment shown during play."""

    format: int
    id: int
    preset: str
    kind: str
    ranked: bool
    ruleset: dict
    created_at: str | None
    started_at: str | None
    finished_at: str | None
    seats: list[ExportSeat]
    winner: Any
    scores: list
    hands: list[dict[str, Any]]
