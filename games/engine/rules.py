"""The rules: starting a game, legal actions and applying an action (RULES.md)."""

from collections.abc import Iterable

from .actions import Action, Bid, IllegalAction, Look, NilPass, Play
from .bidding import bid, check_turn, legal_bids, look
from .bits import (
    BIT,
    CHUNK_CARDS,
    SUIT_MASK,
    SUIT_OF,
    breaks_spades,
    first_leader,
    legal_mask,
    trick_winner,
)
from .cards import CARDS, SUIT_NAMES, not_held
from .dealing import (
    commitment,
    deal_masks,
    first_dealer as seed_first_dealer,
    hand_seed,
    seed_bytes,
)
from .nilpass import legal_passes, nil_pass, owes_pass
from .ruleset import Ruleset
from .scoring import leader_of, score_ends_game, score_hand
from .state import BIDDING, FINISHED, PASSING, PLAYING, GameState, HandResult, Trick

_make = tuple.__new__

# Every action object the rules hand out is built once here; legal_actions only
# picks from these tables, which keeps random play-outs (bots) cheap.
_PLAYS = tuple(tuple(Play(seat, card) for card in CARDS) for seat in range(4))
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
    zeros = (0,) * ruleset.sides
    return _start_hand(ruleset, game_seed, 1, first_dealer, zeros, zeros, (), None, 0)


def _start_hand(
    rules: Ruleset,
    game_seed: bytes,
    number: int,
    dealer: int,
    scores: tuple[int, ...],
    bags: tuple[int, ...],
    results: tuple[HandResult, ...],
    last_trick: Trick | None,
    version: int,
    seed: bytes | None = None,
) -> GameState:
    """The state at the start of the bidding of hand `number` (dealt from `seed`, else
    from the hand seed of `game_seed`)."""
    if seed is None:
        seed = hand_seed(game_seed, number)
    # Blind Nil eligibility is decided from the scores at the start of the hand.
    allowed = [rules.blind_nil_allowed(scores, side) for side in range(rules.sides)]
    hidden = tuple(allowed) if rules.solo else (allowed[0], allowed[1], allowed[0], allowed[1])
    first = first_leader(dealer)
    return GameState(
        turn=first,
        version=version,
        holdings=deal_masks(seed, dealer, rules.deck),
        trick=(),
        spades_broken=False,
        leader=first,
        tricks=(),
        tricks_taken=(0, 0, 0, 0),
        last_trick=last_trick,
        phase=BIDDING,
        hidden=hidden,
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
    scores: tuple[int, ...] | None = None,
    bags: tuple[int, ...] | None = None,
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
    zeros = (0,) * ruleset.sides
    scores, bags = tuple(scores or zeros), tuple(bags or zeros)
    if len(scores) != ruleset.sides or len(bags) != ruleset.sides:
        raise ValueError(f"scores and bags need {ruleset.sides} items (sides)")
    return _start_hand(ruleset, b"", number, dealer, scores, bags, (), None, 0, bytes(seed))


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """Every legal action of the seat to act, or of `seat`: out of turn it may only Look,
    and in the Nil pass (nobody's turn) only choose its cards."""
    turn = state.turn
    if seat is not None and seat != turn:
        if type(seat) is not int or not 0 <= seat < 4:
            raise ValueError(f"There is no seat {seat!r}")
        if state.phase == BIDDING and state.hidden[seat]:
            return [_LOOKS[seat]]
        if state.phase == PASSING:
            return legal_passes(state, seat)
        return []
    phase = state.phase
    if phase == PLAYING:
        trick = state.trick
        led = SUIT_OF[trick[0]] if trick else None
        # (Spades led anytime is the lead rule of spades broken.)
        broken = state.spades_broken or state.ruleset.spades_lead == "anytime"
        legal = legal_mask(state.holdings[turn], led, broken)
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
            *chunks[7][(legal >> 46) & 0xFF],
        ]
    if phase == BIDDING:
        return legal_bids(state, turn)
    return []


def seats_to_act(state: GameState) -> list[int]:
    """The seats that may act now but for a Look: the seat whose turn it is, or in the Nil
    pass every seat that has still to choose its cards."""
    if state.phase == PASSING:
        return [seat for seat in range(4) if owes_pass(state, seat)]
    return [] if state.turn is None else [state.turn]


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after the action; raises IllegalAction (saying why) if it is not allowed."""
    if type(action) is not Play:
        if type(action) is Bid:
            return bid(state, action)
        if type(action) is NilPass:
            return nil_pass(state, action)
        if type(action) is Look:
            return look(state, action)
        raise IllegalAction(f"Not an action: {action!r}")
    # Playing a card is most actions by far, so it is done here without further calls.
    seat = action.seat
    if seat != state.turn or state.phase != PLAYING:
        check_turn(state, seat, PLAYING)
    card = action.card.index
    bit = BIT[card]
    holdings = state.holdings
    hand = holdings[seat]
    trick = state.trick
    led = SUIT_OF[trick[0]] if trick else None
    broken = state.spades_broken
    # (Spades led anytime is the lead rule of spades broken.)
    if not legal_mask(hand, led, broken or state.ruleset.spades_lead == "anytime") & bit:
        # Say which rule refuses it: a card held is refused by following suit or by a lead.
        if not hand & bit:
            raise IllegalAction(not_held(state.ruleset.deck, CARDS[card]))
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
    broken = broken or breaks_spades(card)
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
    winner = leader_of(scores)
    # The last of a limited number of hands ends the game even on a shared top score (a
    # draw, winner None); otherwise a shared top score plays another hand.
    last = bool(rules.hands) and state.hand_number >= rules.hands
    if (score_ends_game(rules, scores) and winner is not None) or last:
        return state._replace(
            turn=None,
            phase=FINISHED,
            scores=scores,
            bags=score.bags,
            results=results,
            winner=winner,
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
