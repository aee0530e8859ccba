"""The three actions a player can take, their JSON form and the IllegalAction error."""

from dataclasses import dataclass

from .cards import Card


class IllegalAction(Exception):
    """An action the rules do not allow now; the message says why in plain words."""


def _check_seat(seat: object) -> None:
    if type(seat) is not int or not 0 <= seat < 4:
        raise ValueError(f"There is no seat {seat!r}")


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid a number of tricks; 0 is Nil, and a blind Nil is Blind Nil."""

    seat: int
    tricks: int
    blind: bool = False

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if type(self.tricks) is not int:
            raise ValueError(f"A bid must be a whole number of tricks, not {self.tricks!r}")
        if type(self.blind) is not bool:
            raise ValueError(f"blind must be true or false, not {self.blind!r}")


@dataclass(frozen=True, slots=True)
class Look:
    """Look at one's cards, giving up Blind Nil for this hand."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card (a Card or a code such as "QS") to the current trick."""

    seat: int
    card: Card

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        object.__setattr__(self, "card", Card.parse(self.card))


Action = Bid | Look | Play

_FIELDS = {"bid": {"type", "tricks", "blind"}, "look": {"type"}, "play": {"type", "card"}}


def action_to_dict(action: Action) -> dict:
    """The JSON form of an action, without the seat (the connection says who acts)."""
    if type(action) is Play:
        return {"type": "play", "card": action.card.code}
    if type(action) is Bid:
        return {"type": "bid", "tricks": action.tricks, "blind": action.blind}
    if type(action) is Look:
        return {"type": "look"}
    raise ValueError(f"Not an action: {action!r}")


def action_from_dict(data: object, seat: int) -> Action:
    """The action of seat described by a JSON dict; ValueError if it is malformed."""
    _check_seat(seat)
    if not isinstance(data, dict):
        raise ValueError("An action must be an object with a 'type'")
    kind = data.get("type")
    # A list or an object is no type either (and `in` would raise TypeError on it).
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ValueError(f"Unknown action type {kind!r:.40} (expected bid, look or play)")
    extra = sorted(f"{name!s:.40}" for name in set(data) - _FIELDS[kind])
    if extra:
        raise ValueError(f"Unexpected field(s) for a {kind} action: {', '.join(extra)}")
    if kind == "look":
        return Look(seat)
    if kind == "play":
        if "card" not in data:
            raise ValueError("A play action needs a 'card'")
        card = data["card"]
        if not isinstance(card, str):
            raise ValueError(f"'card' must be a card code such as \"QS\", not {card!r:.40}")
        return Play(seat, Card.parse(card))
    if "tricks" not in data:
        raise ValueError("A bid action needs 'tricks'")
    tricks = data["tricks"]
    if type(tricks) is not int:
        raise ValueError(f"'tricks' must be a whole number, not {tricks!r:.40}")
    blind = data.get("blind", False)
    if type(blind) is not bool:
        raise ValueError(f"'blind' must be true or false, not {blind!r:.40}")
    return Bid(seat, tricks, blind)
