"""Ruleset options, presets and their validation."""

import dataclasses

import pytest

from games.engine import PRESETS, Ruleset


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
    }


def test_presets():
    assert Ruleset.preset("classic") == Ruleset()
    assert Ruleset.preset("short") == Ruleset(target_score=300, losing_score=-150)
    assert Ruleset.preset("quick") == Ruleset(target_score=200, losing_score=-100)
    assert Ruleset.preset("suicide") == Ruleset(suicide=True)
    assert Ruleset.preset("blind-nil-anytime") == Ruleset(blind_nil_min_deficit=0)
    assert list(PRESETS) == ["classic", "short", "quick", "suicide", "blind-nil-anytime"]


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


def test_blind_nil_allowed():
    rules = Ruleset()
    assert rules.blind_nil_allowed((100, 0), 1) and not rules.blind_nil_allowed((100, 0), 0)
    assert not rules.blind_nil_allowed((99, 0), 1)
    anytime = Ruleset.preset("blind-nil-anytime")
    assert anytime.blind_nil_allowed((0, 300), 1) and anytime.blind_nil_allowed((0, 0), 0)
    assert not Ruleset(nil=False).blind_nil_allowed((500, 0), 1)
    assert not Ruleset(blind_nil=False).blind_nil_allowed((500, 0), 1)
