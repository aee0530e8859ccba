"""What one seat (or a spectator) may see of a game, as a JSON-ready dict."""

from .actions import action_to_dict
from .cards import cards_of
from .dealing import commitment
from .nilpass import owes_pass, passers
from .rules import legal_actions
from .state import BIDDING, GameState, Trick


def view_for(state: GameState, seat: int | None) -> dict:
    """The view of `seat` (None: a spectator): no other seat's cards, no unrevealed seed."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < 4):
        raise ValueError(f"There is no seat {seat!r}")
    sees_cards = seat is not None and not state.hidden[seat]
    tricks = [trick.to_dict() for trick in state.tricks]
    if state.trick:
        tricks.append(state.current_trick.to_dict())
    last_trick: Trick | None = state.last_trick
    return {
        "ruleset": state.ruleset.to_dict(),
        "seat": seat,
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "turn": state.turn,
        "version": state.version,
        "hand": [card.code for card in cards_of(state.holdings[seat])] if sees_cards else None,
        "hand_counts": list(state.hand_counts),
        "bids": list(state.bids),
        "blind": list(state.blind),
        "blind_nil_eligible": seat is not None and _may_bid_blind_nil(state, seat),
        "tricks": tricks,
        "tricks_taken": list(state.tricks_taken),
        "spades_broken": state.spades_broken,
        "scores": list(state.scores),
        "bags": list(state.bags),
        "commitment": commitment(state.hand_seed),
        "winner": state.winner,
        "hands": [result.to_dict() for result in state.results],
        "last_trick": None if last_trick is None else last_trick.to_dict(),
        "nil_pass": _nil_pass(state, seat),
        "legal": _legal(state, seat),
    }


def _legal(state: GameState, seat: int | None) -> list[dict]:
    if seat is None:
        return []
    if owes_pass(state, seat):
        # Every choice of cards would be hundreds of actions: one line says what to send.
        return [{"type": "nil_pass", "count": state.ruleset.nil_pass}]
    return [action_to_dict(action) for action in legal_actions(state, seat)]


def _nil_pass(state: GameState, seat: int | None) -> dict | None:
    """This hand's Nil pass as the seat may see it: who still chooses, and its own cards
    given and received (nobody else's). None in a game or hand without one."""
    owing = passers(state.ruleset, state.bids) if None not in state.bids else ()
    if not any(owing):
        return None
    passes = state.passes
    mine = None if seat is None else passes[seat]
    partner = None if seat is None else passes[(seat + 2) % 4]
    return {
        "cards": state.ruleset.nil_pass,
        "passers": [other for other in range(4) if owing[other]],
        "waiting": [other for other in range(4) if owing[other] and passes[other] is None],
        "given": None if mine is None else [card.code for card in cards_of(mine)],
        # The partner's cards are seen once they have changed hands (both chose).
        "received": None
        if mine is None or partner is None
        else [card.code for card in cards_of(partner)],
    }


def _may_bid_blind_nil(state: GameState, seat: int) -> bool:
    """Can the seat still bid Blind Nil in this hand, now or when its turn comes?"""
    if state.phase != BIDDING or not state.hidden[seat]:
        return False
    # In Suicide a partner's Nil rules out a second Nil in the team.
    return not (state.ruleset.suicide and state.bids[(seat + 2) % 4] == 0)
