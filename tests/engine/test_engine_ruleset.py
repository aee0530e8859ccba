"""Ruleset options, presets and their validation."""

import dataclasses
import re

import pytest

from games.engine import MAX_HAND_POINTS, OPTION_RANGES, PRESETS, Ruleset, score_hand


def test_defaults_are_the_spec():
    assert Ruleset().to_dict() == {
        "target_score": 500,
        "losing_score": -200,
        "nil": True,
        "nil_value": 100,
        "blind_nil": True,
        "blind_nil_value": 200,
        "blind_nil_min_deficit": 100,
        "bag_limit": 10,
        "bag_penalty": 100,
        "nil_tricks_count_for_partner": False,
        "boston_bonus": 0,
        "suicide": False,
        "hands": 0,
        "bidding": "free",
        "deck": "standard",
        "solo": False,
        "nil_pass": 0,
        "spades_lead": "broken",
        "min_team_bid": 0,
    }


def test_presets():
    assert Ruleset.preset("classic") == Ruleset()
    assert Ruleset.preset("short") == Ruleset(target_score=300, losing_score=-150)
    assert Ruleset.preset("quick") == Ruleset(target_score=200, losing_score=-100)
    assert Ruleset.preset("suicide") == Ruleset(suicide=True)
    assert Ruleset.preset("blind-nil-anytime") == Ruleset(blind_nil_min_deficit=0)
    assert Ruleset.preset("jokers") == Ruleset(deck="jokers")
    assert Ruleset.preset("mirror") == Ruleset(bidding="mirror")
    assert Ruleset.preset("whiz") == Ruleset(bidding="whiz")
    assert Ruleset.preset("solo") == Ruleset(solo=True, target_score=250, losing_score=-200)
    assert list(PRESETS) == [
        "classic",
        "short",
        "quick",
        "suicide",
        "blind-nil-anytime",
        "jokers",
        "mirror",
        "whiz",
        "solo",
    ]


@pytest.mark.parametrize("name", ["Classic", "", "turbo", None])
def test_unknown_preset(name):
    with pytest.raises(ValueError, match="Unknown ruleset preset"):
        Ruleset.preset(name)


@pytest.mark.parametrize(
    "options",
    [
        {"suicide": True, "nil": False},
        {"bag_limit": -1},
        {"bag_penalty": -5},
        {"nil_value": -100},
        {"blind_nil_value": -1},
        {"blind_nil_min_deficit": -1},
        {"boston_bonus": -1},
        {"target_score": 0},
        {"target_score": -200, "losing_score": None},
        {"target_score": 100, "losing_score": 100},
        {"target_score": 100, "losing_score": 200},
        {"losing_score": 0},
        {"target_score": 500.0},
        {"target_score": True},
        {"losing_score": "-200"},
        {"nil": 1},
        {"suicide": "yes"},
    ],
)
def test_bad_values(options):
    with pytest.raises(ValueError):
        Ruleset(**options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target_score": 10**30}, "Target score must be between 100 and 1000"),
        ({"target_score": 99}, "Target score must be between 100 and 1000"),
        ({"losing_score": -1001}, "Losing score must be between -1000 and -50 (or none)"),
        ({"losing_score": 200}, "Losing score must be between -1000 and -50 (or none)"),
        ({"bag_limit": 31}, "Bag limit must be between 0 and 30"),
        ({"bag_penalty": 10**6}, "Bag penalty must be between 0 and 500"),
        ({"nil_value": 501}, "Nil value must be between 0 and 500"),
        ({"blind_nil_value": 1001}, "Blind Nil value must be between 0 and 1000"),
        ({"blind_nil_min_deficit": 1001}, "Blind Nil deficit must be between 0 and 1000"),
        ({"boston_bonus": 501}, "Boston bonus must be between 0 and 500"),
        ({"target_score": True}, "Target score must be a whole number, not True"),
        ({"losing_score": "-200"}, "Losing score must be a whole number (or none), not '-200'"),
        ({"bag_limit": 1.0}, "Bag limit must be a whole number, not 1.0"),
        ({"nil": 1}, "Nil must be true or false, not 1"),
        ({"suicide": None}, "Suicide must be true or false, not None"),
        ({"suicide": True, "nil": False}, "Suicide needs Nil"),
    ],
)
def test_values_out_of_range_are_refused_in_player_words(options, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}"):
        Ruleset(**options)


def test_every_range_edge_is_valid_and_every_preset_fits():
    for name, (low, high) in OPTION_RANGES.items():
        assert getattr(Ruleset(**{name: low}), name) == low
        assert getattr(Ruleset(**{name: high}), name) == high
    for preset in PRESETS.values():
        assert Ruleset.from_dict(preset.to_dict()) == preset


def test_one_hand_moves_a_score_by_at_most_max_hand_points():
    worst = Ruleset(
        blind_nil_value=1000, nil_value=500, bag_limit=1, bag_penalty=500, boston_bonus=500
    )
    hands = [
        # two failed Blind Nils against one taker of every trick; a set contract of 26
        dict(bids=[0, 13, 0, 13], blind=[True, False, True, False], tricks=[13, 0, 0, 0]),
        dict(bids=[0, 13, 0, 13], blind=[True, False, True, False], tricks=[0, 0, 13, 0]),
        dict(bids=[1, 0, 0, 1], blind=[False, True, True, False], tricks=[13, 0, 0, 0]),
        dict(bids=[0, 0, 0, 0], blind=[True] * 4, tricks=[0, 13, 0, 0]),
    ]
    for hand in hands:
        score = score_hand(worst, **hand, scores=[0, 0], bags=[0, 0])
        assert all(abs(points) <= MAX_HAND_POINTS for points in score.points)
    assert MAX_HAND_POINTS < 10_000


def test_good_values():
    assert Ruleset(losing_score=None).losing_score is None
    assert Ruleset(bag_limit=0).bag_limit == 0
    assert Ruleset(nil=False).blind_nil  # kept, but without effect


def test_frozen_and_dict_round_trip():
    rules = Ruleset(target_score=250, suicide=True, losing_score=None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target_score = 1
    assert Ruleset.from_dict(rules.to_dict()) == rules
    assert Ruleset.from_dict({}) == Ruleset()
    with pytest.raises(ValueError, match="Unknown ruleset option"):
        Ruleset.from_dict({"jokers": True})
    with pytest.raises(ValueError, match=r"^Unknown ruleset option\(s\): x{40} \(known: "):
        Ruleset.from_dict({"x" * 10_000: 1})


def test_blind_nil_allowed():
    rules = Ruleset()
    assert rules.blind_nil_allowed((100, 0), 1) and not rules.blind_nil_allowed((100, 0), 0)
    assert not rules.blind_nil_allowed((99, 0), 1)
    anytime = Ruleset.preset("blind-nil-anytime")
    assert anytime.blind_nil_allowed((0, 300), 1) and anytime.blind_nil_allowed((0, 0), 0)
    assert not Ruleset(nil=False).blind_nil_allowed((500, 0), 1)
    assert not Ruleset(blind_nil=False).blind_nil_allowed((500, 0), 1)
