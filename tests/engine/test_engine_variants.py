"""RULES.md "Variants", option by option: the Joker deck, Mirror and Whiz bidding, Solo,
the Nil pass, spades led anytime, the minimum team bid and the forbidden combinations."""

import hashlib
import hmac
import random

import pytest

from games.engine import (
    PASSING,
    PLAYING,
    Bid,
    Card,
    IllegalAction,
    Look,
    NilPass,
    Play,
    Ruleset,
    action_from_dict,
    action_to_dict,
    apply_action,
    deal,
    hand_outcome,
    hand_seed,
    legal_actions,
    new_game,
    places,
    score_hand,
    seats_to_act,
    view_for,
)
from games.engine.cards import mask_of

from .factories import bid_all, codes, play_out, random_actions
from .test_engine_deal import reference_stream

JOKERS = Ruleset.preset("jokers")
MIRROR = Ruleset.preset("mirror")
WHIZ = Ruleset.preset("whiz")
SOLO = Ruleset.preset("solo")


def illegal(state, action, message):
    with pytest.raises(IllegalAction) as error:
        apply_action(state, action)
    assert str(error.value) == message


def dealt(hands: list[str], ruleset: Ruleset, dealer: int = 3, scores=None):
    """A game in the bidding of hand 1 with these hands (space-separated codes)."""
    state = new_game(ruleset, "variant", first_dealer=dealer)
    scores = scores or (0,) * ruleset.sides
    hidden = tuple(ruleset.blind_nil_allowed(scores, ruleset.side_of(s)) for s in range(4))
    return state._replace(
        holdings=tuple(mask_of(codes(hand)) for hand in hands), scores=scores, hidden=hidden
    )


# The Joker deck


def reference_joker_deal(game_seed: bytes, n: int, dealer: int) -> list[list[str]]:
    """RULES.md's Joker deal, written out plainly from the text."""
    seed = hmac.new(game_seed, b"hand:" + str(n).encode(), hashlib.sha256).digest()
    deck = [r + s for s in "CDHS" for r in "23456789TJQKA" if r + s not in ("2C", "2D")]
    deck += ["LJ", "BJ"]
    assert (deck[0], deck[51]) == ("3C", "BJ")
    numbers = reference_stream(seed)
    for i in range(51, 0, -1):
        while True:
            x = next(numbers)
            if x < 2**32 - (2**32 % (i + 1)):
                break
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands = [[], [], [], []]
    for k, card in enumerate(deck):
        hands[(dealer + 1 + k) % 4].append(card)
    return hands


@pytest.mark.parametrize("seed,n,dealer", [(b"test", 1, 3), (b"jokers", 7, 0), (b"", 2, 1)])
def test_the_joker_deal_is_the_pinned_shuffle_of_its_own_deck(seed, n, dealer):
    hands = deal(hand_seed(seed, n), dealer, "jokers")
    expected = reference_joker_deal(seed, n, dealer)
    assert [sorted(map(str, hand)) for hand in hands] == [sorted(hand) for hand in expected]
    everything = {str(card) for hand in hands for card in hand}
    assert len(everything) == 52 and {"BJ", "LJ"} <= everything
    assert not {"2C", "2D"} & everything


def test_a_joker_game_deals_the_joker_deck():
    state = new_game(JOKERS, "test", first_dealer=3)
    held = {card.code for seat in range(4) for card in state.cards(seat)}
    assert {"BJ", "LJ"} <= held and "2C" not in held
    assert state.cards(0) == deal(hand_seed("test", 1), 3, "jokers")[0]


def test_jokers_are_the_top_spades():
    hands = [
        "BJ 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "LJ 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    ]
    state = bid_all(dealt(hands, JOKERS), {0: 3, 1: 3, 2: 3, 3: 3})
    assert state.phase == PLAYING and state.turn == 0
    # A Joker may not be led before spades are broken while the leader holds another suit.
    illegal(state, Play(0, "BJ"), "Spades are not broken")
    state = apply_action(state, Play(0, "3C"))
    # Void in clubs: a Joker played to another suit breaks spades.
    state = apply_action(state, Play(1, "LJ"))
    assert state.spades_broken
    state = apply_action(state, Play(2, "AS"))
    state = apply_action(state, Play(3, "2S"))
    assert state.tricks[-1].winner == 1  # the Little Joker beats the ace
    # A Joker led is a spade lead: the others follow with a spade or a Joker.
    for seat, card in ((1, "3D"), (2, "2H"), (3, "3S"), (0, "4C")):
        state = apply_action(state, Play(seat, card))
    assert state.tricks[-1].winner == 3
    state = apply_action(state, Play(3, "4S"))
    illegal(state, Play(0, "5C"), "You must follow spades")
    state = apply_action(state, Play(0, "BJ"))
    assert state.current_trick.cards == (Card.parse("4S"), Card.parse("BJ"))


def test_a_card_out_of_the_deck_is_not_a_card_in_this_game():
    state = new_game(JOKERS, "x", first_dealer=3)
    state = bid_all(state, {seat: 3 for seat in range(4)})
    illegal(state, Play(0, "2C"), "2C is not a card in this game")
    classic = bid_all(new_game(Ruleset(), "x", first_dealer=3), {seat: 3 for seat in range(4)})
    illegal(classic, Play(0, "bj"), "BJ is not a card in this game")


# Mirror and Whiz


HANDS = [
    "2S 3S 4S 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
    "QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    "QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    "QH KH AH 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def test_mirror_bids_the_spades_and_nil_without_one():
    state = dealt(HANDS, MIRROR)
    assert legal_actions(state) == [Bid(0, 3)]
    assert not any(state.hidden)  # no Blind Nil, no looking
    illegal(state, Bid(0, 4), "In Mirror you bid your spades: 3")
    illegal(state, Bid(0, 0, blind=True), "Blind Nil is not allowed in this game")
    illegal(state, Look(0), "You can already see your cards")
    state = apply_action(state, Bid(0, 3))
    assert legal_actions(state) == [Bid(1, 0)]
    illegal(state, Bid(1, 1), "In Mirror you bid your spades: Nil")


def test_whiz_bids_nil_or_the_spades():
    state = dealt(HANDS, WHIZ)
    assert legal_actions(state) == [Bid(0, 0), Bid(0, 3)]
    illegal(state, Bid(0, 2), "In Whiz you bid Nil or your spades: 3")
    state = apply_action(state, Bid(0, 0))
    assert legal_actions(state) == [Bid(1, 0)]


# Solo


def test_solo_scores_each_player_with_its_own_bags():
    rules = Ruleset(solo=True, bag_limit=3)
    # Seat 0 makes 4 with 6, seat 1 is set, seat 2 makes a Nil, seat 3 fails a Nil.
    bids, tricks = (4, 5, 0, 0), (6, 4, 0, 3)
    outcome = hand_outcome(rules, bids, tricks)
    assert outcome.contract == (4, 5, 0, 0)
    assert outcome.made == (True, False, True, True)
    assert outcome.bags_taken == (2, 0, 0, 3)
    score = score_hand(
        rules, bids=bids, blind=(False,) * 4, tricks=tricks, scores=(0, 0, 0, 0), bags=(2, 0, 0, 0)
    )
    assert score.points == (42 - 100, -50, 100, -100 + 3 - 100)
    assert score.bags == (1, 0, 0, 0)
    assert score.penalties == (1, 0, 0, 1)
    assert places(score.scores) == (3, 2, 1, 4)


def test_solo_plays_on_while_the_top_score_is_shared_and_draws_at_the_hand_limit():
    assert places((10, 30, 30, -5)) == (3, 1, 1, 4)
    state = new_game(Ruleset(solo=True, hands=1), "solo-draw", first_dealer=0)
    assert state.scores == (0, 0, 0, 0) and state.bags == (0, 0, 0, 0)
    state = bid_all(state, {seat: 0 for seat in range(4)})
    state = play_out(state, random.Random(1))
    assert state.phase == "finished"
    top = max(state.scores)
    assert state.winner == (None if state.scores.count(top) > 1 else state.scores.index(top))


def test_solo_blind_nil_is_measured_against_the_best_other_score():
    rules = Ruleset(solo=True)
    assert rules.blind_nil_allowed((0, 100, 20, 50), 0)
    assert not rules.blind_nil_allowed((0, 99, 20, 50), 0)
    assert rules.side_of(2) == 2 and rules.seats_of(3) == (3,)


# The Nil pass


def passing(nil_pass=2, **options):
    rules = Ruleset(nil_pass=nil_pass, **options)
    state = dealt(HANDS, rules, dealer=3)
    return bid_all(state, {0: 0, 1: 4, 2: 5, 3: 4}), rules


def test_the_nil_pass_is_nobodys_turn_and_changes_hands_when_both_chose():
    state, _ = passing()
    assert state.phase == PASSING and state.turn is None
    assert seats_to_act(state) == [0, 2]
    assert legal_actions(state) == [] and legal_actions(state, 1) == []
    assert len(legal_actions(state, 2)) == 78  # 13 choose 2
    illegal(state, NilPass(1, ("QC", "KC")), "You do not pass cards in this hand")
    illegal(state, NilPass(2, ("QD",)), "Pass exactly 2 cards")
    illegal(state, NilPass(2, ("QD", "AS")), "You do not have AS")
    illegal(state, Play(0, "2C"), "The Nil pass is not over yet")
    # The partner chooses first; nothing moves until the Nil bidder has chosen too.
    state = apply_action(state, NilPass(2, ("2H", "3H")))
    assert state.cards(2)[0] == Card.parse("QD") and "2H" in codes_of(state, 2)
    assert view_for(state, 0)["nil_pass"]["given"] is None
    assert view_for(state, 2)["nil_pass"]["received"] is None
    illegal(state, NilPass(2, ("4H", "5H")), "You have already passed your cards")
    state = apply_action(state, NilPass(0, ("2S", "3S")))
    assert "2H" in codes_of(state, 0) and "2S" in codes_of(state, 2)
    assert "2S" not in codes_of(state, 0) and "2H" not in codes_of(state, 2)
    assert (state.phase, state.turn) == (PLAYING, 0)
    mine = view_for(state, 0)["nil_pass"]
    assert (mine["given"], mine["received"], mine["waiting"]) == (["2S", "3S"], ["2H", "3H"], [])
    for other in (1, 3, None):
        seen = view_for(state, other)["nil_pass"]
        assert seen["given"] is None and seen["received"] is None


def codes_of(state, seat):
    return [card.code for card in state.cards(seat)]


def test_no_pass_without_exactly_one_nil_in_a_partnership_and_every_one_in_suicide():
    rules = Ruleset(nil_pass=1)
    both = bid_all(dealt(HANDS, rules), {0: 0, 1: 4, 2: 0, 3: 4})
    assert both.phase == PLAYING
    suicide = Ruleset(nil_pass=3, suicide=True)
    state = bid_all(dealt(HANDS, suicide), {0: 0, 1: 0, 2: 5, 3: 4})
    assert seats_to_act(state) == [0, 1, 2, 3]


def test_the_nil_pass_action_has_a_json_form():
    action = action_from_dict({"type": "nil_pass", "cards": ["ks", "2H"]}, 1)
    assert action == NilPass(1, (Card.parse("2H"), Card.parse("KS")))
    assert action_to_dict(action) == {"type": "nil_pass", "cards": ["2H", "KS"]}
    for bad in ({"type": "nil_pass"}, {"type": "nil_pass", "cards": "AS"}):
        with pytest.raises(ValueError, match="list of card codes"):
            action_from_dict(bad, 1)
    with pytest.raises(ValueError, match="only once"):
        action_from_dict({"type": "nil_pass", "cards": ["AS", "as"]}, 1)


# Spades led anytime, the minimum team bid


def test_spades_may_be_led_anytime_and_broken_is_still_kept():
    rules = Ruleset(spades_lead="anytime")
    state = bid_all(dealt(HANDS, rules), {0: 3, 1: 3, 2: 3, 3: 3})
    assert Play(0, Card.parse("2S")) in legal_actions(state)
    state = apply_action(state, Play(0, "2S"))
    assert state.spades_broken


def test_the_second_partner_brings_the_contract_to_the_minimum_unless_nil():
    rules = Ruleset(min_team_bid=4)
    state = dealt(HANDS, rules, dealer=3)
    assert [a.tricks for a in legal_actions(state) if type(a) is Bid and not a.blind] == list(
        range(14)
    )
    state = apply_action(state, Bid(0, 1))
    state = apply_action(state, Bid(1, 0))
    bids = [a.tricks for a in legal_actions(state) if type(a) is Bid and not a.blind]
    assert bids == [0, *range(3, 14)]
    illegal(
        state,
        Bid(2, 2),
        ("Your team must bid at least 4 together and your partner bid 1: bid Nil or at least 3"),
    )
    state = apply_action(state, Bid(2, 3))
    # After a first Nil the second bid is free.
    assert [a.tricks for a in legal_actions(state) if type(a) is Bid] == list(range(14))


# Forbidden combinations


@pytest.mark.parametrize(
    "options,names",
    [
        ({"bidding": "mirror", "suicide": True}, ("Mirror bidding", "Suicide")),
        ({"bidding": "whiz", "min_team_bid": 3}, ("Whiz bidding", "minimum team bid")),
        ({"bidding": "mirror", "deck": "jokers"}, ("Mirror bidding", "Joker deck")),
        ({"bidding": "whiz", "nil": False}, ("Whiz bidding", "Nil")),
        ({"solo": True, "suicide": True}, ("Solo", "Suicide")),
        ({"solo": True, "nil_pass": 1}, ("Solo", "Nil passing")),
        ({"solo": True, "min_team_bid": 2}, ("Solo", "minimum team bid")),
        ({"solo": True, "nil_tricks_count_for_partner": True}, ("Solo", "Nil tricks count")),
        ({"nil_pass": 2, "nil": False}, ("Nil passing", "Nil")),
    ],
)
def test_an_impossible_combination_is_refused_naming_both_options(options, names):
    with pytest.raises(ValueError) as error:
        Ruleset(**options)
    assert all(name in str(error.value) for name in names)


@pytest.mark.parametrize(
    "options",
    [
        {"solo": True, "bidding": "whiz", "deck": "jokers", "spades_lead": "anytime"},
        {"solo": True, "bidding": "mirror"},
        {"bidding": "whiz", "deck": "jokers", "nil_pass": 3},
        {"suicide": True, "nil_pass": 2, "min_team_bid": 6, "deck": "jokers"},
    ],
)
def test_allowed_combinations_play(options):
    state = new_game(Ruleset(**options, hands=2), "combo", first_dealer=0)
    *_, (_, final) = random_actions(state, random.Random(3))
    assert final.phase == "finished" and len(final.results) == 2
