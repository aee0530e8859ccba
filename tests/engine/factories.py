"""Helpers for the engine tests: rigged deals, random legal games and solver positions."""

import random

from games.engine import (
    FINISHED,
    PASSING,
    Bid,
    Card,
    GameState,
    Look,
    NilPass,
    Ruleset,
    apply_action,
    legal_actions,
    new_game,
    seats_to_act,
)
from games.engine.bits import BIG_JOKER, DECKS, LITTLE_JOKER, SUIT_OF, cards_in, legal_mask
from games.engine.cards import SUITS, mask_of
from games.engine.doubledummy import Position

RANKS = "23456789TJQKA"


def codes(text: str) -> list[str]:
    """Card codes from a space-separated string."""
    return text.split()


def suit(letter: str) -> list[str]:
    """All 13 codes of a suit."""
    return [rank + letter for rank in RANKS]


def rigged(
    hands: list[list[str]],
    *,
    ruleset: Ruleset | None = None,
    dealer: int = 3,
    scores: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
) -> GameState:
    """A game in the bidding of hand 1 with the given cards, scores and bags."""
    assert sorted(c for hand in hands for c in hand) == sorted(c for s in SUITS for c in suit(s))
    ruleset = ruleset or Ruleset()
    state = new_game(ruleset, "rigged", first_dealer=dealer)
    # Blind Nil eligibility is decided from the scores at the start of the hand.
    eligible = [ruleset.blind_nil_allowed(scores, seat % 2) for seat in range(4)]
    return state._replace(
        holdings=tuple(mask_of(hand) for hand in hands),
        scores=scores,
        bags=bags,
        hidden=tuple(eligible),
    )


def sweep(seat: int, **kwargs) -> GameState:
    """A deal in which `seat` leads and holds every spade, so it takes all 13 tricks."""
    hands = [[], [], [], []]
    hands[seat] = suit("S")
    others = iter("CDH")
    for other in range(4):
        if other != seat:
            hands[other] = suit(next(others))
    return rigged(hands, dealer=(seat - 1) % 4, **kwargs)


def bid_all(state: GameState, bids: dict[int, int], blind: tuple[int, ...] = ()) -> GameState:
    """Apply the bids (seat -> tricks) in bidding order; seats in `blind` bid Blind Nil."""
    while state.phase == "bidding":
        seat = state.turn
        state = apply_action(state, Bid(seat, bids[seat], blind=seat in blind))
    return state


def random_pass(state: GameState, rng: random.Random) -> NilPass:
    """A random choice of cards by a random seat that still owes its Nil pass."""
    seat = rng.choice(seats_to_act(state))
    cards = rng.sample(state.cards(seat), state.ruleset.nil_pass)
    return NilPass(seat, tuple(cards))


def play_out(state: GameState, rng: random.Random) -> GameState:
    """Play random legal actions until the current hand is over."""
    number = state.hand_number
    while state.hand_number == number and state.phase != FINISHED:
        if state.phase == PASSING:
            state = apply_action(state, random_pass(state, rng))
        else:
            state = apply_action(state, rng.choice(legal_actions(state)))
    return state


def random_actions(state: GameState, rng: random.Random, max_actions: int = 10_000):
    """Yield (action, new state) for random legal actions, Looks out of turn included."""
    for _ in range(max_actions):
        if state.phase == FINISHED:
            return
        action = None
        if state.phase == "bidding" and rng.random() < 0.2:
            # Someone looks at their cards out of turn now and then.
            seat = rng.randrange(4)
            looks = legal_actions(state, seat)
            if looks:
                assert looks == [Look(seat)] or seat == state.turn
                action = rng.choice(looks)
        if state.phase == PASSING:
            action = random_pass(state, rng)
        if action is None:
            actions = legal_actions(state)
            if state.phase == "bidding" and rng.random() < 0.6:
                # Low bids make contracts, Nils and bags common; uniform bids are mostly set.
                low = [a for a in actions if not isinstance(a, Bid) or a.tricks <= 3]
                actions = low or actions  # (Mirror may leave one bid only, a high one)
            action = rng.choice(actions)
        state = apply_action(state, action)
        yield action, state


def random_ending(
    rng: random.Random, size: int, broken: bool, deck_name: str = "standard"
) -> Position:
    """`size` cards per seat from a shuffled deck, possibly with a trick under way. Of the
    Joker deck (bits.DECKS) both Jokers are always dealt: they are what is being tested."""
    cards = cards_in(DECKS[deck_name])
    rng.shuffle(cards)
    deck = cards
    if deck_name != "standard":
        jokers = [c for c in cards if c in (LITTLE_JOKER, BIG_JOKER)]
        deck = [*jokers, *(c for c in cards if c not in jokers)][: 4 * size]
        rng.shuffle(deck)
    hands = tuple(
        mask_of([Card.from_index(c) for c in deck[s * size : (s + 1) * size]]) for s in range(4)
    )
    position = Position(hands, (), rng.randrange(4), broken)
    for _ in range(rng.randrange(4)):
        led = SUIT_OF[position.trick[0]] if position.trick else None
        legal = legal_mask(position.hands[position.turn], led, position.spades_broken)
        position, _ = position.after(rng.choice(cards_in(legal)))
    return position


def position(hands: list[str], *, leader: int, broken: bool, trick: str = "") -> Position:
    return Position(
        tuple(mask_of(hand.split()) for hand in hands),
        tuple(Card.parse(code).index for code in trick.split()),
        leader,
        broken,
    )
