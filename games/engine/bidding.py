"""The bidding of a hand (RULES.md "Bidding" and the `bidding`, `solo`, `suicide` and
`min_team_bid` options): which bids a seat may make, and applying a bid or a look."""

from .actions import Bid, IllegalAction, Look
from .bits import SPADES, SUIT_MASK, first_leader
from .nilpass import passers
from .ruleset import Ruleset
from .state import BIDDING, FINISHED, PASSING, PLAYING, GameState

_make = tuple.__new__

_BIDS = tuple(tuple(Bid(seat, tricks) for tricks in range(14)) for seat in range(4))
_BLIND_NILS = tuple(Bid(seat, 0, blind=True) for seat in range(4))
_LOOKS = tuple(Look(seat) for seat in range(4))
_ALL_BIDS = tuple(range(14))
_NOT_NIL = tuple(range(1, 14))


def bid_choices(ruleset: Ruleset, partner_bid: int | None, spades: int) -> tuple[int, ...]:
    """The tricks a seat may bid (0 = Nil, blind or not) holding `spades` spades (Jokers
    included), given its partner's bid (None: not yet made, or no partner in Solo)."""
    if ruleset.bidding == "mirror":
        return (spades,)
    if ruleset.bidding == "whiz":
        return (0, spades) if spades else (0,)
    if ruleset.solo or partner_bid is None:
        return _ALL_BIDS if ruleset.nil else _NOT_NIL
    if ruleset.suicide:
        # Exactly one partner bids Nil.
        return _NOT_NIL if partner_bid == 0 else (0,)
    if partner_bid and ruleset.min_team_bid:
        # The second bid brings the contract to the minimum, unless it is a Nil.
        nil = (0,) if ruleset.nil else ()
        return nil + tuple(range(max(1, ruleset.min_team_bid - partner_bid), 14))
    return _ALL_BIDS if ruleset.nil else _NOT_NIL


def min_team_bid_note(ruleset: Ruleset, partner_bid: int | None) -> str | None:
    """Why a seat's bids start above 1 after its partner's bid (a minimum team bid), in
    words for the bid box and a refused bid; None when the minimum leaves out no bid."""
    if ruleset.bidding != "free" or ruleset.suicide or not ruleset.min_team_bid:
        return None
    lowest = min(n for n in bid_choices(ruleset, partner_bid, 0) if n)
    if lowest <= 1:
        return None
    nil = "Nil or " if ruleset.nil else ""
    return (
        f"Your team must bid at least {ruleset.min_team_bid} together and your partner bid "
        f"{partner_bid}: bid {nil}at least {lowest}"
    )


def _choices(state: GameState, seat: int) -> tuple[int, ...]:
    rules = state.ruleset
    partner_bid = None if rules.solo else state.bids[(seat + 2) % 4]
    # (Only Mirror and Whiz ask how many spades the seat holds.)
    free = rules.bidding == "free"
    spades = 0 if free else (state.holdings[seat] & SUIT_MASK[SPADES]).bit_count()
    return bid_choices(rules, partner_bid, spades)


def legal_bids(state: GameState, seat: int) -> list:
    """The bids (and the look, while the cards are hidden) of the seat whose turn it is."""
    choices = _choices(state, seat)
    bids = _BIDS[seat]
    actions: list = [bids[n] for n in choices]
    if state.hidden[seat]:
        actions.insert(0, _LOOKS[seat])
        if choices[0] == 0:
            actions.append(_BLIND_NILS[seat])
    return actions


def check_turn(state: GameState, seat: int, phase: str) -> None:
    """Refuse an action of `seat` that needs `phase` and the seat's turn, saying why."""
    if state.phase != phase:
        if state.phase == FINISHED:
            raise IllegalAction("The game is over")
        if state.phase == PASSING:
            raise IllegalAction("The Nil pass is not over yet")
        if phase == PLAYING:
            raise IllegalAction("Bidding is not over yet")
        raise IllegalAction("Bidding is over")
    if seat != state.turn:
        raise IllegalAction(f"It is seat {state.turn}'s turn")


def bid(state: GameState, action: Bid) -> GameState:
    seat = action.seat
    check_turn(state, seat, BIDDING)
    problem = _bid_problem(state, seat, action.tricks, action.blind)
    if problem:
        raise IllegalAction(problem)
    bids = _with(state.bids, seat, action.tricks)
    blind = _with(state.blind, seat, action.blind)
    # Bidding shows the cards: only a bid made while they were hidden can be blind.
    hidden = _with(state.hidden, seat, False)
    if None in bids:
        turn, leader, phase = (seat + 1) % 4, state.leader, BIDDING
    elif any(passers(state.ruleset, bids)):
        turn, leader, phase = None, state.leader, PASSING
    else:
        turn = leader = first_leader(state.dealer)
        phase = PLAYING
    # Built like a played card's state (see GameState's field order); _replace is slower.
    return _make(
        GameState,
        (
            turn,
            state.version + 1,
            *state[2:5],
            leader,
            *state[6:9],
            phase,
            hidden,
            bids,
            blind,
            *state[13:],
        ),
    )


def _bid_problem(state: GameState, seat: int, tricks: int, blind: bool) -> str | None:
    rules = state.ruleset
    if tricks == 0 and not rules.nil:
        return "Nil is not allowed in this game: bid from 1 to 13"
    if type(tricks) is not int or not 0 <= tricks <= 13:
        return f"A bid must be from {0 if rules.nil else 1} to 13 tricks"
    if blind:
        if tricks != 0:
            return "Only a Nil bid can be blind"
        if not rules.blind_nil or rules.bidding != "free":
            return "Blind Nil is not allowed in this game"
        if not state.hidden[seat]:
            if rules.blind_nil_allowed(state.scores, rules.side_of(seat)):
                return "You have looked at your cards, so you cannot bid Blind Nil"
            trails = "you trail" if rules.solo else "your team trails"
            return (
                f"Blind Nil is only allowed when {trails} by at least "
                f"{rules.blind_nil_min_deficit} points"
            )
    choices = _choices(state, seat)
    if tricks in choices:
        return None
    if rules.bidding == "mirror":
        return f"In Mirror you bid your spades: {_named(choices[0])}"
    if rules.bidding == "whiz":
        return f"In Whiz you bid Nil or your spades: {_named(choices[-1])}"
    partner_bid = state.bids[(seat + 2) % 4]
    if rules.suicide:
        if partner_bid == 0:
            return "Your partner bid Nil, so you must bid at least 1 (Suicide)"
        return "Your partner did not bid Nil, so you must bid Nil (Suicide)"
    return min_team_bid_note(rules, partner_bid)


def _named(tricks: int) -> str:
    return "Nil" if tricks == 0 else str(tricks)


def look(state: GameState, action: Look) -> GameState:
    seat = action.seat
    if state.phase != BIDDING:
        if state.phase == FINISHED:
            raise IllegalAction("The game is over")
        raise IllegalAction("You can only look at your cards during bidding")
    if state.bids[seat] is not None:
        raise IllegalAction("You have already bid and seen your cards")
    if not state.hidden[seat]:
        raise IllegalAction("You can already see your cards")
    return state._replace(version=state.version + 1, hidden=_with(state.hidden, seat, False))


def _with(items: tuple, index: int, value: object) -> tuple:
    """A copy of the tuple with one item changed."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)
