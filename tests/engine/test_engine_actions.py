"""Actions and their JSON form."""

import json

import pytest

from games.engine import Bid, Card, Look, Play, action_from_dict, action_to_dict


def test_play_accepts_card_or_code():
    assert Play(1, "QS") == Play(1, Card.parse("QS")) == Play(1, "qs")
    assert Play(1, "10D").card is Card.parse("TD")
    assert Bid(0, 0) == Bid(0, 0, blind=False) != Bid(0, 0, blind=True)
    assert len({Play(2, "AS"), Play(2, "AS"), Look(2), Look(2)}) == 2


@pytest.mark.parametrize(
    "make",
    [
        lambda: Play(4, "QS"),
        lambda: Play(-1, "QS"),
        lambda: Play(True, "QS"),
        lambda: Play(0, "QX"),
        lambda: Bid(0, "3"),
        lambda: Bid(0, True),
        lambda: Bid(0, 3, blind=1),
        lambda: Look("0"),
    ],
)
def test_malformed_actions(make):
    with pytest.raises(ValueError):
        make()


@pytest.mark.parametrize(
    "action",
    [Bid(2, 3), Bid(2, 0), Bid(2, 0, blind=True), Bid(2, 13), Look(2), Play(2, "TD")],
)
def test_dict_round_trip(action):
    data = action_to_dict(action)
    assert action_from_dict(json.loads(json.dumps(data)), 2) == action


def test_dict_forms():
    assert action_to_dict(Bid(1, 3)) == {"type": "bid", "tricks": 3, "blind": False}
    assert action_to_dict(Look(1)) == {"type": "look"}
    assert action_to_dict(Play(1, "QS")) == {"type": "play", "card": "QS"}
    assert action_from_dict({"type": "bid", "tricks": 4}, 3) == Bid(3, 4)
    assert action_from_dict({"type": "play", "card": "10H"}, 0) == Play(0, "TH")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "object"),
        ({}, "Unknown action type"),
        ({"type": "pass"}, "Unknown action type"),
        ({"type": ["bid"]}, "Unknown action type"),
        ({"type": {"a": 1}}, "Unknown action type"),
        ({"type": None}, "Unknown action type"),
        ({"type": "x" * 4000}, r"^Unknown action type 'x{39} \(expected"),
        ({"type": "play", "card": "Q" * 4000}, r"^Not a card: 'Q{39}$"),
        ({"type": "bid"}, "needs 'tricks'"),
        ({"type": "bid", "tricks": "3"}, "whole number"),
        ({"type": "bid", "tricks": 3.0}, "whole number"),
        ({"type": "bid", "tricks": True}, "whole number"),
        ({"type": "bid", "tricks": None}, "whole number"),
        ({"type": "bid", "tricks": 0, "blind": "yes"}, "true or false"),
        ({"type": "bid", "tricks": 0, "blind": 1}, "true or false"),
        ({"type": "bid", "tricks": 3, "card": "QS"}, "Unexpected field"),
        ({"type": "look", "seat": 2}, "Unexpected field"),
        ({"type": "play"}, "needs a 'card'"),
        ({"type": "play", "card": 12}, "card code"),
        ({"type": "play", "card": "ZZ"}, "Not a card"),
        ({"type": "play", "card": "QS", "seat": 1}, "Unexpected field"),
    ],
)
def test_malformed_dicts(data, message):
    with pytest.raises(ValueError, match=message):
        action_from_dict(data, 0)


def test_from_dict_checks_seat():
    with pytest.raises(ValueError):
        action_from_dict({"type": "look"}, 4)
