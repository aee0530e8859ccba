"""One seat's statistics from hands scored by the engine."""

from types import SimpleNamespace

from games.engine import Ruleset, score_hand
from ranked.handstats import seat_stats

RULES = Ruleset()


def hands(*deals):
    rows, scores, bags = [], (0, 0), (0, 0)
    for bids, tricks, *rest in deals:
        blind = rest[0] if rest else (False,) * 4
        score = score_hand(RULES, bids=bids, blind=blind, tricks=tricks, scores=scores, bags=bags)
        rows.append(SimpleNamespace(bids=bids, blind=blind, tricks=tricks, **score._asdict()))
        scores, bags = score.scores, score.bags
    return rows


def stats(rows, position):
    return seat_stats(rows, position, ruleset=RULES)


def test_contracts_bags_and_points_of_the_team():
    rows = hands(
        ((4, 3, 3, 3), (5, 3, 1, 4)),  # team 0 bid 7, took 6: set; team 1 bid 6 took 7
        ((3, 3, 4, 3), (4, 3, 4, 2)),  # team 0 bid 7 took 8: one bag; team 1 set
    )
    north, east = stats(rows, 0), stats(rows, 1)
    assert (north.hands, north.contracts, north.contracts_made) == (2, 2, 1)
    assert (east.contracts, east.contracts_made) == (2, 1)
    assert north.bags == 1 and east.bags == 1
    assert north.points == -70 + 71 and east.points == 61 - 60
    assert (north.score, north.opponent_score) == (1, 1)


def test_nil_and_blind_nil_attempts_and_successes_are_the_seats_own():
    rows = hands(
        ((0, 4, 5, 4), (0, 4, 6, 3)),  # seat 0 makes Nil
        ((0, 4, 5, 4), (2, 4, 4, 3)),  # seat 0 fails Nil: its 2 tricks are bags
        ((0, 4, 5, 4), (0, 4, 5, 4), (True, False, False, False)),  # Blind Nil made
    )
    north, south = stats(rows, 0), stats(rows, 2)
    assert (north.nil_bids, north.nils_made) == (2, 1)
    assert (north.blind_nil_bids, north.blind_nils_made) == (1, 1)
    assert (south.nil_bids, south.blind_nil_bids) == (0, 0)
    assert north.bags == south.bags == 1 + (2 + 0) + 0  # overtrick, then the failed Nil's tricks


def test_bag_penalties_do_not_hide_the_bags_taken_and_bostons_count():
    rows = hands(
        ((1, 1, 1, 1), (6, 0, 6, 1)),  # team 0 takes 10 bags: penalty, count back to 0
        ((7, 0, 6, 0), (7, 0, 6, 0)),  # team 0 takes all 13: Boston
    )
    north = stats(rows, 0)
    assert rows[0].penalties == (1, 0) and rows[0].bags == (0, 0)
    assert north.bags == 10 and north.bostons == 1


def test_in_solo_a_seat_is_its_own_side_against_the_best_other():
    solo = Ruleset.preset("solo")
    bids, tricks = (3, 4, 2, 4), (4, 4, 1, 4)
    score = score_hand(
        solo, bids=bids, blind=(False,) * 4, tricks=tricks, scores=(0,) * 4, bags=(0,) * 4
    )
    row = SimpleNamespace(bids=bids, blind=(False,) * 4, tricks=tricks, **score._asdict())
    north, south = seat_stats([row], 0, ruleset=solo), seat_stats([row], 2, ruleset=solo)
    assert (north.contracts_made, north.bags, north.score) == (1, 1, score.scores[0])
    assert (south.contracts_made, south.score) == (0, score.scores[2])
    assert north.opponent_score == max(score.scores[1:])
