"""A club's duplicate session in a real browser (Daphne, a Celery worker, PostgreSQL,
Redis): a session director runs a 4-table Mitchell from the Django admin step by step,
averages a board that a table cannot play, a player finds their table and seat on the
session page and bids there, the other boards are played out in-process (people's cards by
the tests, bots by the worker), and the published results and a traveller render.
Screenshots go to test-artifacts/.

Four tables, not three: a session's boards are a multiple of 4 and a Mitchell of n tables
plays n rounds, so 3 tables means 12 boards (36 games) where 4 tables play 4 (16 games)."""

from django.utils import timezone

from config.processes import wait_until
from duplicate.models import BoardGame, Entry, Event, Session
from duplicate.services.boards import board_ruleset
from games.models import Game
from games.services import play as game_play
from tests.browser.pages import DESKTOP, PHONE, admin_log_in, log_in, off_the_loop, shot
from tests.clubs.factories import club_with
from tests.duplicate.play import person_move, play_out
from tests.factories import UserFactory
from tests.leagues.factories import directors_group


def _session(club, director, members) -> Session:
    """A draft session of 8 pairs (4 North-South, 4 East-West), each a member with a bot
    partner, as the director would have entered it."""
    session = Session.objects.create(
        kind=Event.Kind.CLUB, name="Tuesday pairs", club=club, movement="mitchell",
        boards_total=4, boards_per_round=1, ruleset=board_ruleset(blind_nil=False).to_dict(),
        opens_at=timezone.now(), created_by=director,
    )  # fmt: skip
    for i, member in enumerate(members):
        Entry.objects.create(
            event=session, user=member, direction="ns" if i < 4 else "ew", partner_bot="standard"
        )
    return session


def _steps(page) -> list[str]:
    return page.locator(".leagues-steps button").all_inner_texts()


def _step(page, label: str, done: str) -> None:
    page.click(f".leagues-steps >> text={label}")
    page.wait_for_selector(f".messagelist >> text={done}")


def _play_until_turn_of(game_id: int, user) -> None:
    """Plays the other seats (people's cards here, bots' through games' autoplay) until it
    is `user`'s turn."""
    import random

    rng = random.Random(game_id)
    while True:
        game = Game.objects.get(pk=game_id)
        seat = game.seats.get(position=game.state["turn"])
        if seat.user_id == user.pk:
            return
        if seat.user_id is not None:
            game_play.game_act(
                game_id=game_id, user=seat.user, data=person_move(game, seat.position, rng)
            )
        else:
            game_play.game_autoplay(game_id=game_id, version=game.version, timeout=False)


def _play_round(session: Session) -> None:
    """Plays every open board of the round to its end, as its tables would."""

    def open_games() -> list[int]:
        return list(
            BoardGame.objects.filter(
                board__event=session, finished=False, game__isnull=False
            ).values_list("game_id", flat=True)
        )

    while ids := open_games():
        for game_id in ids:
            play_out(game_id, seed=game_id)
        wait_until(lambda: set(open_games()) != set(ids), 10, "the boards recorded")


def test_a_director_runs_a_mitchell_that_a_player_plays_to_its_results(
    open_page, servers, celery_worker
):
    server = servers()
    director = UserFactory(username="director", is_staff=True)
    director.groups.add(directors_group("duplicate.migrations.0003_session_directors"))
    club, members = club_with(members=8)
    session = _session(club, director, members)
    player = members[0]  # North-South pair 1: table 1 in every round

    admin = open_page()
    admin_log_in(admin, server, director)
    change = f"{server.url}/admin/duplicate/session/{session.pk}/change/"
    admin.goto(change)
    # The pair rows fit a desktop screen beside the admin's sidebar, bot partner included.
    box = admin.locator("select[name$='partner_bot']").first.bounding_box()
    assert box["x"] + box["width"] <= DESKTOP["width"]
    shot(admin, "club-session-admin-pairs-desktop")
    assert _steps(admin) == ["START THE SESSION"]
    _step(admin, "Start the session", "has started")
    assert _steps(admin) == ["START THE NEXT ROUND"]
    _step(admin, "Start the next round", "round 1 has started")
    assert _steps(admin) == []  # nothing while the round is played
    progress = admin.locator(".session-progress tbody tr")
    assert progress.count() == 4

    # Table 3 cannot play its board: the director gives it an average.
    averaged = BoardGame.objects.get(board__event=session, round=1, table=3)
    progress.nth(2).locator("text=Average (50%)").click()
    admin.wait_for_selector(
        f"text=Give both pairs an average (50%) on board {averaged.board.number}"
    )
    shot(admin, "club-session-admin-average-confirm-desktop")
    assert not BoardGame.objects.get(pk=averaged.pk).averaged  # asked, not done yet
    admin.click(f"text=Yes, average board {averaged.board.number}")
    admin.wait_for_selector(".messagelist >> text=is averaged")
    shot(admin, "club-session-admin-desktop")
    admin.set_viewport_size(PHONE)
    shot(admin, "club-session-admin-phone")
    admin.set_viewport_size(DESKTOP)

    # The player finds the session from their club, then their table, seat and board.
    page = open_page()
    log_in(page, server, player)
    page.goto(f"{server.url}/clubs/{club.slug}/")
    sessions = page.locator(".card", has=page.get_by_role("heading", name="Duplicate sessions"))
    assert "you: table 1, North" in sessions.inner_text()
    sessions.get_by_role("link", name="Tuesday pairs").click()
    page.wait_for_url(f"**/sessions/{session.pk}/")
    now = page.inner_text(".session-now")
    assert "Round 1: go to table 1, seat North, against East-West 1" in now
    shot(page, "club-session-player-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "club-session-player-phone")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(DESKTOP)
    page.click(".session-now >> text=Play board 1")
    page.wait_for_url("**/games/*/")
    game_id = int(page.url.rstrip("/").split("/")[-1])
    off_the_loop(_play_until_turn_of, game_id, player)
    page.click(".bid-buttons button[data-bid='3']", timeout=30_000)
    wait_until(lambda: Game.objects.get(pk=game_id).engine_state.bids[0] == 3, 10, "the bid")

    for number in range(1, 5):
        off_the_loop(_play_round, session)
        admin.goto(change)
        assert admin.locator(".session-progress").inner_text().count("1 / 1") == 4
        if number == 1:  # the director's next step, once every table is done
            shot(admin, "club-session-admin-next-desktop", full_page=False)
        if number < 4:
            _step(admin, "Start the next round", f"round {number + 1} has started")
    _step(admin, "Close and publish the results", "is closed")
    assert Session.objects.get(pk=session.pk).closed

    page.goto(f"{server.url}/sessions/{session.pk}/")
    for heading in ("North-South ranking", "East-West ranking"):
        assert page.get_by_role("heading", name=heading).is_visible()
    assert page.locator(".standings tbody tr").count() == 8
    shot(page, "club-session-results-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "club-session-results-phone")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]

    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/sessions/{session.pk}/boards/{averaged.board.number}/")
    rows = page.locator(".traveller tbody tr")
    assert rows.count() == 4 and rows.locator("text=Replay").count() == 3
    assert "the director gave both sides an average" in rows.nth(3).inner_text()
    shot(page, "club-session-traveller-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "club-session-traveller-phone")
