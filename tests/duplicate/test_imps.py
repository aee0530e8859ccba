"""The IMP scale of Spades board differences and the 20-0 victory point scale."""

import pytest

from duplicate.imps import blowout, imps, victory_points


@pytest.mark.parametrize(
    "difference, expected",
    [(0, 0), (9, 0), (10, 1), (29, 1), (30, 2), (79, 3), (80, 4), (100, 4), (110, 5),
     (200, 7), (399, 9), (400, 10), (500, 11), (2000, 11)],
)  # fmt: skip
def test_the_imp_scale(difference, expected):
    assert imps(difference) == expected
    assert imps(-difference) == -expected


def test_the_scale_never_falls_as_the_difference_grows():
    steps = [imps(d) for d in range(0, 700)]
    assert steps == sorted(steps)


def test_a_draw_is_ten_all_and_the_points_always_make_twenty():
    assert victory_points(0, 8) == (10.0, 10.0)
    for margin in range(-40, 41):
        a, b = victory_points(margin, 8)
        assert a + b == pytest.approx(20.0)
        assert (a > b) == (margin > 0)


def test_victory_points_grow_with_the_margin_up_to_a_blowout():
    points = [victory_points(margin, 4)[0] for margin in range(0, 20)]
    assert points == sorted(points)
    assert blowout(4) == 8.0
    assert victory_points(8, 4) == (20.0, 0.0) == victory_points(30, 4)
    assert victory_points(-8, 4) == (0.0, 20.0)
    assert 10 < victory_points(1, 4)[0] < victory_points(4, 4)[0] < 20


def test_longer_matches_need_a_wider_margin_for_the_same_points():
    assert victory_points(6, 16)[0] < victory_points(6, 4)[0]


def test_a_match_has_boards():
    with pytest.raises(ValueError):
        victory_points(3, 0)


def test_the_rules_page_shows_the_scale_the_code_uses(client, db):
    from duplicate.imps import scale

    assert scale()[:2] == [(0, 9, 0), (10, 29, 1)] and scale()[-1] == (500, None, 11)
    html = client.get("/how-to-play/").content.decode()
    assert 'id="club-sessions"' in html and "500 and more" in html and "20–0 from a margin" in html  # noqa: RUF001
