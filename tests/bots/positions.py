"""Constructed positions for bot tests, built and played through the real engine."""

from games.engine import (
    Bid,
    Play,
    Ruleset,
    apply_action,
    determinize,
    new_game,
    view_for,
)


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
    viewer = 0 if hidden_viewer is None else hidden_viewer
    template = view_for(new_game(ruleset, "positions", first_dealer=dealer), viewer)
    cards = [hand.split() for hand in hands]
    template.update(
        hand=None if hidden_viewer is not None else cards[viewer],
        scores=list(scores),
        bags=list(bags),
        dealer=dealer,
        turn=(dealer + 1) % 4,
    )
    return determinize(template, ruleset, cards)


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
