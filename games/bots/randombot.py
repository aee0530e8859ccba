"""The random bot: a uniformly random legal action, the baseline the others must beat."""

import random

from games.engine import Action, Ruleset, action_from_dict


def choose_action(view: dict, ruleset: Ruleset, rng: random.Random) -> Action:
    legal = view["legal"]
    if not legal:
        raise ValueError(f"Seat {view['seat']} has nothing to do now")
    return action_from_dict(rng.choice(legal), view["seat"])
