"""Cards and their codes."""

import copy
import pickle

import pytest

from games.engine import CARDS, Card


def test_parse_codes():
    card = Card.parse("QS")
    assert (card.rank, card.suit, card.code, str(card)) == (12, "S", "QS", "QS")
    assert Card.parse("TD") is Card.parse("10D")
    assert str(Card.parse("10D")) == "TD"
    assert Card.parse("2C").index == 0 and Card.parse("AS").index == 51
    assert Card.parse("as") is Card.parse("AS")
    assert Card.parse(card) is card


@pytest.mark.parametrize("bad", ["", "S", "1S", "QX", "QSS", "11D", "Q S", None, 12])
def test_bad_codes(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_deck_order_and_sorting():
    assert [c.code for c in CARDS[:14]] == [r + "C" for r in "23456789TJQKA"] + ["2D"]
    assert sorted([Card.parse("2S"), Card.parse("AC"), Card.parse("3H")]) == [
        Card.parse("AC"),
        Card.parse("3H"),
        Card.parse("2S"),
    ]
    assert len({c.code for c in CARDS}) == 54
    assert [c.code for c in CARDS[51:]] == ["AS", "LJ", "BJ"]
    assert Card.parse("bj") is CARDS[53] and Card.parse("LJ").suit == "S"


def test_cards_are_shared_and_immutable():
    card = Card.parse("7H")
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert Card.from_index(card.index) is card
    with pytest.raises(AttributeError):
        card.rank = 3
    with pytest.raises(TypeError):
        Card("7H")
    with pytest.raises(ValueError):
        Card.from_index(54)
