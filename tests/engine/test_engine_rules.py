"""Bidding, Blind Nil, Suicide, play, scoring through play and the end of the game."""

import random

import pytest

from games.engine import (
    BIDDING,
    FINISHED,
    PLAYING,
    Bid,
    Card,
    IllegalAction,
    Look,
    Play,
    Ruleset,
    apply_action,
    bid_choices,
    legal_actions,
    new_game,
    view_for,
)

from .factories import bid_all, codes, play_out, rigged, suit, sweep

CLASSIC = Ruleset()


def illegal(state, action, message):
    with pytest.raises(IllegalAction) as error:
        apply_action(state, action)
    assert str(error.value) == message


def bids_of(actions):
    return [(a.tricks, a.blind) for a in actions if isinstance(a, Bid)]


# Bidding


def test_bidding_starts_left_of_dealer_and_goes_clockwise():
    state = new_game(CLASSIC, "bids", first_dealer=2)
    assert (state.phase, state.turn, state.hand_number) == (BIDDING, 3, 1)
    illegal(state, Bid(0, 3), "It is seat 3's turn")
    for seat, tricks in [(3, 2), (0, 4), (1, 3), (2, 1)]:
        assert state.turn == seat
        state = apply_action(state, Bid(seat, tricks))
    assert state.bids == (4, 3, 1, 2)
    assert (state.phase, state.turn, state.leader) == (PLAYING, 3, 3)
    illegal(state, Bid(3, 2), "Bidding is over")


def test_bid_range():
    state = new_game(CLASSIC, "range", first_dealer=3)
    assert bids_of(legal_actions(state)) == [(t, False) for t in range(14)]
    illegal(state, Bid(0, 14), "A bid must be from 0 to 13 tricks")
    illegal(state, Bid(0, -1), "A bid must be from 0 to 13 tricks")
    illegal(state, Bid(0, 3, blind=True), "Only a Nil bid can be blind")


def test_nil_disabled():
    rules = Ruleset(nil=False)
    state = new_game(rules, "no-nil", first_dealer=3)
    assert bids_of(legal_actions(state)) == [(t, False) for t in range(1, 14)]
    illegal(state, Bid(0, 0), "Nil is not allowed in this game: bid from 1 to 13")
    illegal(state, Bid(0, 0, blind=True), "Nil is not allowed in this game: bid from 1 to 13")
    # Blind Nil has no effect without Nil, even for a team far behind.
    behind = rigged(deal_by_suit(), ruleset=rules, scores=(0, 300))
    assert not any(behind.hidden)
    assert view_for(behind, 0)["hand"] is not None


def test_actions_never_modify_the_state():
    state = new_game(CLASSIC, "pure", first_dealer=0)
    snapshot = state.to_dict()
    after = apply_action(state, legal_actions(state)[3])
    assert state.to_dict() == snapshot
    assert after.version == state.version + 1
    with pytest.raises(AttributeError):
        state.turn = 2


# Blind Nil


def deal_by_suit():
    return [suit("C"), suit("D"), suit("H"), suit("S")]


def test_blind_nil_needs_a_deficit():
    # Team 1 trails by 99: not eligible; by 100: eligible.
    state = rigged(deal_by_suit(), scores=(99, 0))
    assert not any(state.hidden)
    illegal(
        state,
        Bid(0, 0, blind=True),
        "Blind Nil is only allowed when your team trails by at least 100 points",
    )
    state = rigged(deal_by_suit(), scores=(100, 0))
    assert state.hidden == (False, True, False, True)
    assert view_for(state, 0)["hand"] == suit("C")
    assert view_for(state, 1)["hand"] is None
    assert view_for(state, 1)["blind_nil_eligible"] is True
    assert view_for(state, 0)["blind_nil_eligible"] is False


def test_blind_nil_anytime():
    state = rigged(deal_by_suit(), ruleset=Ruleset.preset("blind-nil-anytime"), scores=(300, 0))
    assert state.hidden == (True, True, True, True)


def test_blind_nil_option_off():
    state = rigged(deal_by_suit(), ruleset=Ruleset(blind_nil=False), scores=(0, 500))
    assert not any(state.hidden)
    illegal(state, Bid(0, 0, blind=True), "Blind Nil is not allowed in this game")


def test_hidden_player_bids_blind_nil():
    state = rigged(deal_by_suit(), scores=(0, 150), dealer=3)
    assert state.turn == 0 and state.hidden == (True, False, True, False)
    actions = legal_actions(state)
    assert actions[0] == Look(0)
    assert (0, True) in bids_of(actions) and len(bids_of(actions)) == 15
    state = apply_action(state, Bid(0, 0, blind=True))
    assert state.blind == (True, False, False, False)
    # Bidding shows the cards.
    assert view_for(state, 0)["hand"] == suit("C")
    assert view_for(state, 0)["blind_nil_eligible"] is False


def test_look_in_and_out_of_turn_ends_blind_nil():
    state = rigged(deal_by_suit(), scores=(0, 150), dealer=3)
    # Seat 2 looks out of turn; seat 1 may not look (its cards are not hidden).
    assert legal_actions(state, 2) == [Look(2)]
    assert legal_actions(state, 1) == []
    illegal(state, Look(1), "You can already see your cards")
    state = apply_action(state, Look(2))
    assert view_for(state, 2)["hand"] == suit("H")
    assert state.hidden == (True, False, False, False)
    assert legal_actions(state, 2) == []
    illegal(state, Look(2), "You can already see your cards")
    # Seat 0 looks in turn, then may bid anything but Blind Nil.
    state = apply_action(state, Look(0))
    assert Look(0) not in legal_actions(state)
    assert (0, True) not in bids_of(legal_actions(state))
    illegal(
        state, Bid(0, 0, blind=True), "You have looked at your cards, so you cannot bid Blind Nil"
    )
    state = apply_action(state, Bid(0, 0))  # an ordinary Nil
    assert state.blind[0] is False
    state = apply_action(state, Bid(1, 3))
    illegal(
        state, Bid(2, 0, blind=True), "You have looked at your cards, so you cannot bid Blind Nil"
    )


def test_hidden_player_may_bid_without_looking():
    state = rigged(deal_by_suit(), scores=(0, 150), dealer=3)
    state = apply_action(state, Bid(0, 4))
    assert state.bids[0] == 4 and not state.hidden[0]
    illegal(state, Look(0), "You have already bid and seen your cards")


def test_look_only_during_bidding():
    state = bid_all(rigged(deal_by_suit(), scores=(0, 150)), {0: 1, 1: 1, 2: 1, 3: 1})
    illegal(state, Look(0), "You can only look at your cards during bidding")
    assert state.turn == 0 and legal_actions(state, 1) == [] and len(legal_actions(state, 0)) == 13


def test_eligibility_is_decided_at_the_start_of_each_hand():
    # Team 1 is set hard in hand 1 and trails by 100 or more in hand 2.
    state = sweep(0)
    state = bid_all(state, {0: 7, 1: 6, 2: 6, 3: 6})
    assert not any(state.hidden)
    state = play_out(state, random.Random(1))
    assert state.hand_number == 2 and state.scores == (130, -120)
    assert state.hidden == (False, True, False, True)
    assert view_for(state, 1)["hand"] is None and view_for(state, 0)["hand"] is not None


# Suicide


def test_suicide_second_partner_must_complement():
    state = rigged(deal_by_suit(), ruleset=Ruleset.preset("suicide"), dealer=3)
    # First partners may bid anything.
    assert bids_of(legal_actions(state)) == [(t, False) for t in range(14)]
    state = apply_action(state, Bid(0, 3))
    state = apply_action(state, Bid(1, 0))
    # Seat 2's partner bid 3: seat 2 must bid Nil.
    assert bids_of(legal_actions(state)) == [(0, False)]
    illegal(state, Bid(2, 2), "Your partner did not bid Nil, so you must bid Nil (Suicide)")
    state = apply_action(state, Bid(2, 0))
    # Seat 3's partner bid Nil: seat 3 must bid at least 1.
    assert bids_of(legal_actions(state)) == [(t, False) for t in range(1, 14)]
    illegal(state, Bid(3, 0), "Your partner bid Nil, so you must bid at least 1 (Suicide)")
    state = apply_action(state, Bid(3, 5))
    assert state.phase == PLAYING


def test_suicide_with_blind_nil():
    rules = Ruleset(suicide=True, blind_nil_min_deficit=0)
    state = rigged(deal_by_suit(), ruleset=rules, dealer=3)
    state = apply_action(state, Bid(0, 0, blind=True))
    state = apply_action(state, Bid(1, 4))
    # Seat 2 is hidden but its partner's (Blind) Nil rules Blind Nil out.
    assert view_for(state, 2)["blind_nil_eligible"] is False
    assert view_for(state, 3)["blind_nil_eligible"] is True
    assert bids_of(legal_actions(state)) == [(t, False) for t in range(1, 14)]
    assert Look(2) in legal_actions(state)
    state = apply_action(state, Bid(2, 2))
    # Seat 3's partner bid 4: Nil or Blind Nil only.
    assert bids_of(legal_actions(state)) == [(0, False), (0, True)]
    state = apply_action(state, Bid(3, 0, blind=True))
    assert state.blind == (True, False, False, True)


# Play


def test_first_lead_cannot_be_a_spade_and_spades_break():
    hands = [
        codes("AS KS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"),
        codes("KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"),
        codes("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KD AD"),
        suit("H"),
    ]
    state = bid_all(rigged(hands, dealer=3), {0: 3, 1: 3, 2: 3, 3: 3})
    assert state.turn == 0
    assert all(a.card.suit == "C" for a in legal_actions(state))
    illegal(state, Play(0, "AS"), "Spades are not broken")
    illegal(state, Play(0, "AH"), "You do not have AH")
    illegal(state, Play(1, "KC"), "It is seat 0's turn")
    state = apply_action(state, Play(0, "2C"))
    assert [str(a.card) for a in legal_actions(state)] == ["KC", "AC"]
    illegal(state, Play(1, "2D"), "You must follow clubs")
    state = apply_action(state, Play(1, "KC"))
    # Seat 2 has no club: anything goes, and a spade on clubs breaks spades.
    assert len(legal_actions(state)) == 13
    state = apply_action(state, Play(2, "2S"))
    assert state.spades_broken
    state = apply_action(state, Play(3, "AH"))
    # The lowest spade beats the king of the suit led.
    assert state.tricks[-1].winner == 2 and state.turn == 2 and state.tricks_taken == (0, 0, 1, 0)
    assert state.tricks[-1].plays == (
        (0, Card.parse("2C")),
        (1, Card.parse("KC")),
        (2, Card.parse("2S")),
        (3, Card.parse("AH")),
    )
    # Now spades may be led.
    assert Play(2, "3S") in legal_actions(state)


def test_leader_with_only_spades_may_lead_one():
    state = bid_all(sweep(1), {0: 1, 1: 1, 2: 1, 3: 1})
    assert state.turn == 1 and not state.spades_broken
    assert len(legal_actions(state)) == 13
    state = apply_action(state, Play(1, "2S"))
    assert state.spades_broken


def test_highest_card_of_suit_led_wins_without_spades():
    hands = [
        codes("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        suit("D"),
        suit("H"),
        suit("S"),
    ]
    state = bid_all(rigged(hands, dealer=2), {0: 1, 1: 1, 2: 1, 3: 1})
    assert state.turn == 3  # left of dealer 2
    state = apply_action(state, Play(3, "2S"))
    # Nobody else has a spade: the 2S wins.
    for seat, card in [(0, "AC"), (1, "AD"), (2, "AH")]:
        state = apply_action(state, Play(seat, card))
    assert state.tricks[-1].winner == 3


def test_trick_winner_highest_of_led_suit():
    hands = [
        codes("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD"),
        codes("AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
        suit("H"),
        suit("S"),
    ]
    state = bid_all(rigged(hands, dealer=3), {0: 1, 1: 1, 2: 1, 3: 1})
    state = apply_action(state, Play(0, "KC"))
    state = apply_action(state, Play(1, "AC"))
    state = apply_action(state, Play(2, "AH"))
    state = apply_action(state, Play(3, "AS"))
    assert state.tricks[-1].winner == 3
    state2 = bid_all(rigged(hands, dealer=3), {0: 1, 1: 1, 2: 1, 3: 1})
    for seat, card in [(0, "2C"), (1, "AC")]:
        state2 = apply_action(state2, Play(seat, card))
    assert legal_actions(state2, 3) == []
    state2 = apply_action(state2, Play(2, "2H"))
    # Seat 3 holds only spades, so it must play one and wins.
    state2 = apply_action(state2, Play(3, "2S"))
    assert state2.tricks[-1].winner == 3


def test_hand_scored_through_play_and_next_hand_dealt():
    state = bid_all(sweep(0, scores=(100, 50), bags=(3, 4)), {0: 5, 1: 2, 2: 0, 3: 1})
    state = play_out(state, random.Random(7))
    result = state.results[-1]
    assert result.tricks == (13, 0, 0, 0)
    # 8 overtricks on 3 bags: one penalty.
    assert result.points == (50 + 8 + 100 - 100, -30)
    assert result.boston == (True, False)
    assert state.scores == (158, 20) and state.bags == (1, 4)
    assert result.penalties == (1, 0)
    assert (state.hand_number, state.dealer, state.turn, state.phase) == (2, 0, 1, BIDDING)
    assert state.tricks == () and state.tricks_taken == (0, 0, 0, 0)
    assert state.hand_counts == (13, 13, 13, 13)
    assert state.last_trick is not None and state.last_trick.winner == 0


def test_boston_bonus_through_play():
    rules = Ruleset(boston_bonus=200)
    state = bid_all(sweep(2, ruleset=rules), {0: 6, 1: 1, 2: 7, 3: 1})
    state = play_out(state, random.Random(2))
    assert state.results[-1].points == (130 + 200, -20)


# End of the game


def finish_hand(state, bids):
    return play_out(bid_all(state, bids), random.Random(3))


def test_target_reached():
    state = finish_hand(sweep(0, scores=(400, 300)), {0: 6, 1: 1, 2: 7, 3: 1})
    assert state.phase == FINISHED and state.winner == 0 and state.turn is None
    assert state.scores == (530, 280)
    assert legal_actions(state) == [] and legal_actions(state, 1) == []
    illegal(state, Bid(0, 1), "The game is over")
    illegal(state, Play(0, "2C"), "The game is over")
    illegal(state, Look(0), "The game is over")


def test_higher_score_wins_when_both_pass_the_target():
    state = finish_hand(sweep(1, scores=(520, 470)), {0: 1, 1: 6, 2: 1, 3: 7})
    assert state.scores == (500, 600) and state.winner == 1


def test_tie_at_the_target_plays_another_hand():
    state = finish_hand(sweep(0, scores=(370, 520)), {0: 6, 1: 1, 2: 7, 3: 1})
    assert state.scores == (500, 500)
    assert state.phase == BIDDING and state.hand_number == 2 and state.winner is None


def test_losing_score_ends_the_game():
    state = finish_hand(sweep(0, scores=(0, -190)), {0: 6, 1: 1, 2: 7, 3: 1})
    assert state.scores == (130, -210) and state.phase == FINISHED and state.winner == 0
    # Exactly at the losing score also ends it.
    state = finish_hand(sweep(0, scores=(0, -180)), {0: 6, 1: 1, 2: 7, 3: 1})
    assert state.scores == (130, -200) and state.phase == FINISHED


def test_losing_score_none_disables_it():
    rules = Ruleset(losing_score=None)
    state = finish_hand(sweep(0, ruleset=rules, scores=(0, -190)), {0: 6, 1: 1, 2: 7, 3: 1})
    assert state.scores == (130, -210) and state.phase == BIDDING


def test_both_below_losing_score_higher_wins():
    state = finish_hand(sweep(0, scores=(-300, -190)), {0: 13, 1: 1, 2: 13, 3: 1})
    # Team 0 is set (-260): -560; team 1 set: -210. Both low, team 1 higher.
    assert state.scores == (-560, -210) and state.winner == 1


def test_presets_end_at_their_targets():
    short = Ruleset.preset("short")
    state = finish_hand(sweep(0, ruleset=short, scores=(200, 0)), {0: 6, 1: 1, 2: 7, 3: 1})
    assert state.phase == FINISHED and state.scores[0] == 330
    quick = Ruleset.preset("quick")
    state = finish_hand(sweep(0, ruleset=quick, scores=(0, -90)), {0: 6, 1: 1, 2: 7, 3: 1})
    assert state.phase == FINISHED and state.scores[1] == -110


def test_dealer_rotates_and_seed_numbers_hands():
    state = new_game(CLASSIC, "rotate", first_dealer=1)
    rng = random.Random(4)
    seen = []
    while state.phase != FINISHED and len(seen) < 6:
        seen.append((state.hand_number, state.dealer))
        state = play_out(state, rng)
    assert seen == [(n, (n) % 4) for n in range(1, len(seen) + 1)]


def test_not_an_action():
    state = new_game(CLASSIC, "x")
    illegal(state, "bid 3", "Not an action: 'bid 3'")


def test_legal_actions_for_a_bad_seat():
    state = new_game(CLASSIC, "x")
    with pytest.raises(ValueError):
        legal_actions(state, 4)


def test_bid_choices_follow_the_partners_bid():
    assert bid_choices(CLASSIC, None, 3) == bid_choices(CLASSIC, 0, 3) == tuple(range(14))
    assert bid_choices(Ruleset(nil=False), 4, 3) == tuple(range(1, 14))
    suicide = Ruleset.preset("suicide")
    assert bid_choices(suicide, None, 3) == tuple(range(14))
    assert bid_choices(suicide, 0, 3) == tuple(range(1, 14))
    assert bid_choices(suicide, 3, 3) == (0,)
