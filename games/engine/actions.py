"""The actions a player can take, their JSON form and the IllegalAction error.

bid: a number of tricks, Nil (0) or Blind Nil; look: see one's cards, giving up Blind Nil;
nil_pass: the cards a Nil bidder or the partner gives the other (RULES.md "Variants",
`nil_pass`: both of a partnership choose at once, it is nobody's turn); play: a card.
"""

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


@dataclass(frozen=True, slots=True)
class NilPass:
    """Give cards to one's partner after a Nil bid (the option nil_pass says how many)."""

    seat: int
    cards: tuple[Card, ...]  # sorted, no card twice

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if not isinstance(self.cards, (list, tuple)):
            raise ValueError(f"cards must be a list of card codes, not {self.cards!r:.40}")
        cards = tuple(sorted({Card.parse(card) for card in self.cards}))
        if len(cards) != len(self.cards):
            raise ValueError("A card can be passed only once")
        object.__setattr__(self, "cards", cards)


Action = Bid | Look | NilPass | Play

_FIELDS = {
    "bid": {"type", "tricks", "blind"},
    "look": {"type"},
    "nil_pass": {"type", "cards"},
    "play": {"type", "card"},
}


def action_to_dict(action: Action) -> dict:
    """The JSON form of an action, without the seat (the connection says who acts)."""
    if type(action) is Play:
        return {"type": "play", "card": action.card.code}
    if type(action) is Bid:
        return {"type": "bid", "tricks": action.tricks, "blind": action.blind}
    if type(action) is Look:
        return {"type": "look"}
    if type(action) is NilPass:
        return {"type": "nil_pass", "cards": [card.code for card in action.cards]}
    raise ValueError(f"Not an action: {action!r}")


def action_from_dict(data: object, seat: int) -> Action:
    """The action of seat described by a JSON dict; ValueError if it is malformed."""
    _check_seat(seat)
    if not isinstance(data, dict):
        raise ValueError("An action must be an object with a 'type'")
    kind = data.get("type")
    # A list or an object is no type either (and `in` would raise TypeError on it).
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ValueError(f"Unknown action type {kind!r:.40} (expected bid, look, nil_pass or play)")
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
    if kind == "nil_pass":
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            raise ValueError("A nil_pass action needs 'cards': a list of card codes")
        return NilPass(seat, tuple(cards))
    if "tricks" not in data:
        raise ValueError("A bid action needs 'tricks'")
    tricks = data["tricks"]
    if type(tricks) is not int:
        raise ValueError(f"'tricks' must be a whole number, not {tricks!r:.40}")
    blind = data.get("blind", False)
    if type(blind) is not bool:
        raise ValueError(f"'blind' must be true or false, not {blind!r:.40}")
    return Bid(seat, tricks, blind)
