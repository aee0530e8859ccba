"""The how-to-play page's examples of board scoring are the engine's arithmetic."""

from duplicate.services.boards import board_ruleset
from games.board import board_words
from games.engine import board_score


def test_the_examples_on_the_how_to_play_page():
    rules = board_ruleset(blind_nil=False)
    # Bid 5 and take 7: 50 - 2 = 48 (the other side bid 3 + 3 and took 6: 60).
    score = board_score(rules, bids=(3, 3, 2, 3), blind=(False,) * 4, tricks=(4, 3, 3, 3))
    assert score.points == (48, 60)
    # You bid 7 and take 8 (69); they bid 6 and take 5 (-60): +129 and -129.
    score = board_score(rules, bids=(4, 3, 3, 3), blind=(False,) * 4, tricks=(4, 3, 4, 2))
    assert score.points == (69, -60) and score.result == (129, -129)


def test_the_how_to_play_page_writes_the_board_result_as_every_page_does(client):
    page = client.get("/how-to-play/").content.decode()
    assert board_words((69, -60), 0) in page
