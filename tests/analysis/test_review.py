"""The review's suggestions are the cards of the expert the site plays as "expert"
(games.bots.searcher), at the review's deterministic budget."""

import random

from analysis import review
from games.bots import get_bot, searcher
from games.engine import CARDS, FINISHED, Ruleset, apply_action, new_game, view_for

RULES = Ruleset(target_score=100, losing_score=-50)


def test_the_review_suggests_the_sites_experts_card(monkeypatch):
    seen = []
    real = searcher.choose_action

    def spy(view, ruleset, rng, **options):
        action = real(view, ruleset, rng, **options)
        seen.append((view, options, action))
        return action

    monkeypatch.setattr(searcher, "choose_action", spy)
    standard = get_bot("standard")
    state = new_game(RULES, b"review-suggests")
    start, actions = state, []
    number = state.hand_number
    while state.phase != FINISHED and state.hand_number == number:
        action = standard(view_for(state, state.turn), RULES, random.Random(state.version))
        actions.append(action)
        state = apply_action(state, action)
    hand = review.review_hand(start, actions, bot_seed="seed")
    suggested = [p["bot"] for t in hand["tricks"] for p in t["plays"] if p["bot"] is not None]
    assert suggested and len(seen) == len(suggested)
    assert [CARDS[a.card.index].code for _, _, a in seen] == suggested
    assert all(o == {"budget_ms": review.BOT_BUDGET_MS, "deterministic": True} for _, o, _ in seen)
