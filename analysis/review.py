"""The double-dummy review of a finished game: pure, no Django.

Replays the action log hand by hand with the engine and, for every card played, asks the
double-dummy solver what the player's side could still take with the best card and with
the card played, and asks the expert bot, from exactly the player's view, what it would
have played. For every hand it sets each side's contract against the side's
double-dummy tricks from the opening lead.

Every variant: a side is a partnership, or in Solo one seat (the solver then counts that
seat's tricks against the three others); the Joker deck and spades led anytime are the
solver's own business (Position.of_state). The positions are the engine's states as the
log replays, so where Nil bidders pass cards the play is analysed from the hands after
the pass (the cards each seat really played from), never from the deal.

A Nil bidder's plays are measured like everyone's: by the tricks of their side, which is
not what a Nil bidder wants (the page says so).
"""

import random
from collections.abc import Iterable, Iterator

from games.bots import get_bot
from games.engine import (
    CARDS,
    FINISHED,
    PLAYING,
    Action,
    GameState,
    Play,
    Ruleset,
    apply_action,
    new_game,
    side_contract,
    tricks_per_side,
    view_for,
)
from games.engine.bits import trick_winner
from games.engine.doubledummy import Position, Solver, distinct_legal

# The expert's think time per card, counted in work (deterministic), not wall-clock time:
# the same game always gets the same suggestions. A live expert gets 250 ms; 40 keeps a
# whole game's review (bench/analysis.py) within the 20 s a person waits for it.
BOT_BUDGET_MS = 40


def split_hands(ruleset: Ruleset, seed: bytes, actions: Iterable[Action]) -> Iterator[tuple]:
    """(state at the start of the hand, the hand's actions) for each hand of the log."""
    state = new_game(ruleset, seed)
    start, hand = state, []
    for action in actions:
        number = state.hand_number
        state = apply_action(state, action)
        hand.append(action)
        if state.phase == FINISHED or state.hand_number != number:
            yield start, hand
            start, hand = state, []


def review_hand(start: GameState, actions: list[Action], *, bot_seed: str) -> dict:
    """The review of one hand played from `start` (its bidding) with `actions`."""
    expert = get_bot("expert", budget_ms=BOT_BUDGET_MS, deterministic=True)
    rules = start.ruleset
    solver = Solver(solo=rules.solo)
    state = start
    tricks: list[dict] = []
    double_dummy = None
    for action in actions:
        if type(action) is Play and state.phase == PLAYING:
            position = Position.of_state(state)
            if double_dummy is None:
                double_dummy = _double_dummy(rules, position, solver)
            if not state.trick:
                tricks.append({"leader": state.leader, "plays": []})
            tricks[-1]["plays"].append(
                _review_play(state, position, action, solver, expert, f"{bot_seed}:{state.version}")
            )
            if len(state.trick) == 3:
                cards = [*state.trick, action.card.index]
                tricks[-1]["winner"] = trick_winner(cards, state.leader)[0]
        state = apply_action(state, action)
    result = state.results[-1]
    teams = []
    for side in range(rules.sides):
        contract, _ = side_contract(rules, result.bids, result.tricks, side)
        seats = rules.seats_of(side)
        teams.append(
            {
                "seats": list(seats),
                "contract": contract,
                "tricks": sum(result.tricks[seat] for seat in seats),
                "double_dummy": double_dummy[side] if double_dummy else None,
            }
        )
    return {
        "number": result.hand_number,
        "dealer": result.dealer,
        "bids": list(result.bids),
        "blind": list(result.blind),
        "teams": teams,
        "tricks": tricks,
    }


def _double_dummy(rules: Ruleset, position: Position, solver: Solver) -> list[int]:
    """Each side's double-dummy tricks from the opening lead."""
    if rules.solo:
        return [solver.tricks(position, seat) for seat in range(4)]
    return tricks_per_side(position.turn, solver.tricks(position))


def _review_play(state, position, action, solver, expert, bot_seed) -> dict:
    seat = action.seat
    best, best_cards, played = solver.judge(position, action.card.index)
    suggestion = None
    if len(distinct_legal(position)) > 1:
        choice = expert(view_for(state, seat), state.ruleset, random.Random(bot_seed))
        suggestion = choice.card.code
    return {
        "seat": seat,
        "card": action.card.code,
        "best": best,
        "played": played,
        "cost": best - played,
        "best_cards": [CARDS[card].code for card in best_cards],
        "bot": suggestion,
    }


def review_game(ruleset: Ruleset, seed: bytes, actions: list[Action]) -> Iterator[dict]:
    """The review of each hand of a finished game, in order (one at a time: it is slow)."""
    for start, hand_actions in split_hands(ruleset, seed, actions):
        yield review_hand(start, hand_actions, bot_seed=f"{seed.hex()}:{start.hand_number}")


def summary(hands: list[dict]) -> list[dict]:
    """Per seat: hands reviewed, tricks lost to double-dummy play in all, and per hand."""
    lost = [0, 0, 0, 0]
    for hand in hands:
        for trick in hand["tricks"]:
            for play in trick["plays"]:
                lost[play["seat"]] += play["cost"]
    count = len(hands)
    return [
        {
            "seat": seat,
            "hands": count,
            "lost": lost[seat],
            "per_hand": lost[seat] / count if count else 0.0,
        }
        for seat in range(4)
    ]
