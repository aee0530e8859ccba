"""League seasons run by club admins on the site: schedule, fixtures, results, decisions."""

from collections import Counter
from datetime import UTC, timedelta

import pytest
from django.utils import timezone

from clubs.models import Membership
from core.errors import Conflict, Forbidden, Invalid, Refused
from games.models import Game
from leagues import selectors
from leagues.models import Fixture, FixtureDecision, FixturePresence, Season, Team
from leagues.services import results, seasons
from social.models import Notification
from tests.clubs.factories import club_with
from tests.factories import UserFactory
from tests.games.finished import play_out
from tests.helpers import told
from tests.leagues.factories import (
    past,
    results_land_by_themselves,
    season_with_teams,
    started_season,
)

pytestmark = pytest.mark.django_db


def start_fixture(client, fixture: Fixture) -> Game:
    """The four players each say they are here; the fourth is taken to the game."""
    fixture = Fixture.objects.select_related("home", "away").get(pk=fixture.pk)
    for number, player in enumerate(fixture.players(), start=1):
        client.force_login(player)
        response = client.post(f"/fixtures/{fixture.pk}/present")
        fixture.refresh_from_db()
        if number < 4:
            assert fixture.game is None and fixture.status == "scheduled"
    assert fixture.status == "playing"
    assert response.url == selectors.game_url(fixture.game)
    return fixture.game


def expected_table(season: Season) -> dict:
    """Standings recomputed from the games and decisions, independently of the selector."""
    table = {team.pk: Counter() for team in season.teams.all()}
    for fixture in season.fixtures.exclude(away=None).select_related("game"):
        if fixture.status == "played":
            game = fixture.game
            sides = ((fixture.home_id, 0), (fixture.away_id, 1))
            for team_id, seat_team in sides:
                row = table[team_id]
                row["played"] += 1
                won = game.winner == seat_team
                row["won" if won else "lost"] += 1
                row["points"] += season.points_win if won else season.points_loss
                row["for"] += game.state["scores"][seat_team]
                row["against"] += game.state["scores"][1 - seat_team]
        elif fixture.status == "forfeit":
            for team_id in (fixture.home_id, fixture.away_id):
                row = table[team_id]
                row["played"] += 1
                won = fixture.winner_id == team_id
                row["won" if won else "lost"] += 1
                row["points"] += season.points_win if won else 0
    return table


def test_a_season_of_six_teams_from_start_to_final_standings(
    client, monkeypatch, fast_games, django_capture_on_commit_callbacks
):
    admin = UserFactory()
    club, _ = club_with(owner=admin)
    client.force_login(admin)
    response = client.post(
        f"/clubs/{club.slug}/seasons/new",
        {"name": "Autumn", "preset": "custom", "turn_seconds": 30,
         "start_date": timezone.localdate().isoformat(), "round_days": 7,
         "points_win": 3, "points_loss": 1, "target_score": 100, "losing_score": -100,
         "nil": "on", "nil_value": 100, "blind_nil_value": 200, "blind_nil_min_deficit": 100,
         "bag_limit": 10, "bag_penalty": 100, "boston_bonus": 0},
    )  # fmt: skip
    season = Season.objects.get()
    assert response.url == f"/seasons/{season.pk}/"
    assert season.options["target_score"] == 100 and season.points_win == 3
    for i in range(6):
        a, b = UserFactory.create_batch(2)
        Membership.objects.bulk_create(
            [Membership(club=club, user=a), Membership(club=club, user=b)]
        )
        client.post(
            f"/seasons/{season.pk}/teams",
            {"player_a": a.pk, "player_b": b.pk, "name": f"Team {i}"},
        )
    assert season.teams.count() == 6
    client.post(f"/seasons/{season.pk}/start")
    season.refresh_from_db()
    assert season.status == "running"

    fixtures = list(season.fixtures.order_by("round", "pk"))
    assert len(fixtures) == 15 and {f.round for f in fixtures} == {1, 2, 3, 4, 5}
    pairs = {frozenset((f.home_id, f.away_id)) for f in fixtures}
    assert len(pairs) == 15  # every team meets every other once
    for f in fixtures:
        assert f.deadline == seasons.round_deadline(season, f.round)
    assert fixtures[-1].deadline - fixtures[0].deadline == timedelta(days=28)

    # Fourteen fixtures are played; their results land in the standings by themselves.
    unplayed = fixtures[0]
    for fixture in fixtures[1:]:
        game = start_fixture(client, fixture)
        with results_land_by_themselves(django_capture_on_commit_callbacks, monkeypatch):
            play_out(game)
        fixture.refresh_from_db()
        assert fixture.status == "played"
        assert [fixture.home_score, fixture.away_score] == Game.objects.get(pk=game.pk).state[
            "scores"
        ]
    season.refresh_from_db()
    assert season.status == "running"

    # The last one is not played in time: the admin awards a forfeit after the deadline.
    Fixture.objects.filter(pk=unplayed.pk).update(deadline=past())
    client.force_login(admin)
    page = client.get(f"/fixtures/{unplayed.pk}/").content.decode()
    assert "Award a forfeit" in page
    client.post(f"/fixtures/{unplayed.pk}/forfeit", {"winner": "away", "note": "no show"})
    unplayed.refresh_from_db()
    assert unplayed.status == "forfeit" and unplayed.winner_id == unplayed.away_id
    decision = FixtureDecision.objects.get()
    assert decision.made_by == admin and decision.kind == "forfeit" and decision.note == "no show"

    season.refresh_from_db()
    assert season.status == "finished"
    standings = selectors.season_standings(season)
    expected = expected_table(season)
    for row in standings:
        want = expected[row.team.pk]
        assert (row.played, row.won, row.lost, row.points) == (
            5, want["won"], want["lost"], want["points"]
        )  # fmt: skip
        assert (row.points_for, row.points_against) == (want["for"], want["against"])
    assert [row.points for row in standings] == sorted((r.points for r in standings), reverse=True)
    champion = standings[0].team
    assert Notification.objects.filter(
        user=champion.player_a, text__contains=f"{champion} win the league"
    ).exists()
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert champion.name in page and "Recent games" in page


def test_an_odd_number_of_teams_gives_each_a_bye_and_a_double_round_robin_meets_twice():
    _, season = started_season(5, double_round_robin=True)
    fixtures = list(season.fixtures.all())
    byes = Counter(f.home_id for f in fixtures if f.away_id is None)
    assert byes == dict.fromkeys(season.teams.values_list("pk", flat=True), 2)
    meetings = Counter(frozenset((f.home_id, f.away_id)) for f in fixtures if f.away_id)
    assert len(meetings) == 10 and set(meetings.values()) == {2}
    assert all(f.status == "bye" for f in fixtures if f.away_id is None)


def test_the_game_starts_only_when_all_four_players_are_present_within_the_window(client):
    _, season = started_season()
    fixture = season.fixtures.get()
    players = fixture.players()
    for player in players[:3]:
        seasons.fixture_present(fixture_id=fixture.pk, user=player)
    # The first player's "I am here" is stale by the time the fourth arrives.
    fixture.presences.filter(user=players[0]).update(
        at=timezone.now() - FixturePresence.WINDOW - timedelta(seconds=1)
    )
    seasons.fixture_present(fixture_id=fixture.pk, user=players[3])
    fixture.refresh_from_db()
    assert fixture.game is None
    seasons.fixture_present(fixture_id=fixture.pk, user=players[0])
    fixture.refresh_from_db()
    game = fixture.game
    seats = [seat.user for seat in game.seats.order_by("position")]
    assert seats == [fixture.home.player_a, fixture.away.player_a, fixture.home.player_b,
                     fixture.away.player_b]  # fmt: skip
    assert game.status == "playing" and game.rules.target_score == 100
    assert Notification.objects.filter(user=players[1], url=selectors.game_url(game)).exists()
    client.force_login(UserFactory())
    assert client.post(f"/fixtures/{fixture.pk}/present").status_code == 403


def test_players_cannot_start_a_fixture_after_its_deadline_until_it_is_extended(client):
    admin, season = started_season()
    fixture = season.fixtures.get()
    Fixture.objects.filter(pk=fixture.pk).update(deadline=past())
    player = fixture.home.player_a
    with pytest.raises(Conflict, match="deadline has passed"):
        seasons.fixture_present(fixture_id=fixture.pk, user=player)
    new_deadline = timezone.now() + timedelta(days=3)
    client.force_login(admin)
    client.post(
        f"/fixtures/{fixture.pk}/extend",
        {"deadline": new_deadline.strftime("%Y-%m-%dT%H:%M"), "note": "holiday"},
    )
    fixture.refresh_from_db()
    assert abs(fixture.deadline - new_deadline) < timedelta(minutes=1)
    decision = FixtureDecision.objects.get()
    assert (decision.kind, decision.made_by, decision.note) == ("extension", admin, "holiday")
    seasons.fixture_present(fixture_id=fixture.pk, user=player)
    page = client.get(f"/fixtures/{fixture.pk}/").content.decode()
    assert "holiday" in page and admin.username in page
    # The player reads the new deadline on their own clock (UTC: they chose none).
    ends = f"{fixture.deadline.astimezone(UTC):%H:%M} UTC, in "
    (extended,) = [words for words in told(player) if "extended its deadline" in words]
    assert "may be played until" in extended and ends in extended and str(admin) in extended


def test_decisions_before_the_deadline_or_on_a_game_in_play_are_refused(client):
    admin, season = started_season()
    fixture = season.fixtures.get()
    with pytest.raises(Conflict, match="has not passed yet"):
        seasons.fixture_forfeit(fixture_id=fixture.pk, admin=admin, winner=None)
    for player in fixture.players():
        seasons.fixture_present(fixture_id=fixture.pk, user=player)
    Fixture.objects.filter(pk=fixture.pk).update(deadline=past())
    with pytest.raises(Conflict, match="being played"):
        seasons.fixture_forfeit(fixture_id=fixture.pk, admin=admin, winner=fixture.home)
    client.force_login(admin)
    response = client.post(f"/fixtures/{fixture.pk}/forfeit", {"winner": "home"}, follow=True)
    assert "being played" in response.content.decode()
    assert not FixtureDecision.objects.exists()


def test_a_double_forfeit_gives_both_teams_a_loss_and_no_points():
    admin, season = started_season(points_loss=1)
    fixture = season.fixtures.get()
    Fixture.objects.filter(pk=fixture.pk).update(deadline=past())
    seasons.fixture_forfeit(fixture_id=fixture.pk, admin=admin, winner=None)
    rows = selectors.season_standings(season)
    assert [(r.played, r.won, r.lost, r.points) for r in rows] == [(1, 0, 1, 0), (1, 0, 1, 0)]
    season.refresh_from_db()
    assert season.status == "finished"


def test_ties_are_broken_by_head_to_head_then_difference():
    _, season = started_season(3)
    a, b, c = season.teams.order_by("pk")
    # Each team wins once: level on points. b beat a by 10, a beat c by 30, c beat b by 300.
    results = {frozenset((a.pk, b.pk)): (b, 10), frozenset((a.pk, c.pk)): (a, 30),
               frozenset((b.pk, c.pk)): (c, 300)}  # fmt: skip
    for fixture in season.fixtures.exclude(away=None):
        winner, margin = results[frozenset((fixture.home_id, fixture.away_id))]
        home_won = winner.pk == fixture.home_id
        Fixture.objects.filter(pk=fixture.pk).update(
            status="played", winner=winner, home_score=100 + (margin if home_won else 0),
            away_score=100 + (0 if home_won else margin),
        )  # fmt: skip
    rows = selectors.season_standings(season)
    # All three are level on points and head-to-head (one win each among them): the
    # difference decides, c (+270) before a (+20) before b (-290).
    assert [row.team for row in rows] == [c, a, b]
    assert {row.points for row in rows} == {2}

    # Two level teams: head-to-head decides before the difference.
    Fixture.objects.filter(season=season).filter(home__in=[b, c], away__in=[b, c]).update(
        status="scheduled", winner=None, home_score=None, away_score=None
    )
    rows = selectors.season_standings(season)
    # a and b have one win each (b beat a); c has none: b is above a despite a's difference.
    assert [row.team for row in rows[:2]] == [b, a]
    assert rows[1].difference > rows[0].difference


def test_a_club_admin_cannot_touch_another_clubs_league(client):
    admin_a, admin_b = UserFactory(), UserFactory()
    club_a, _ = club_with(owner=admin_a)
    club_b, (x, y, z, w) = club_with(owner=admin_b, members=4)
    season = season_with_teams(club_b, admin_b, 2)
    client.force_login(admin_a)
    assert client.post(
        f"/seasons/{season.pk}/teams", {"player_a": x.pk, "player_b": y.pk}
    ).status_code in (302, 403)
    assert season.teams.count() == 2
    assert client.post(f"/seasons/{season.pk}/start").status_code == 403
    assert client.get(f"/clubs/{club_b.slug}/seasons/new").status_code == 403
    team = season.teams.first()
    assert client.post(f"/seasons/{season.pk}/teams/{team.pk}/remove").status_code == 403
    seasons.season_start(season=season, admin=admin_b)
    fixture = season.fixtures.get()
    Fixture.objects.filter(pk=fixture.pk).update(deadline=past())
    assert client.post(f"/fixtures/{fixture.pk}/forfeit", {"winner": "home"}).status_code == 403
    deadline = (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    assert client.post(f"/fixtures/{fixture.pk}/extend", {"deadline": deadline}).status_code == 403
    fixture.refresh_from_db()
    assert fixture.status == "scheduled" and not FixtureDecision.objects.exists()
    with pytest.raises(Forbidden):
        seasons.team_add(season=season, admin=admin_a, player_a=z, player_b=w)
    assert Season.objects.filter(club=club_a).count() == 0


def test_members_cannot_run_the_league(client):
    admin = UserFactory()
    club, (member,) = club_with(owner=admin, members=1)
    season = season_with_teams(club, admin, 2)
    client.force_login(member)
    assert client.post(f"/seasons/{season.pk}/start").status_code == 403
    season.refresh_from_db()
    assert season.status == "draft"
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Start the season" not in page and "Add a team" not in page


def test_teams_are_two_members_each_in_one_team_a_season():
    admin = UserFactory()
    club, (a, b, c) = club_with(owner=admin, members=3)
    season = seasons.season_create(
        club=club, admin=admin, name="S", start_date=timezone.localdate()
    )
    outsider = UserFactory()
    with pytest.raises(Invalid, match="not a member"):
        seasons.team_add(season=season, admin=admin, player_a=a, player_b=outsider)
    seasons.team_add(season=season, admin=admin, player_a=a, player_b=b)
    with pytest.raises(Conflict, match="already plays"):
        seasons.team_add(season=season, admin=admin, player_a=c, player_b=b)
    with pytest.raises(Invalid, match="two different people"):
        seasons.team_add(season=season, admin=admin, player_a=c, player_b=c)
    with pytest.raises(Invalid, match="at least two teams"):
        seasons.season_start(season=season, admin=admin)
    assert Team.objects.count() == 1


def test_seasons_refuse_rules_that_make_no_game(client):
    admin = UserFactory()
    club, _ = club_with(owner=admin)
    with pytest.raises(Refused, match="Losing score must be between -1000 and -50"):
        seasons.season_create(
            club=club, admin=admin, name="Bad", start_date=timezone.localdate(),
            options={"target_score": 100, "losing_score": 200},
        )  # fmt: skip
    with pytest.raises(Invalid, match="in the past"):
        seasons.season_create(
            club=club, admin=admin, name="Late", start_date=timezone.localdate() - timedelta(1)
        )
    with pytest.raises(Invalid, match="played by partnerships: Solo is not offered"):
        seasons.season_create(
            club=club, admin=admin, name="Solo", start_date=timezone.localdate(), preset="solo"
        )
    with pytest.raises(Refused, match="Mirror bidding cannot be played with the Joker deck"):
        seasons.season_create(
            club=club, admin=admin, name="Clash", start_date=timezone.localdate(),
            preset="jokers", options={"bidding": "mirror"},
        )  # fmt: skip
    assert not Season.objects.exists()


def test_the_sweep_tells_admins_once_about_an_overdue_fixture():
    admin, _ = started_season()
    Fixture.objects.update(deadline=past())
    assert results.sweep()["overdue"] == 1
    assert results.sweep()["overdue"] == 0
    assert (
        Notification.objects.filter(user=admin, text__contains="passed its deadline").count() == 1
    )
