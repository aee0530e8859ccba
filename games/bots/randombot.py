"""The random bot: a uniformly random legal action, the baseline the others must beat."""

import random

from games.engine import Action, NilPass, Ruleset, action_from_dict


def choose_action(view: dict, ruleset: Ruleset, rng: random.Random) -> Action:
    legal = view["legal"]
    if not legal:
        raise ValueError(f"Seat {view['seat']} has nothing to do now")
    if legal[0]["type"] == "nil_pass":
        # The view names the count, not every choice: draw that many of the seat's cards.
        return NilPass(view["seat"], rng.sample(view["hand"], legal[0]["count"]))
    return action_from_dict(rng.choice(legal), view["seat"])
