"""The score sheet shows every finished hand of the engine's records, per team."""

import random

from games.engine import FINISHED, Ruleset, new_game
from games.presenters import score_sheet
from games.sheets import score_sheet_html
from tests.engine.factories import random_actions


def test_the_score_sheet_has_one_row_per_hand_and_ends_on_the_final_score():
    *_, (_, state) = random_actions(new_game(Ruleset(), b"\x01" * 32), random.Random(3))
    assert state.phase == FINISHED
    hands = [result.to_dict() for result in state.results]
    sheet = score_sheet(hands, ["Ann", "Bob", "Cy", "Di"])

    assert [team["name"] for team in sheet["teams"]] == ["Ann & Cy", "Bob & Di"]
    assert [row["number"] for row in sheet["rows"]] == [h["hand_number"] for h in hands]
    last = sheet["rows"][-1]["teams"]
    assert [last[0]["score"], last[1]["score"]] == list(state.scores)
    for row, hand in zip(sheet["rows"], hands, strict=True):
        for team in (0, 1):
            assert row["teams"][team]["points"] == hand["points"][team]
            won = row["teams"][team]["tricks"].split(" + ")
            assert sum(map(int, won)) == hand["tricks"][team] + hand["tricks"][team + 2]


def test_nil_and_blind_nil_bids_read_as_words():
    hand = {
        "hand_number": 1, "dealer": 3, "bids": [0, 4, 0, 5], "blind": [True, False, False, False],
        "tricks": [0, 5, 1, 7], "points": [-200, 0], "scores": [-200, 0], "bags": [0, 0],
        "penalties": [0, 0], "boston": [False, False],
    }  # fmt: skip
    row = score_sheet([hand], ["Ann", "Bob", "Cy", "Di"])["rows"][0]
    assert row["dealer"] == "Di"
    assert row["teams"][0]["bids"] == "Blind Nil + Nil"
    assert row["teams"][1]["bids"] == "4 + 5"


def test_a_bag_penalty_reads_in_words():
    hand = {
        "hand_number": 1, "dealer": 0, "bids": [4, 3, 4, 3], "blind": [False] * 4,
        "tricks": [7, 0, 6, 0], "points": [-10, -60], "scores": [-10, -60], "bags": [5, 0],
        "penalties": [1, 0], "boston": [False, False],
    }  # fmt: skip
    html = score_sheet_html(score_sheet([hand], ["Ann", "Bob", "Cy", "Di"]))
    assert "5 bags · a bag penalty" in html and "\u00d7 penalty" not in html
    hand["penalties"] = [2, 0]
    assert "5 bags · 2 bag penalties" in score_sheet_html(score_sheet([hand], ["A", "B", "C", "D"]))
