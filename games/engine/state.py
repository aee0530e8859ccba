"""The immutable game state, its records (tricks, finished hands) and their dict form."""

from typing import NamedTuple

from .cards import CARDS, Card, cards_of, mask_of
from .ruleset import Ruleset
from .scoring import HandOutcome, hand_outcome

BIDDING = "bidding"
PASSING = "passing"  # the Nil pass (RULES.md "Variants", `nil_pass`): nobody's turn
PLAYING = "playing"
FINISHED = "finished"
PHASES = (BIDDING, PASSING, PLAYING, FINISHED)

_FORMAT = 1


class Trick(NamedTuple):
    """A trick: who led, the cards in play order, and who won it (None while in progress)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs in play order."""
        return tuple(((self.leader + i) % 4, card) for i, card in enumerate(self.cards))

    def to_dict(self) -> dict:
        return {
            "leader": self.leader,
            "cards": [[seat, card.code] for seat, card in self.plays],
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Trick":
        leader = data["leader"]
        cards = []
        for i, (seat, code) in enumerate(data["cards"]):
            if seat != (leader + i) % 4:
                raise ValueError("The cards of a trick must be played clockwise from its leader")
            cards.append(Card.parse(code))
        return cls(leader, tuple(cards), data["winner"])


class HandResult(NamedTuple):
    """A finished hand: bids and tricks per seat, the scoring per side, the revealed seed.

    The outcome (contracts made, bags taken, Nils made) follows from the bids and tricks
    under the game's ruleset: the dict form leaves it out and from_dict works it out again.
    """

    hand_number: int
    dealer: int
    bids: tuple[int, int, int, int]
    blind: tuple[bool, bool, bool, bool]
    tricks: tuple[int, int, int, int]
    points: tuple[int, ...]  # per side: two partnerships, or four players in Solo
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    penalties: tuple[int, ...]
    boston: tuple[bool, ...]
    seed: bytes
    commitment: str
    outcome: HandOutcome

    def to_dict(self) -> dict:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "bids": list(self.bids),
            "blind": list(self.blind),
            "tricks": list(self.tricks),
            "points": list(self.points),
            "scores": list(self.scores),
            "bags": list(self.bags),
            "penalties": list(self.penalties),
            "boston": list(self.boston),
            "seed": self.seed.hex(),
            "commitment": self.commitment,
        }

    @classmethod
    def from_dict(cls, data: dict, ruleset: Ruleset) -> "HandResult":
        """The result to_dict() described, in a game played under `ruleset`."""
        return cls(
            hand_number=data["hand_number"],
            dealer=data["dealer"],
            bids=tuple(data["bids"]),
            blind=tuple(data["blind"]),
            tricks=tuple(data["tricks"]),
            points=tuple(data["points"]),
            scores=tuple(data["scores"]),
            bags=tuple(data["bags"]),
            penalties=tuple(data["penalties"]),
            boston=tuple(data["boston"]),
            seed=bytes.fromhex(data["seed"]),
            commitment=data["commitment"],
            outcome=hand_outcome(ruleset, data["bids"], data["tricks"]),
        )


class GameState(NamedTuple):
    """A whole game at one moment; immutable (apply_action returns a new state).

    Holds the secret game seed and every seat's cards, so it stays on the server;
    players get view_for(state, seat). The fields that playing a card changes come
    first, so the rules build the next state from one slice of this one.
    """

    turn: int | None  # seat to act; None in the Nil pass and once the game is finished
    version: int  # number of actions applied
    holdings: tuple[int, int, int, int]  # unplayed cards of each seat as card masks
    trick: tuple[int, ...]  # card indices of the trick in progress
    spades_broken: bool
    leader: int  # leader of the trick in progress
    tricks: tuple[Trick, ...]  # completed tricks of the current hand
    tricks_taken: tuple[int, int, int, int]
    last_trick: Trick | None  # previous hand's last trick, until this hand's first is done
    phase: str  # "bidding", "passing", "playing" or "finished"
    hidden: tuple[bool, bool, bool, bool]  # cards not yet shown to the seat (Blind Nil)
    bids: tuple[int | None, int | None, int | None, int | None]
    blind: tuple[bool, bool, bool, bool]
    hand_number: int  # n of the current hand's seed, from 1
    dealer: int
    hand_seed: bytes  # secret until the hand is over
    scores: tuple[int, ...]  # per side
    bags: tuple[int, ...]  # per side
    results: tuple[HandResult, ...]  # finished hands, oldest first
    winner: int | None  # winning side once finished (None: a draw)
    ruleset: Ruleset
    game_seed: bytes
    # The Nil pass of this hand: the cards each seat gives (a mask), None until it has
    # chosen or where it passes nothing. Partners' cards change hands once both chose.
    passes: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)

    def __repr__(self) -> str:
        return (
            f"<GameState hand {self.hand_number} {self.phase} turn={self.turn} "
            f"scores={self.scores} version={self.version}>"
        )

    @property
    def first_dealer(self) -> int:
        return (self.dealer - self.hand_number + 1) % 4

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (possibly without cards yet); its winner is None."""
        return Trick(self.leader, tuple(CARDS[i] for i in self.trick), None)

    @property
    def hand_counts(self) -> tuple[int, int, int, int]:
        """Unplayed cards per seat."""
        h = self.holdings
        return (h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count())

    def cards(self, seat: int) -> list[Card]:
        """The unplayed cards of a seat, sorted by suit (C, D, H, S) then rank."""
        return cards_of(self.holdings[seat])

    def to_dict(self) -> dict:
        """A JSON-ready dict with everything, secrets included (for storage only)."""
        stored = {
            "format": _FORMAT,
            "ruleset": self.ruleset.to_dict(),
            "game_seed": self.game_seed.hex(),
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "hand_seed": self.hand_seed.hex(),
            "holdings": [_codes(mask) for mask in self.holdings],
            "hidden": list(self.hidden),
            "bids": list(self.bids),
            "blind": list(self.blind),
            "tricks": [trick.to_dict() for trick in self.tricks],
            "leader": self.leader,
            "trick": [CARDS[i].code for i in self.trick],
            "tricks_taken": list(self.tricks_taken),
            "spades_broken": self.spades_broken,
            "scores": list(self.scores),
            "bags": list(self.bags),
            "results": [result.to_dict() for result in self.results],
            "last_trick": None if self.last_trick is None else self.last_trick.to_dict(),
            "winner": self.winner,
            "version": self.version,
        }
        if self.ruleset.nil_pass:  # (so that other games' stored states are as before)
            stored["passes"] = [None if mask is None else _codes(mask) for mask in self.passes]
        return stored

    @classmethod
    def from_dict(cls, data: dict) -> "GameState":
        """The state that to_dict() described; ValueError if the dict is not one."""
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise ValueError("Not a stored game state (unknown format)")
        try:
            last = data["last_trick"]
            ruleset = Ruleset.from_dict(data["ruleset"])
            state = cls(
                ruleset=ruleset,
                game_seed=bytes.fromhex(data["game_seed"]),
                phase=data["phase"],
                hand_number=data["hand_number"],
                dealer=data["dealer"],
                turn=data["turn"],
                hand_seed=bytes.fromhex(data["hand_seed"]),
                holdings=tuple(mask_of(cards) for cards in data["holdings"]),
                hidden=tuple(data["hidden"]),
                bids=tuple(data["bids"]),
                blind=tuple(data["blind"]),
                tricks=tuple(Trick.from_dict(trick) for trick in data["tricks"]),
                leader=data["leader"],
                trick=tuple(Card.parse(code).index for code in data["trick"]),
                tricks_taken=tuple(data["tricks_taken"]),
                spades_broken=data["spades_broken"],
                scores=tuple(data["scores"]),
                bags=tuple(data["bags"]),
                results=tuple(HandResult.from_dict(result, ruleset) for result in data["results"]),
                last_trick=None if last is None else Trick.from_dict(last),
                winner=data["winner"],
                version=data["version"],
                passes=tuple(
                    None if cards is None else mask_of(cards)
                    for cards in data.get("passes", (None,) * 4)
                ),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"Not a stored game state: {error!r}") from None
        if state.phase not in PHASES or len(state.holdings) != 4 or len(state.passes) != 4:
            raise ValueError("Not a stored game state: bad phase, holdings or passes")
        return state


def _codes(mask: int) -> list[str]:
    return [card.code for card in cards_of(mask)]
