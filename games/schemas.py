"""What clients send (JSON bodies, socket frames, htmx form values), parsed into typed values
at the edge. Every malformed value is an `Invalid` refusal naming the field; services get
only the types they declare and check the game's own rules."""

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime

from core.errors import Invalid
from games.bots import LEVELS as BOT_LEVELS
from games.engine import Action, action_from_dict

TURN_SECONDS_RANGE = (5, 600)
# Plain ASCII digits only: str.isdigit() also admits superscripts and other scripts'
# digits, which int() refuses or reads as another number.
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,9}")


def json_object(raw: str | bytes, name: str) -> dict:
    """A JSON object from a request body or a socket frame; `name` says which, in errors."""
    try:
        value = json.loads(raw)
    except RecursionError:
        raise Invalid(f"{name} is nested too deeply") from None
    except ValueError:  # UnicodeDecodeError is one
        raise Invalid(f"{name} is not valid JSON") from None
    if not isinstance(value, dict):
        raise Invalid(f"{name} must be a JSON object")
    return value


def whole_number(value: object, name: str, *, forms: bool = False) -> int:
    """An int (never a bool); with `forms`, also its decimal text, as htmx sends it."""
    if forms and isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value):
        return int(value)
    if type(value) is not int:
        raise Invalid(f"{name} must be a whole number")
    return value


def flag(value: object, name: str) -> bool:
    if type(value) is not bool:
        raise Invalid(f"{name} must be true or false")
    return value


def seat(value: object, *, forms: bool = False) -> int:
    position = whole_number(value, "seat", forms=forms)
    if not 0 <= position <= 3:
        raise Invalid("seat must be a whole number from 0 to 3")
    return position


def bots(value: object) -> dict[int, str]:
    """{"1": "standard", ...}: bot levels at seats 1-3 (the creator takes seat 0)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise Invalid('bots must be an object like {"1": "standard"}')
    parsed = {}
    for key, level in value.items():
        if key not in ("1", "2", "3"):
            raise Invalid(f"Bots can sit at seats 1, 2 and 3 (the creator takes 0), not {key!r}")
        if not isinstance(level, str) or level not in BOT_LEVELS:
            raise Invalid(f"Unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
        parsed[int(key)] = level
    return parsed


def turn_seconds(value: object) -> int:
    low, high = TURN_SECONDS_RANGE
    seconds = whole_number(value, "turn_seconds")
    if not low <= seconds <= high:
        raise Invalid(f"turn_seconds must be a whole number from {low} to {high}")
    return seconds


def choice(value: object, name: str, choices) -> str:
    """One of `choices`, or "" when the value is missing or empty (no choice made)."""
    if value in (None, ""):
        return ""
    if not isinstance(value, str) or value not in choices:
        raise Invalid(f"{name} must be one of: {', '.join(choices)}")
    return value


def timestamp(value: object, name: str) -> datetime | None:
    """An ISO 8601 date or time, e.g. 2026-11-23 or 2026-11-23T18:00:00Z (UTC unless it
    says otherwise), in UTC; None when missing."""
    if value in (None, ""):
        return None
    try:
        moment = datetime.fromisoformat(value)
        # In UTC, as the database compares it (the first hours of year 1 are not in it).
        return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except (TypeError, ValueError, OverflowError):
        raise Invalid(f"{name} must be an ISO 8601 time such as 2026-11-23T18:00:00Z") from None


def text(value: object, name: str) -> str:
    """Plain text: a string that UTF-8 can store (no lone surrogates) and no NUL, which
    PostgreSQL refuses."""
    if not isinstance(value, str):
        raise Invalid(f"{name} must be text")
    if "\x00" in value or (not value.isascii() and not _encodable(value)):
        raise Invalid(f"{name} must be plain text")
    return value


def _encodable(value: str) -> bool:
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def action(data: object, position: int) -> Action:
    try:
        return action_from_dict(data, position)
    except ValueError as error:
        raise Invalid(str(error)) from None


def version(value: object, *, forms: bool = False) -> int | None:
    """The version the client saw, when it sends one (a stale one is refused later)."""
    return None if value is None else whole_number(value, "version", forms=forms)


@dataclass(frozen=True)
class TableRequest:
    preset: str
    options: dict | None
    bots: dict[int, str]
    private: bool
    turn_seconds: int


TABLE_FIELDS = {"preset", "options", "bots", "private", "turn_seconds"}


def table(body: dict) -> TableRequest:
    """The body of POST /api/tables."""
    unknown = sorted(map(str, set(body) - TABLE_FIELDS))
    if unknown:
        raise Invalid(f"Unknown field(s): {', '.join(unknown)}")
    preset, options = body.get("preset", "classic"), body.get("options")
    if not isinstance(preset, str):
        raise Invalid("preset must be a string")
    if options is not None and not isinstance(options, dict):
        raise Invalid("options must be an object of ruleset options")
    return TableRequest(
        preset=preset,
        options=options,
        bots=bots(body.get("bots")),
        private=flag(body.get("private", False), "private"),
        turn_seconds=turn_seconds(body.get("turn_seconds", 30)),
    )
