"""Bots decide from the seat's view alone: plain JSON data, never the game state."""

import ast
import copy
import json
import random
from pathlib import Path

import pytest

import games.bots
from games.bots import get_bot
from games.engine import FINISHED, Ruleset, apply_action, new_game, view_for

# What the bots may take from the engine: cards, actions, rules and scoring, and all of
# games.engine.bits (tables and functions of plain ints). Nothing that builds or holds a
# GameState (new_game, apply_action, ...). The double-dummy solver takes plain masks too.
ALLOWED = {
    "Action",
    "Bid",
    "CARDS",
    "Card",
    "Look",
    "NilPass",
    "Play",
    "Ruleset",
    "action_from_dict",
    "bid_choices",
    "score_ends_game",
    "score_hand",
    "side_contract",
}
SOLVER = {"NilSolver", "Position", "Solver"}
BOTS = Path(games.bots.__file__).parent


@pytest.mark.parametrize("module", sorted(p.name for p in BOTS.glob("*.py")))
def test_bot_modules_cannot_reach_a_game_state(module):
    tree = ast.parse((BOTS / module).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("games"):
            if node.module == "games.engine.bits":
                continue
            if node.module == "games.engine.doubledummy":
                assert {alias.name for alias in node.names} <= SOLVER
                continue
            assert node.module == "games.engine", f"{module} imports {node.module}"
            names = {alias.name for alias in node.names}
            assert names <= ALLOWED, f"{module} imports {sorted(names - ALLOWED)}"
        if isinstance(node, ast.Import):
            assert not any(alias.name.startswith("games") for alias in node.names)


@pytest.mark.parametrize("level", ["random", "standard", "expert", "expert-mc"])
def test_same_decision_from_a_json_copy_and_the_view_is_left_unchanged(level):
    bot = get_bot(level, budget_ms=5, deterministic=True)
    ruleset = Ruleset()
    state = new_game(ruleset, "view-only")
    steps = 0
    while state.phase != FINISHED and steps < 70:
        view = view_for(state, state.turn)
        before = copy.deepcopy(view)
        action = bot(view, ruleset, random.Random(steps))
        assert view == before, "the bot changed the view it was given"
        again = bot(json.loads(json.dumps(view)), ruleset, random.Random(steps))
        assert again == action
        state = apply_action(state, action)
        steps += 1
