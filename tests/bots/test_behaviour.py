"""What the bots do in constructed positions: Nils, partners' tricks, bags, bidding."""

import random

import pytest

from games.bots import get_bot
from games.engine import Bid, Card, Look, Play, Ruleset
from tests.bots.factories import THIRTEEN_SPADES, act, deal, view

STANDARD = get_bot("standard")
# Deterministic mode counts playouts, so these tests do not depend on the machine's speed.
EXPERT = get_bot("expert", budget_ms=100, deterministic=True)
BOTS = pytest.mark.parametrize("bot", [STANDARD, EXPERT], ids=["standard", "expert"])
RULES = Ruleset()


def decide(bot, state, ruleset=RULES, seed=1):
    return bot(view(state), ruleset, random.Random(seed))


def rank(code: str) -> int:
    return Card.parse(code).rank


# Seat 0 bids Nil; seat 3 leads 3H, the Nil plays 9H, seat 1 ducks with 4H: seat 2,
# the Nil's partner, holds TH..AH.
NIL_COVER = [
    "9H 2D 3D 4D 5D 6D 7D 2C 3C 4C 5C 6C 2S",
    "4H 5H KC AC 8D 9D TD 8S 9S TS JS QS KS",
    "6H 7H 8H TH JH QH KH AH JD QD KD AD AS",
    "2H 3H 7C 8C 9C TC JC QC 3S 4S 5S 6S 7S",
]


@BOTS
def test_covers_partners_nil_by_playing_over_it(bot):
    state = act(deal(NIL_COVER, dealer=2), 2, 0, 4, 6, "3H", "9H", "4H")
    action = decide(bot, state)
    assert action.card.suit == "H"
    assert action.card.rank > rank("9H"), "the Nil partner would win the trick"


def test_covers_partners_nil_by_leading_high():
    state = act(deal(NIL_COVER, dealer=2), 2, 0, 4, 6, "3H", "9H", "4H", "TH")
    assert state.turn == 2
    action = decide(STANDARD, state)
    # A card nobody can beat in its suit, so the Nil can play under it.
    assert action.card.code in {"AH", "AD"}


@BOTS
def test_does_not_trump_a_trick_partner_is_winning(bot):
    hands = [
        "AH KH QH JH 2C 3C 4C 2D 3D 4D 5D 6D 7D",
        "5H 6H 7H 8H 9H TD JD QD KD AD 3S 4S 5S",
        "AS 5C 6C 7C 8C 9C TC JC QC KC AC 8D 9D",  # no hearts
        "TH 2H 3H 4H 2S 6S 7S 8S 9S TS JS QS KS",
    ]
    state = act(deal(hands, dealer=3), 4, 3, 3, 3, "AH", "5H")
    # Partner's ace wins anyway: the ace of spades would turn two tricks into one.
    action = decide(bot, state)
    assert action.card.suit != "S"


def test_ducks_once_the_contract_is_made_near_the_bag_limit():
    # The standard bot's rule; the expert weighs each bag against the rest of the hand.
    bot = STANDARD
    hands = [
        "AC KC AD KD 2H 3H 4H 5H 2S 3S 4S 5S 6S",
        "2C 3C 4C 2D 3D 7H 8H TH JH QH KH AH 7S",
        "5C 6C 7C 4D 5D 6D 7D 6H 9H 8S 9S TS JS",
        "8C 9C TC JC QC 8D 9D TD JD QD QS KS AS",
    ]
    state = deal(hands, dealer=3, scores=(120, 150), bags=(8, 2))
    # Team 0 bids 1 + 1 and makes it with the two aces; seat 0 then leads 5H.
    state = act(state, 1, 3, 1, 3, "AC", "2C", "5C", "8C", "AD", "2D", "5D", "8D", "5H", "7H")
    assert state.tricks_taken[0] == 2
    action = decide(bot, state)
    assert action.card.code == "6H", "6H stays under 7H; 9H would risk a bag"


@BOTS
def test_plays_under_an_opponents_nil(bot):
    hands = [
        "3H 4H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D",
        "2H 9H 7C 8C 9C 8D 9D 2S 3S 4S 5S 6S 7S",
        "5H 6H 8H KH TC JC QC TD JD 8S 9S TS JS",
        "7H TH JH QH AH KC AC QD KD AD QS KS AS",
    ]
    state = act(deal(hands, dealer=3), 3, 0, 3, 4, "3H", "9H")
    action = decide(bot, state)
    assert action.card.suit == "H"
    assert action.card.rank < rank("9H"), "beating the Nil's 9H would save its Nil"


def test_leads_no_spade_before_spades_are_broken():
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2C",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2S",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    ]
    state = act(deal(hands, dealer=3), 10, 3, 3, 3)
    for bot in (STANDARD, EXPERT):
        assert decide(bot, state) == Play(0, "2C")


@BOTS
def test_bids_13_with_13_spades(bot):
    state = deal(THIRTEEN_SPADES, dealer=3)
    assert decide(bot, state) == Bid(0, 13)


NIL_HAND = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S"
NIL_PARTNER_DEAL = [
    NIL_HAND,
    "6C 7C 8C 9C 6D 7D 8D 9D 6H 7H 8H 9H 3S",
    "TC JC QC KC TD JD QD KD TH JH QH 4S 5S",
    "AC AD KH AH 6S 7S 8S 9S TS JS QS KS AS",
]


def test_the_nil_hand_is_bid_nil():
    # The hand these tests use is one the standard bot does bid Nil with.
    state = act(deal(NIL_PARTNER_DEAL, dealer=1), 3, 5)
    assert decide(STANDARD, state) == Bid(0, 0)


@BOTS
def test_never_bids_nil_after_partners_nil(bot):
    state = act(deal(NIL_PARTNER_DEAL, dealer=1), 0, 5)
    action = decide(bot, state)
    assert action.seat == 0
    assert action.tricks >= 1


@BOTS
def test_suicide_nil_when_partner_bid_tricks_and_not_after_partners_nil(bot):
    suicide = Ruleset.preset("suicide")
    state = act(deal(NIL_PARTNER_DEAL[::-1], dealer=1, ruleset=suicide), 4, 0)
    # Seat 0's partner (seat 2) bid 4: Suicide requires seat 0's Nil, whatever its cards.
    assert decide(bot, state, suicide) == Bid(0, 0)
    state = act(deal(NIL_PARTNER_DEAL, dealer=1, ruleset=suicide), 0, 5)
    assert decide(bot, state, suicide).tricks >= 1


@BOTS
def test_blind_nil_only_far_behind(bot):
    deal_args = {"dealer": 0, "hidden_viewer": 1}
    # Trailing by 120 makes Blind Nil legal but not worth it: look at the cards.
    state = deal(THIRTEEN_SPADES, scores=(300, 180), **deal_args)
    assert view(state)["hand"] is None
    assert decide(bot, state) == Look(1)
    # Far behind with the opponents about to win: the gamble is the best chance.
    state = deal(THIRTEEN_SPADES, scores=(440, 150), **deal_args)
    assert decide(bot, state) == Bid(1, 0, blind=True)
