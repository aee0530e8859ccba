"""The table's words and figures for one viewer (games.presenters.table): the rules line,
whose turn, the hand's result from the engine's breakdown, the game-over view."""

import random

import pytest

from accounts.names import short_name
from games.engine import Ruleset, hand_breakdown, new_game
from games.models import Game
from games.presenters import hand_result, rules_line, table
from games.selectors import game_payload, game_snapshot
from games.services import play, tables
from tests.engine.factories import random_actions
from tests.factories import UserFactory

NAMES = ["Ann", "Bob", "Cy", "Di"]


def test_the_rules_line_names_the_preset_target_and_casual():
    # A ranked game's table says "Ranked" once, by its badge.
    assert rules_line({"preset": "classic", "ruleset": Ruleset().to_dict(), "ranked": True}) == (
        "Classic · to 500"
    )
    custom = Ruleset(target_score=300, bag_limit=5, suicide=True).to_dict()
    assert rules_line({"preset": "custom", "ruleset": custom, "ranked": False}) == (
        "Suicide · to 300 · Bag limit 5 · Casual"
    )
    # A custom game leads with its variants; its house rules follow the target.
    custom = Ruleset(deck="jokers", nil_pass=2).to_dict()
    assert rules_line({"preset": "custom", "ruleset": custom, "ranked": False}) == (
        "Jokers · to 500 · Nil pass 2 · Casual"
    )
    jokers = Ruleset.preset("jokers").to_dict()
    assert rules_line({"preset": "jokers", "ruleset": jokers, "ranked": True}) == "Jokers · to 500"


def test_the_rules_line_of_a_game_of_hands_and_of_a_game_an_app_names():
    custom = Ruleset(hands=1, bag_limit=0, blind_nil_min_deficit=0).to_dict()
    # 0 and 1 are numbers, not "off" and "on".
    assert rules_line({"preset": "custom", "ruleset": custom, "ranked": False}) == (
        "Custom · 1 hand · Blind Nil deficit 0 · Bag limit 0 · Casual"
    )
    named = {"rules": "Daily challenge Nov 26 · Board 1 · one hand"}
    payload = {"preset": "custom", "ruleset": custom, "ranked": False, "extras": named}
    assert rules_line(payload) == "Daily challenge Nov 26 · Board 1 · one hand"


def test_the_hand_result_lines_add_up_to_the_points_the_engine_scored():
    *_, (_, state) = random_actions(new_game(Ruleset(), b"\x02" * 32), random.Random(5))
    hands = [result.to_dict() for result in state.results]
    for before, hand in zip([{"bags": [0, 0]}, *hands], hands, strict=False):
        result = hand_result(hand, before["bags"], Ruleset(), NAMES)
        for number, team in enumerate(result["teams"]):
            assert team["points"] == hand["points"][number]
            assert sum(value for _, value in team["lines"]) == hand["points"][number]
            assert team["score"] == hand["scores"][number]
            assert team["bags"] == hand["bags"][number]


def test_a_failed_blind_nil_and_a_bag_penalty_read_as_words():
    hand = {
        "hand_number": 4, "dealer": 0, "bids": [5, 3, 0, 2], "blind": [False, False, True, False],
        "tricks": [6, 3, 1, 3], "points": [-248, 51], "scores": [100, 200], "bags": [0, 1],
        "penalties": [1, 0], "boston": [False, False], "seed": "ab", "commitment": "cd",
    }  # fmt: skip
    teams = hand_breakdown(
        Ruleset(), bids=hand["bids"], blind=hand["blind"], tricks=hand["tricks"], bags=[8, 0]
    )
    assert [t.points for t in teams] == hand["points"]
    lines = dict(hand_result(hand, [8, 0], Ruleset(), NAMES)["teams"][0]["lines"])
    assert lines == {
        "Bid 5, won 6: contract made": 50,
        "2 bags": 2,
        "Cy's Blind Nil failed": -200,
        "Bag penalty (1 x 10 bags)": -100,
    }


@pytest.mark.django_db
def test_the_viewer_is_told_whose_turn_it_is_by_name_and_cards_wait_for_their_turn():
    alice = UserFactory(username="alice")
    game = tables.game_create_seated(players=[alice, "standard", "standard", "standard"])
    snapshot = game_snapshot(game)
    turn = snapshot["state"]["turn"]
    context = table(game_payload(snapshot, 0), logged_in=True)
    if turn == 0:
        assert context["turn_text"] == "Your turn to bid" and context["my_turn"]
    else:
        assert context["turn_text"] == f"{short_name(snapshot['seats'][turn]['name'])} to bid"
        assert not context["my_turn"]
    assert context["rules"] == "Classic · to 500 · Casual"
    assert [seat["dealer"] for seat in context["seats"]].count(True) == 1
    # The Blind Nil offer does not say "far behind" at 0-0 when it is always allowed.
    anytime = tables.game_create_seated(
        players=[UserFactory(), "standard", "standard", "standard"], preset="blind-nil-anytime"
    )
    assert not table(game_payload(game_snapshot(anytime), 0), logged_in=True)["far_behind"]


@pytest.mark.django_db
def test_game_over_clears_the_felt_and_hand():
    alice = UserFactory()
    game = tables.game_create_seated(
        players=[alice, "standard", "standard", "standard"], options={"target_score": 100}
    )
    Game.objects.filter(pk=game.pk).update()
    game.seats.filter(user=alice).update(away=True)
    while game.status != Game.Status.FINISHED:
        play.game_autoplay(game_id=game.pk, version=game.version, timeout=False)
        game.refresh_from_db()
    context = table(game_payload(game_snapshot(game), 0), logged_in=True)
    assert context["trick"] == [] and context["hand"] == []
    assert len(context["sheet"]["rows"]) == game.hands.count()
    assert context["turn_text"] == "The game is over"
