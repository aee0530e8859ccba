"""The daily challenge's variants (issue 39): the week's rotation, a day of each variant
made with its rules, boards of Jokers, Whiz, Mirror and Suicide played to the end by a
person and the bots, scored and matchpointed; the schedule in the API and on the page; a
day keeps its own variant when the rotation changes."""

from datetime import UTC, date, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import Invalid
from duplicate import variants
from duplicate.models import BoardGame
from duplicate.selectors import daily as daily_selectors
from duplicate.services import boards as board_services, daily as daily_services
from games.engine import board_score
from games.engine.bits import DECKS, SPADES, SUIT_MASK
from tests.duplicate.play import play_board
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MONDAY = date(2026, 11, 23)


def utc_today() -> date:
    return timezone.now().astimezone(UTC).date()


def test_the_week_turns_through_every_partnership_variant():
    week = variants.week_from(MONDAY)
    assert [day["date"] for day in week] == [MONDAY + timedelta(days=n) for n in range(7)]
    assert [day["variant"] for day in week] == list(variants.WEEK)
    assert [day["name"] for day in week][:5] == ["Classic", "Jokers", "Whiz", "Mirror", "Suicide"]
    assert set(variants.WEEK) == set(variants.VARIANTS) and "solo" not in variants.VARIANTS
    # A pure function of the date: the same weekday a week later, the same variant.
    assert variants.daily_variant(MONDAY + timedelta(days=8)) == variants.WEEK[1]
    with pytest.raises(Invalid, match="one of classic, jokers, whiz, mirror, suicide"):
        board_services.board_ruleset(variant="solo", blind_nil=False)


def test_a_day_of_each_variant_is_made_with_its_rules():
    for ahead, variant in enumerate(variants.WEEK):
        event = daily_services.event_make_daily(
            day=MONDAY + timedelta(days=ahead), boards=4, solve=False
        )
        rules = event.rules
        assert event.variant == variant
        assert rules == board_services.board_ruleset(variant=variant, blind_nil=False)
        assert (rules.hands, rules.bag_limit, rules.losing_score) == (1, 0, None)
        assert rules.sides == 2 and not rules.solo
        assert rules.deck == ("jokers" if variant == "jokers" else "standard")
        assert rules.bidding == (variant if variant in ("whiz", "mirror") else "free")
        assert rules.suicide == (variant == "suicide")


def test_a_jokers_board_is_dealt_the_joker_deck_played_scored_and_matchpointed(quiet_games):
    event = daily_services.event_make_daily(day=utc_today(), variant="jokers", solve=False)
    board = event.boards.get(number=1)
    ann, bob = UserFactory(), UserFactory()
    games = []
    for seed, user in enumerate((ann, bob)):
        game = daily_services.daily_board_start(user=user, day=event.day, number=1)
        hands = game.engine_state.holdings
        assert hands[0] | hands[1] | hands[2] | hands[3] == DECKS["jokers"]
        games.append(play_board(game.pk, user, seed=seed))
    for game in games:
        played = BoardGame.objects.get(game=game)
        hand = game.hands.get()
        score = board_score(event.rules, bids=hand.bids, blind=hand.blind, tricks=hand.tricks)
        assert played.finished and sum(played.tricks) == 13
        assert played.points == list(score.points) and played.result == score.result[0]
    rows = daily_selectors.traveller(event, board)
    assert len(rows) == 2 and sum(row["percentage"] for row in rows) == pytest.approx(100)
    # Its double-dummy tricks, the Joker deck's deal solved, on the board's page.
    tricks = board_services.board_solve(board_id=board.pk)
    assert len(tricks) == 2 and sum(tricks) == 13
    client = Client()
    client.force_login(ann)
    page = client.get(f"/daily/{event.day.isoformat()}/boards/1/").content.decode()
    assert "Jokers" in page and bob.username in page
    assert f"double dummy: NS {tricks[0]}, EW {tricks[1]} tricks" in page


@pytest.mark.parametrize("variant", ["whiz", "mirror", "suicide"])
def test_boards_of_the_other_variants_play_to_the_end(variant, quiet_games):
    event = daily_services.event_make_daily(day=utc_today(), variant=variant, solve=False)
    ann, bob = UserFactory(), UserFactory()
    logs, played = [], []
    for user in (ann, bob):
        game = daily_services.daily_board_start(user=user, day=event.day, number=1)
        spades = [
            (holding & SUIT_MASK[SPADES]).bit_count() for holding in game.engine_state.holdings
        ]
        game = play_board(game.pk, user, seed=user.pk)
        logs.append(list(game.actions.order_by("version").values_list("seat", "payload")))
        played.append(BoardGame.objects.get(game=game))
        bids = played[-1].bids
        if variant == "mirror":
            assert bids == spades  # the cards fix every bid (Nil with no spade)
        elif variant == "whiz":
            assert all(bid in (0, count) for bid, count in zip(bids, spades, strict=True))
        else:  # in each partnership exactly one partner bids Nil
            assert (bids[0] == 0) != (bids[2] == 0) and (bids[1] == 0) != (bids[3] == 0)
    assert all(row.finished and row.result is not None for row in played)
    if variant == "mirror":
        # Same cards, same bids at every table: the results differ by the play alone.
        assert played[0].bids == played[1].bids
    percentages = [row["percentage"] for row in daily_selectors.traveller(event, played[0].board)]
    assert sum(percentages) == pytest.approx(100)


def test_the_schedule_in_the_api_and_on_the_page():
    today = daily_services.daily_today()
    assert today.variant == variants.daily_variant(today.day)
    body = Client().get("/api/daily").json()
    assert body["variant"] == today.variant and body["ruleset"] == today.ruleset
    schedule = body["schedule"]
    assert [day["date"] for day in schedule] == [
        (today.day + timedelta(days=n)).isoformat() for n in range(7)
    ]
    assert [day["variant"] for day in schedule] == [
        variants.daily_variant(today.day + timedelta(days=n)) for n in range(7)
    ]
    assert {day["name"] for day in schedule} == {name for name, _ in variants.VARIANTS.values()}
    page = Client().get("/daily/").content.decode()
    assert "This week&#x27;s variants" in page or "This week's variants" in page
    for day in variants.week_from(today.day):
        assert f"{day['date']:%A}</strong>" in page and day["line"] in page


def test_a_day_keeps_its_variant_when_the_rotation_moves_on(monkeypatch):
    day = utc_today() - timedelta(days=2)
    made = daily_services.event_make_daily(day=day, boards=4, solve=False)
    kept = made.variant
    other = "mirror" if kept != "mirror" else "whiz"
    monkeypatch.setattr(variants, "WEEK", (other,) * 7)  # the week is changed later

    again = daily_services.event_make_daily(day=day, boards=4, solve=False)
    assert again.pk == made.pk and again.variant == kept and again.ruleset == made.ruleset
    body = Client().get(f"/api/daily/{day.isoformat()}").json()
    assert body["variant"] == kept
    # The week from that day: the day made shows its own, the days to come the new rotation.
    assert [d["variant"] for d in body["schedule"]] == [kept] + [other] * 6
    assert daily_services.daily_today().variant == other
