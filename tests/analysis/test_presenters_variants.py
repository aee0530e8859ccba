"""The analysis page's figures for a Solo hand: four sides, each named by its player."""

from analysis import presenters, review
from analysis.models import Analysis
from games.engine import Ruleset
from tests.analysis.test_review_variants import played_hand


def test_the_page_names_each_side_of_a_solo_hand_by_its_one_player():
    ruleset = Ruleset.preset("solo")
    start, actions, _ = played_hand(ruleset, "review-solo")
    hand = review.review_hand(start, actions, bot_seed="solo")
    analysis = Analysis(status=Analysis.Status.DONE, hands_done=1, hands_total=1)
    analysis.result = {"hands": [hand], "summary": review.summary([hand])}
    page = presenters.page(analysis, ["Ann", "Bo", "Cy", "Di"])
    assert page["side_label"] == "Player"
    assert [team["names"] for team in page["hands"][0]["teams"]] == ["Ann", "Bo", "Cy", "Di"]
    assert [player["team"] for player in page["players"]] == [0, 1, 2, 3]
