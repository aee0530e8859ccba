"""The day's ranking and the profile's day so far: only entries that played every board
are ranked; the others are listed below, "in progress" while the day is open and
"incomplete" once it closed, their results still counting on the boards they played. A
person sees their own day so far on their profile; others, how many boards they played."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from duplicate.models import Event
from duplicate.selectors import daily as daily_selectors
from duplicate.services import daily as daily_services
from tests.duplicate.factories import entry_with_results
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def close(event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    assert daily_services.events_close_due() == 1
    event.refresh_from_db()


def lines(rows: list[dict]) -> list[tuple]:
    return [(r["rank"], r["player"], r["score"], r["boards"], r["status"]) for r in rows]


@pytest.fixture
def day(today):
    """Ann and Bob played all 8 boards; Lucky played board 1 alone, with its best result;
    Late has an entry and no board finished."""
    entry_with_results(today, [10, 20, 30, 40, 50, 60, 70, 80], user=UserFactory(username="ann"))
    entry_with_results(today, [0] * 8, user=UserFactory(username="bob"))
    entry_with_results(today, [90], user=UserFactory(username="lucky"))
    entry_with_results(today, [], user=UserFactory(username="late"))
    return today


# Board 1: Lucky 90 beats Ann 10 and Bob 0 (100%, 50%, 0%); boards 2 to 8: Ann beats Bob.
RANKED = [(1, "ann", (50 + 7 * 100) / 8, 8, "ranked"), (2, "bob", 0.0, 8, "ranked")]


def test_only_a_full_day_is_ranked_and_those_still_playing_are_below(day):
    table = daily_selectors.standings(day, None)
    assert lines(table["rows"]) == RANKED  # Lucky's one board at 100% does not top the day
    assert lines(table["others"]) == [
        (None, "lucky", 100.0, 1, "in_progress"),
        (None, "late", None, 0, "in_progress"),
    ]
    assert table["boards"] == 8 and table["entries"] == 4
    page = Client().get(f"/daily/{day.day}/standings").content.decode()
    assert "In progress" in page and "1 / 8" in page and "Incomplete" not in page


def test_once_closed_the_others_are_incomplete_and_the_ranking_is_unchanged(day):
    close(day)
    table = daily_selectors.standings(day, None)
    assert lines(table["rows"]) == RANKED  # Lucky's result still counts on board 1
    assert lines(table["others"]) == [
        (None, "lucky", 100.0, 1, "incomplete"),
        (None, "late", None, 0, "incomplete"),
    ]
    page = Client().get(f"/daily/{day.day}/").content.decode()
    assert "Final ranking" in page and "Incomplete, not ranked" in page


@pytest.mark.parametrize("closed", [False, True])
def test_the_api_gives_the_same_ranking_as_the_pages(day, closed):
    if closed:
        close(day)
    body = Client().get(f"/api/daily/{day.day}/standings").json()
    table = daily_selectors.standings(day, None, limit=100)
    assert body["boards"] == 8 and body["closed"] is closed
    assert body["standings"] == table["rows"] and lines(body["standings"]) == RANKED
    assert body["unranked"] == table["others"] and len(body["unranked"]) == 2


def test_the_viewers_own_line_is_shown_below_a_cut_list(day):
    late = UserFactory._meta.model.objects.get(username="late")
    table = daily_selectors.standings(day, late, limit=1)
    assert [r["player"] for r in table["rows"]] == ["ann"] and table["cut"] == 1
    assert [(r["player"], r["me"]) for r in table["others"]] == [("lucky", False), ("late", True)]


def test_the_profile_shows_a_person_their_own_day_so_far_and_others_only_boards(today):
    me = UserFactory(username="me")
    entry_with_results(today, [50, 50], user=me)
    entry_with_results(today, [0, 0], user=UserFactory())  # me: 100% on both boards
    own = Client()
    own.force_login(me)
    page = own.get("/u/me/").content.decode()
    assert "Today you have played <strong>2</strong> of 8 boards" in page
    assert "<strong>100.0%</strong> so far" in page
    other = Client()
    other.force_login(UserFactory())
    for viewer in (other, Client()):
        page = viewer.get("/u/me/").content.decode()
        assert "Played 2 boards today" in page and "100.0%" not in page
    close(today)
    page = other.get("/u/me/").content.decode()  # the day's results are public now
    assert "Played 2 boards today" not in page and "Days played" in page and "100.0%" in page


def test_a_profile_shows_no_day_before_a_board_is_finished(today):
    me = UserFactory(username="me")
    entry_with_results(today, [], user=me)
    assert daily_selectors.day_so_far(me, me) is None
    assert "Daily challenge" not in Client().get("/u/me/").content.decode()


def test_the_profile_history_averages_the_ranked_days_and_marks_the_others(day):
    close(day)
    ann, lucky = (UserFactory._meta.model.objects.get(username=n) for n in ("ann", "lucky"))
    assert daily_selectors.daily_history(ann)["best"] == RANKED[0][2]
    history = daily_selectors.daily_history(lucky)  # one board at 100%: not a best day
    assert history["days"] == 1 and history["best"] is None and history["average"] is None
    page = Client().get("/u/lucky/").content.decode()
    assert "1 of 8 boards, not ranked" in page and "<strong>100.0%</strong>" in page
