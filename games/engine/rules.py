"""The rules: starting a game, legal actions and applying an action (RULES.md)."""

from collections.abc import Iterable

from .actions import Action, Bid, IllegalAction, Look, Play
from .bits import (
    BIT,
    CHUNK_CARDS,
    SUIT_MASK,
    SUIT_OF,
    breaks_spades,
    first_leader,
    legal_mask,
    team_of,
    trick_winner,
)
from .cards import CARDS, SUIT_NAMES
from .dealing import (
    commitment,
    deal_masks,
    first_dealer as seed_first_dealer,
    hand_seed,
    seed_bytes,
)
from .ruleset import Ruleset
from .scoring import score_ends_game, score_hand
from .state import BIDDING, FINISHED, PLAYING, GameState, HandResult, Trick

_make = tuple.__new__

# Every action object the rules hand out is built once here; legal_actions only
# picks from these tables, which keeps random play-outs (bots) cheap.
_PLAYS = tuple(tuple(Play(seat, card) for card in CARDS) for seat in range(4))
_BIDS = tuple(tuple(Bid(seat, tricks) for tricks in range(14)) for seat in range(4))
_BLIND_NILS = tuple(Bid(seat, 0, blind=True) for seat in range(4))
_LOOKS = tuple(Look(seat) for seat in range(4))

# _CHUNK_PLAYS[seat][k][bits]: the plays of the cards in chunk k of a card mask
# (bits.CHUNK_CARDS, 3,072 tuples), so that a legal mask becomes a list of plays at once.
_CHUNK_PLAYS = tuple(
    tuple(tuple(tuple(plays[card] for card in cards) for cards in chunk) for chunk in CHUNK_CARDS)
    for plays in _PLAYS
)


def new_game(ruleset: Ruleset, seed: str | bytes, first_dealer: int | None = None) -> GameState:
    """A new game, in the bidding of hand 1; seed is the secret game seed."""
    if not isinstance(ruleset, Ruleset):
        raise ValueError("new_game needs a Ruleset")
    game_seed = seed_bytes(seed)
    if first_dealer is None:
        first_dealer = seed_first_dealer(game_seed)
    elif type(first_dealer) is not int or not 0 <= first_dealer < 4:
        raise ValueError(f"There is no seat {first_dealer!r}")
    return _start_hand(ruleset, game_seed, 1, first_dealer, (0, 0), (0, 0), (), None, 0)


def _start_hand(
    rules: Ruleset,
    game_seed: bytes,
    number: int,
    dealer: int,
    scores: tuple[int, int],
    bags: tuple[int, int],
    results: tuple[HandResult, ...],
    last_trick: Trick | None,
    version: int,
    seed: bytes | None = None,
) -> GameState:
    """The state at the start of the bidding of hand `number` (dealt from `seed`, else
    from the hand seed of `game_seed`)."""
    if seed is None:
        seed = hand_seed(game_seed, number)
    eligible = (rules.blind_nil_allowed(scores, 0), rules.blind_nil_allowed(scores, 1))
    first = first_leader(dealer)
    return GameState(
        turn=first,
        version=version,
        holdings=deal_masks(seed, dealer),
        trick=(),
        spades_broken=False,
        leader=first,
        tricks=(),
        tricks_taken=(0, 0, 0, 0),
        last_trick=last_trick,
        phase=BIDDING,
        hidden=(eligible[0], eligible[1], eligible[0], eligible[1]),
        bids=(None, None, None, None),
        blind=(False, False, False, False),
        hand_number=number,
        dealer=dealer,
        hand_seed=seed,
        scores=scores,
        bags=bags,
        results=results,
        winner=None,
        ruleset=rules,
        game_seed=game_seed,
    )


def hand_from_seed(
    ruleset: Ruleset,
    seed: bytes,
    number: int,
    dealer: int,
    scores: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
) -> GameState:
    """Hand `number` at the start of its bidding, dealt from its revealed hand seed after
    hands that left these scores and bags: replays one hand of a finished game while the
    game seed stays secret (an exported game). The hand is scored as in the game; what is
    dealt after it is not the game's next hand (that needs the game seed)."""
    if not isinstance(ruleset, Ruleset):
        raise ValueError("hand_from_seed needs a Ruleset")
    if type(dealer) is not int or not 0 <= dealer < 4:
        raise ValueError(f"There is no seat {dealer!r}")
    if type(number) is not int or number < 1:
        raise ValueError(f"Hands are numbered from 1, not {number!r}")
    scores, bags = (scores[0], scores[1]), (bags[0], bags[1])
    return _start_hand(ruleset, b"", number, dealer, scores, bags, (), None, 0, bytes(seed))


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """Every legal action of the seat to act, or of `seat` (which may only Look out of turn)."""
    turn = state.turn
    if seat is not None and seat != turn:
        if type(seat) is not int or not 0 <= seat < 4:
            raise ValueError(f"There is no seat {seat!r}")
        if state.phase == BIDDING and state.hidden[seat]:
            return [_LOOKS[seat]]
        return []
    phase = state.phase
    if phase == PLAYING:
        trick = state.trick
        led = SUIT_OF[trick[0]] if trick else None
        legal = legal_mask(state.holdings[turn], led, state.spades_broken)
        chunks = _CHUNK_PLAYS[turn]
        if led is not None and not legal & ~SUIT_MASK[led]:
            # All in the suit led (most plays): its two chunks hold them.
            follow = legal >> (13 * led)
            return [*chunks[2 * led][follow & 0x7F], *chunks[2 * led + 1][follow >> 7]]
        return [
            *chunks[0][legal & 0x7F],
            *chunks[1][(legal >> 7) & 0x3F],
            *chunks[2][(legal >> 13) & 0x7F],
            *chunks[3][(legal >> 20) & 0x3F],
            *chunks[4][(legal >> 26) & 0x7F],
            *chunks[5][(legal >> 33) & 0x3F],
            *chunks[6][(legal >> 39) & 0x7F],
            *chunks[7][(legal >> 46) & 0x3F],
        ]
    if phase == BIDDING:
        return _legal_bids(state, turn)
    return []


def bid_range(ruleset: Ruleset, partner_bid: int | None) -> range:
    """The tricks a seat may bid (Nil = 0, blind or not), given its partner's bid (None:
    the partner has not bid yet)."""
    lowest = 0 if ruleset.nil else 1
    if ruleset.suicide:
        if partner_bid == 0:
            lowest = 1
        elif partner_bid is not None:
            return range(1)
    return range(lowest, 14)


def _legal_bids(state: GameState, seat: int) -> list[Action]:
    tricks = bid_range(state.ruleset, state.bids[(seat + 2) % 4])
    bids = _BIDS[seat]
    actions: list[Action] = [bids[n] for n in tricks]
    if state.hidden[seat]:
        actions.insert(0, _LOOKS[seat])
        if tricks[0] == 0:
            actions.append(_BLIND_NILS[seat])
    return actions


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after the action; raises IllegalAction (saying why) if it is not allowed."""
    if type(action) is not Play:
        if type(action) is Bid:
            return _bid(state, action)
        if type(action) is Look:
            return _look(state, action)
        raise IllegalAction(f"Not an action: {action!r}")
    # Playing a card is most actions by far, so it is done here without further calls.
    seat = action.seat
    if seat != state.turn or state.phase != PLAYING:
        _check_turn(state, seat, PLAYING)
    card = action.card.index
    bit = BIT[card]
    holdings = state.holdings
    hand = holdings[seat]
    trick = state.trick
    led = SUIT_OF[trick[0]] if trick else None
    if not legal_mask(hand, led, state.spades_broken) & bit:
        # Say which rule refuses it: a card held is refused by following suit or by a lead.
        if not hand & bit:
            raise IllegalAction(f"You do not have {CARDS[card].code}")
        if led is not None:
            raise IllegalAction(f"You must follow {SUIT_NAMES[led]}")
        raise IllegalAction("Spades are not broken")
    if seat == 0:
        holdings = (hand ^ bit, holdings[1], holdings[2], holdings[3])
    elif seat == 1:
        holdings = (holdings[0], hand ^ bit, holdings[2], holdings[3])
    elif seat == 2:
        holdings = (holdings[0], holdings[1], hand ^ bit, holdings[3])
    else:
        holdings = (holdings[0], holdings[1], holdings[2], hand ^ bit)
    broken = state.spades_broken or breaks_spades(card)
    # The new state is built from a slice of the old one: see the field order of GameState.
    if len(trick) < 3:
        # (Concatenating tuples is faster than unpacking one into the other.)
        changed = ((seat + 1) & 3, state.version + 1, holdings, (*trick, card), broken)
        return _make(GameState, changed + state[5:])
    # The fourth card completes the trick.
    leader = state.leader
    winner, _ = trick_winner((*trick, card), leader)
    taken = list(state.tricks_taken)
    taken[winner] += 1
    cards = (CARDS[trick[0]], CARDS[trick[1]], CARDS[trick[2]], CARDS[card])
    tricks = (*state.tricks, _make(Trick, (leader, cards, winner)))
    changed = (winner, state.version + 1, holdings, (), broken, winner, tricks, tuple(taken), None)
    new = _make(GameState, changed + state[9:])
    if len(tricks) == 13:
        return _end_hand(new)
    return new


def _check_turn(state: GameState, seat: int, phase: str) -> None:
    if state.phase != phase:
        if state.phase == FINISHED:
            raise IllegalAction("The game is over")
        if phase == PLAYING:
            raise IllegalAction("Bidding is not over yet")
        raise IllegalAction("Bidding is over")
    if seat != state.turn:
        raise IllegalAction(f"It is seat {state.turn}'s turn")


def _end_hand(state: GameState) -> GameState:
    """Score the hand just completed in `state`, then end the game or deal the next hand."""
    rules = state.ruleset
    score = score_hand(
        rules,
        bids=state.bids,
        blind=state.blind,
        tricks=state.tricks_taken,
        scores=state.scores,
        bags=state.bags,
    )
    result = HandResult(
        hand_number=state.hand_number,
        dealer=state.dealer,
        bids=state.bids,
        blind=state.blind,
        tricks=state.tricks_taken,
        points=score.points,
        scores=score.scores,
        bags=score.bags,
        penalties=score.penalties,
        boston=score.boston,
        seed=state.hand_seed,
        commitment=commitment(state.hand_seed),
        outcome=score.outcome,
    )
    results = (*state.results, result)
    scores = score.scores
    tied = scores[0] == scores[1]
    # The last of a limited number of hands ends the game even on equal scores (a draw,
    # winner None); otherwise equal scores play another hand.
    last = bool(rules.hands) and state.hand_number >= rules.hands
    if (score_ends_game(rules, scores) and not tied) or last:
        return state._replace(
            turn=None,
            phase=FINISHED,
            scores=scores,
            bags=score.bags,
            results=results,
            winner=None if tied else 0 if scores[0] > scores[1] else 1,
        )
    return _start_hand(
        rules,
        state.game_seed,
        state.hand_number + 1,
        (state.dealer + 1) % 4,
        scores,
        score.bags,
        results,
        state.tricks[-1],
        state.version,
    )


def _bid(state: GameState, action: Bid) -> GameState:
    seat = action.seat
    _check_turn(state, seat, BIDDING)
    problem = _bid_problem(state, seat, action.tricks, action.blind)
    if problem:
        raise IllegalAction(problem)
    bids = _with(state.bids, seat, action.tricks)
    blind = _with(state.blind, seat, action.blind)
    # Bidding shows the cards: only a bid made while they were hidden can be blind.
    hidden = _with(state.hidden, seat, False)
    if None in bids:
        turn, leader, phase = (seat + 1) % 4, state.leader, BIDDING
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
        if not rules.blind_nil:
            return "Blind Nil is not allowed in this game"
        if not state.hidden[seat]:
            if rules.blind_nil_allowed(state.scores, team_of(seat)):
                return "You have looked at your cards, so you cannot bid Blind Nil"
            return (
                f"Blind Nil is only allowed when your team trails by at least "
                f"{rules.blind_nil_min_deficit} points"
            )
    if rules.suicide:
        partner_bid = state.bids[(seat + 2) % 4]
        if partner_bid == 0 and tricks == 0:
            return "Your partner bid Nil, so you must bid at least 1 (Suicide)"
        if partner_bid and tricks != 0:
            return "Your partner did not bid Nil, so you must bid Nil (Suicide)"
    return None


def _look(state: GameState, action: Look) -> GameState:
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


def replay(
    ruleset: Ruleset,
    seed: str | bytes,
    actions: Iterable[Action],
    first_dealer: int | None = None,
) -> GameState:
    """The state after playing the actions from the start of a new game."""
    state = new_game(ruleset, seed, first_dealer)
    for action in actions:
        state = apply_action(state, action)
    return state
