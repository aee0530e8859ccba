"""The Nil pass (RULES.md "Variants", `nil_pass`): after the bidding, a Nil bidder and the
partner each give the other `nil_pass` cards. Both choose at once, unseen by anyone, in
any order: it is nobody's turn. A partnership's cards change hands once both have chosen,
and play starts when every partnership that passes has exchanged."""

from itertools import combinations

from .actions import IllegalAction, NilPass
from .bits import BIT, cards_in, first_leader
from .cards import CARDS, mask_of, not_held
from .ruleset import Ruleset
from .state import FINISHED, PASSING, PLAYING, GameState

_NONE = (False, False, False, False)


def passers(ruleset: Ruleset, bids) -> tuple[bool, bool, bool, bool]:
    """Which seats give cards once these bids are all made: both partners where exactly
    one of them bid Nil (so, with Suicide, everyone)."""
    if not ruleset.nil_pass:
        return _NONE
    owes = [False, False, False, False]
    for side in (0, 1):
        if (bids[side] == 0) != (bids[side + 2] == 0):
            owes[side] = owes[side + 2] = True
    return (owes[0], owes[1], owes[2], owes[3])


def owes_pass(state: GameState, seat: int) -> bool:
    """Must the seat still choose the cards it gives?"""
    return (
        state.phase == PASSING
        and passers(state.ruleset, state.bids)[seat]
        and state.passes[seat] is None
    )


def legal_passes(state: GameState, seat: int) -> list[NilPass]:
    """Every choice of cards the seat may give now (none if it owes no pass)."""
    if not owes_pass(state, seat):
        return []
    cards = [CARDS[card] for card in cards_in(state.holdings[seat])]
    return [NilPass(seat, chosen) for chosen in combinations(cards, state.ruleset.nil_pass)]


def nil_pass(state: GameState, action: NilPass) -> GameState:
    seat, rules = action.seat, state.ruleset
    if state.phase != PASSING:
        raise IllegalAction(
            "The game is over" if state.phase == FINISHED else "There is no Nil pass now"
        )
    if not passers(rules, state.bids)[seat]:
        raise IllegalAction("You do not pass cards in this hand")
    if state.passes[seat] is not None:
        raise IllegalAction("You have already passed your cards")
    count = rules.nil_pass
    if len(action.cards) != count:
        raise IllegalAction(f"Pass exactly {count} card{'s' if count > 1 else ''}")
    hand = state.holdings[seat]
    for card in action.cards:
        if not hand & BIT[card.index]:
            raise IllegalAction(not_held(rules.deck, card))
    passes = list(state.passes)
    passes[seat] = mask_of(action.cards)
    holdings = list(state.holdings)
    partner = (seat + 2) % 4
    if passes[partner] is not None:
        # Both have chosen: the cards change hands.
        mine, theirs = passes[seat], passes[partner]
        holdings[seat] = holdings[seat] & ~mine | theirs
        holdings[partner] = holdings[partner] & ~theirs | mine
    owing = passers(rules, state.bids)
    done = all(passes[other] is not None for other in range(4) if owing[other])
    changes = {}
    if done:
        leader = first_leader(state.dealer)
        changes = {"phase": PLAYING, "turn": leader, "leader": leader}
    return state._replace(
        version=state.version + 1, holdings=tuple(holdings), passes=tuple(passes), **changes
    )
