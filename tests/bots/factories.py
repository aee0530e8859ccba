"""Constructed positions for bot tests, built and played through the real engine."""

from games.engine import Bid, Play, Ruleset, apply_action, new_game, view_for
from games.engine.bits import FULL_DECK
from games.engine.cards import mask_of


def deal(
    hands: list[str],
    *,
    dealer: int = 3,
    scores: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    ruleset: Ruleset | None = None,
    hidden_viewer: int | None = None,
):
    """A game in the bidding of a hand with these cards (one space-separated string per seat).

    hidden_viewer: a seat whose cards stay hidden from it (Blind Nil eligible).
    """
    ruleset = ruleset or Ruleset()
    holdings = tuple(mask_of(hand.split()) for hand in hands)
    dealt = holdings[0] | holdings[1] | holdings[2] | holdings[3]
    assert dealt == FULL_DECK and sum(h.bit_count() for h in holdings) == 52, "deal the deck"
    # Blind Nil eligibility follows from the scores; the watched seat (0 or hidden_viewer)
    # has looked at its cards unless it is hidden_viewer.
    hidden = [ruleset.blind_nil_allowed(scores, seat % 2) for seat in range(4)]
    viewer = 0 if hidden_viewer is None else hidden_viewer
    hidden[viewer] = hidden_viewer is not None
    return new_game(ruleset, "positions", first_dealer=dealer)._replace(
        holdings=holdings, scores=scores, bags=bags, hidden=tuple(hidden)
    )


def act(state, *moves):
    """Apply moves in turn order: an int is a bid, "nil!" a Blind Nil, a code a card."""
    for move in moves:
        seat = state.turn
        if isinstance(move, int):
            action = Bid(seat, move)
        elif move == "nil!":
            action = Bid(seat, 0, blind=True)
        else:
            action = Play(seat, move)
        state = apply_action(state, action)
    return state


def view(state, seat: int | None = None) -> dict:
    """The view of the seat to act (or of `seat`)."""
    return view_for(state, state.turn if seat is None else seat)


THIRTEEN_SPADES = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
]
