"""The frames of a push, made once per distinct view in a process (games.frames)."""

import json

import pytest

from games import frames
from games.selectors import game_snapshot
from games.services import tables
from tests.factories import UserFactory

SPECTATOR = {"json_format": False, "invite": None, "logged_in": False}


@pytest.fixture
def snapshot():
    players = [UserFactory(), UserFactory(), "standard", "standard"]
    return game_snapshot(tables.game_create_seated(players=players))


def renders_counted(monkeypatch) -> list:
    calls = []
    render = frames.render

    def counting(payload, **how):
        calls.append(payload["seat"])
        return render(payload, **how)

    monkeypatch.setattr(frames, "render", counting)
    return calls


@pytest.mark.django_db
def test_spectators_of_one_push_share_one_render_byte_for_byte(snapshot, monkeypatch):
    calls = renders_counted(monkeypatch)
    pushes = frames.Pushes()
    first = pushes.get("a", snapshot).frame(None, **SPECTATOR)
    second = pushes.get("a", snapshot).frame(None, **SPECTATOR)
    assert first == second and calls == [None]
    assert f'data-version="{snapshot["version"]}"' in first


@pytest.mark.django_db
def test_each_seat_gets_its_own_render_and_never_another_seats_cards(snapshot, monkeypatch):
    calls = renders_counted(monkeypatch)
    push = frames.Pushes().get("a", snapshot)
    hands = {
        seat: json.loads(push.frame(seat, json_format=True, invite=None, logged_in=True))
        for seat in (0, 1, None)
    }
    assert calls == [0, 1, None]
    assert hands[0]["view"]["hand"] != hands[1]["view"]["hand"]
    assert hands[0]["seat"] == 0 and hands[1]["seat"] == 1
    assert hands[None]["view"]["hand"] is None
    html = push.frame(1, json_format=False, invite=None, logged_in=True)
    for code in hands[0]["view"]["hand"]:
        assert f'data-card="{code}"' not in html


@pytest.mark.django_db
def test_a_new_push_replaces_the_old_one_and_a_late_older_one_is_not_kept(snapshot, monkeypatch):
    calls = renders_counted(monkeypatch)
    pushes = frames.Pushes()
    pushes.get("a", snapshot).frame(None, **SPECTATOR)
    # The same version pushed again (e.g. the rating came in): rendered again.
    pushes.get("b", snapshot).frame(None, **SPECTATOR)
    newer = {**snapshot, "version": snapshot["version"] + 1}
    assert f'data-version="{newer["version"]}"' in pushes.get("c", newer).frame(None, **SPECTATOR)
    pushes.get("b", snapshot).frame(None, **SPECTATOR)  # late: rendered, not kept
    pushes.get("c", newer).frame(None, **SPECTATOR)
    assert calls == [None] * 4
    assert list(pushes.latest) == [snapshot["id"]]


@pytest.mark.django_db
def test_the_cache_holds_at_most_its_size_in_games(snapshot):
    pushes = frames.Pushes(size=3)
    for game_id in range(10):
        pushes.get(f"push-{game_id}", {**snapshot, "id": game_id})
    assert list(pushes.latest) == [7, 8, 9]


def test_the_score_sheet_is_rendered_once_per_distinct_sheet(monkeypatch):
    from games import sheets
    from games.presenters import score_sheet as sheet_of

    hand = {
        "hand_number": 1, "dealer": 0, "bids": [3, 3, 4, 2], "blind": [False] * 4,
        "tricks": [3, 3, 4, 3], "points": [70, 51], "scores": [70, 51], "bags": [0, 1],
        "penalties": [0, 0], "boston": [False, False],
    }  # fmt: skip
    one, two = sheet_of([hand], list("ABCD")), sheet_of([hand, {**hand, "hand_number": 2}], "ABCD")
    rendered = []
    render = sheets.render_to_string
    monkeypatch.setattr(sheets, "render_to_string", lambda *a: rendered.append(1) or render(*a))
    monkeypatch.setattr(sheets, "_rendered", sheets.OrderedDict())
    assert sheets.score_sheet_html(one) == sheets.score_sheet_html(sheet_of([hand], "ABCD"))
    assert len(rendered) == 1
    assert '<th scope="row">2' in sheets.score_sheet_html(two) and len(rendered) == 2
