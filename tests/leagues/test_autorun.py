"""Tournaments that run themselves: no director closes, pairs, starts or finishes them.
Each step here is the beat task's (autorun.tournaments_run), with real games played by
bots through the services."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from core.errors import Conflict, Forbidden
from games.models import Game, Seat
from games.services import tables
from leagues import selectors
from leagues.models import Entrant, Pairing, Round, Tournament
from leagues.services import autorun, tournaments
from social.models import Notification
from tests.clubs.factories import club_with
from tests.factories import UserFactory
from tests.games.finished import play
from tests.leagues.factories import (
    TournamentFactory,
    director,
    partnership,
    results_land_by_themselves,
    tournament_with,
)

pytestmark = pytest.mark.django_db

ONE_HAND = {"hands": 1}


def running_itself(partnerships: int, *, singles=(), **fields) -> Tournament:
    """A tournament of one-hand games, nobody directing it, that `partnerships` pairs
    (and the people in `singles`, alone) entered before its start a minute ago."""
    starts_at = fields.pop("starts_at", timezone.now() - timedelta(minutes=1))
    fields = {"options": ONE_HAND, "starts_at": timezone.now() + timedelta(hours=1), **fields}
    tournament = tournament_with(partnerships, **fields)
    for person in singles:
        tournaments.tournament_register(tournament=tournament, user=person)
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=starts_at)
    tournament.refresh_from_db()
    return tournament


def play_round(round_: Round, capture, monkeypatch, *, absent=()) -> None:
    """Every game of the round to its end, bots playing for all; the people in `absent`
    never came (away at the end), the others are back as if they had played."""
    for row in round_.pairings.exclude(game=None):
        people = Seat.objects.filter(game_id=row.game_id, user__isnull=False)
        people.update(away=True)
        with results_land_by_themselves(capture, monkeypatch):
            game = play(Game.objects.get(pk=row.game_id), 10_000)
        assert game.status == Game.Status.FINISHED
        # Back at the end, as if they had played: only the absent stay away on the record.
        Seat.objects.filter(game=game, user__isnull=False).exclude(user__in=absent).update(
            away=False
        )


def step() -> int:
    return autorun.tournaments_run()


def test_a_swiss_runs_round_after_round_and_finishes_with_nobody_directing_it(
    fast_games, monkeypatch, django_capture_on_commit_callbacks
):
    tournament = running_itself(4, format="swiss", swiss_rounds=2)
    assert step() == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    first = tournament.rounds.get()
    assert first.status == Round.Status.RUNNING and first.pairings.count() == 2
    assert all(row.game.created_by is None for row in first.pairings.select_related("game"))
    assert Game.objects.get(pk=first.pairings.first().game_id).rules.hands == 1
    assert step() == 0  # nothing to do while the round is played

    play_round(first, django_capture_on_commit_callbacks, monkeypatch)
    first.refresh_from_db()
    assert first.status == Round.Status.FINISHED
    assert step() == 1
    second = tournament.rounds.get(number=2)
    assert second.status == Round.Status.RUNNING
    earlier = {frozenset(p) for p in first.pairings.values_list("entrant_a", "entrant_b")}
    now = {frozenset(p) for p in second.pairings.values_list("entrant_a", "entrant_b")}
    assert not earlier & now  # no rematch

    play_round(second, django_capture_on_commit_callbacks, monkeypatch)
    assert step() == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.rounds.count() == 2
    champion = selectors.tournament_standings(tournament)[0].entrant
    assert Notification.objects.filter(
        user=champion.player_b, text=f"{tournament} is over: {champion} win"
    ).exists()
    assert step() == 0


def test_nothing_happens_before_the_start_and_registration_stays_open(client):
    tournament = running_itself(3, starts_at=timezone.now() + timedelta(minutes=5))
    assert step() == 0
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION
    page = client.get(f"/tournaments/{tournament.slug}/").content.decode()
    assert "Runs by itself" in page and "each game is 1 hand." in page


def test_too_few_partnerships_at_the_start_ends_it_and_says_so():
    alone = UserFactory()
    tournament = running_itself(1, singles=[alone])
    assert step() == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and not tournament.rounds.exists()
    entrant = tournament.entrants.get(player_b__isnull=False)
    assert Notification.objects.filter(
        user=entrant.player_a, text__startswith=f"{tournament} did not take place"
    ).exists()
    # The odd single had nobody to partner: withdrawn, and told.
    assert Entrant.objects.get(player_a=alone).withdrawn
    assert Notification.objects.filter(
        user=alone, text__contains="nobody was left to be your partner"
    ).exists()


def test_a_pair_that_misses_two_rounds_in_a_row_is_withdrawn(
    fast_games, monkeypatch, django_capture_on_commit_callbacks
):
    tournament = running_itself(4, format="round_robin")
    entrants = list(tournament.entrants.order_by("pk"))
    ghosts, once = entrants[0], entrants[1]
    step()
    play_round(
        tournament.rounds.get(number=1),
        django_capture_on_commit_callbacks,
        monkeypatch,
        absent=[ghosts.player_a, ghosts.player_b, once.player_a, once.player_b],
    )
    step()
    ghosts.refresh_from_db()
    once.refresh_from_db()
    assert (ghosts.missed, once.missed, ghosts.withdrawn) == (1, 1, False)
    # One of the pair came: the game counts for the pair as played, and the count restarts.
    play_round(
        tournament.rounds.get(number=2),
        django_capture_on_commit_callbacks,
        monkeypatch,
        absent=[ghosts.player_a, ghosts.player_b, once.player_a],
    )
    step()
    ghosts.refresh_from_db()
    once.refresh_from_db()
    assert (ghosts.missed, ghosts.withdrawn, once.missed, once.withdrawn) == (2, True, 0, False)
    assert Notification.objects.filter(
        user=ghosts.player_a, text__contains="you missed 2 rounds in a row"
    ).exists()
    # Round 3 is paired without them: whoever was to meet them rests.
    third = tournament.rounds.get(number=3)
    assert not third.pairings.filter(entrant_a=ghosts).exists()
    assert not third.pairings.filter(entrant_b=ghosts).exists()
    assert third.pairings.filter(status=Pairing.Status.BYE).count() == 1


def drawn(row: Pairing) -> None:
    """The pairing's game, finished level after its last hand (a draw, as the engine ends
    a game of a limited number of hands)."""
    game = Game.objects.get(pk=row.game_id)
    while game.status == Game.Status.PLAYING:
        Seat.objects.filter(game=game, user__isnull=False).update(away=True)
        game = play(game, 10_000)
    game.state = {**game.state, "scores": [120, 120]}
    game.winner = None
    game.save(update_fields=["state", "winner"])


def test_a_drawn_game_is_half_a_point_each_in_a_swiss_and_the_better_seed_in_a_knockout(
    fast_games,
):
    from leagues.services import results

    swiss = running_itself(2, format="swiss", swiss_rounds=1)
    step()
    row = Pairing.objects.get(round__tournament=swiss)
    drawn(row)
    assert results.record_game(game_id=row.game_id)
    row.refresh_from_db()
    assert row.winner is None and (row.score_a, row.score_b) == (120, 120)
    table = selectors.tournament_standings(swiss)
    assert [(r.score, r.drawn, r.won, r.lost) for r in table] == [(0.5, 1, 0, 0)] * 2

    knockout = running_itself(2, format="elimination")
    step()
    row = Pairing.objects.select_related("entrant_a", "entrant_b").get(round__tournament=knockout)
    drawn(row)
    results.record_game(game_id=row.game_id)
    row.refresh_from_db()
    better = min((row.entrant_a, row.entrant_b), key=lambda entrant: entrant.seed)
    assert row.winner == better


def test_a_tournament_that_runs_itself_must_bound_its_games():
    tournament = TournamentFactory.build(starts_at=timezone.now(), options={"target_score": 200})
    with pytest.raises(ValidationError, match="needs a number of hands"):
        tournament.clean()
    TournamentFactory.build(starts_at=timezone.now(), options=ONE_HAND).clean()
    TournamentFactory.build(options=None).clean()  # a director's: no bound needed


def test_a_members_only_tournament_refuses_others():
    owner = UserFactory()
    club, _ = club_with(owner=owner)
    tournament = TournamentFactory(club=club, members_only=True, options=ONE_HAND)
    outsider, member = UserFactory(), UserFactory()
    club.memberships.create(user=member)
    with pytest.raises(Forbidden, match=f"for members of {club.name}: {outsider} is not one"):
        tournaments.tournament_register(tournament=tournament, user=member, partner=outsider)
    partnership(tournament, owner, member)
    assert tournament.entrants.count() == 1


def test_a_director_sets_a_tournament_to_run_itself_in_the_admin(client):
    client.force_login(director())
    form = {"name": "Night Cup", "slug": "night-cup", "description": "", "club": "",
            "format": "swiss", "swiss_rounds": 3, "preset": "classic", "turn_seconds": 30,
            "starts_at_0": "2026-12-24", "starts_at_1": "20:00:00",
            "entrants-TOTAL_FORMS": 0, "entrants-INITIAL_FORMS": 0,
            "entrants-MIN_NUM_FORMS": 0, "entrants-MAX_NUM_FORMS": 1000}  # fmt: skip
    bad = client.post("/admin/leagues/tournament/add/", form)
    assert bad.status_code == 200
    html = bad.content.decode()
    row = html[html.index('class="form-row field-starts_at') :].split('class="form-row')[1]
    assert "needs a number of hands a game" in row
    custom = form | {"preset": "custom", "target_score": 500, "losing_score": -200, "nil": "on",
                     "bag_limit": 10, "bag_penalty": 100, "hands": 4}  # fmt: skip
    assert client.post("/admin/leagues/tournament/add/", custom).status_code == 302
    tournament = Tournament.objects.get(slug="night-cup")
    assert tournament.runs_itself and tournament.options["hands"] == 4


def test_a_round_waits_for_an_entrant_still_seated_elsewhere_and_other_tournaments_go_on():
    busy = running_itself(2)
    other = running_itself(2)
    someone = busy.entrants.first().player_a
    elsewhere = tables.game_create_seated(players=[someone, "random", "random", "random"])
    assert step() == 1  # the other one started; the busy one waits
    assert other.rounds.filter(status=Round.Status.RUNNING).exists()
    with pytest.raises(Conflict, match="closed when the tournament started"):
        tournaments.tournament_register(tournament=busy, user=UserFactory())
    assert not busy.rounds.exclude(status=Round.Status.DRAFT).exists()
    Game.objects.filter(pk=elsewhere.pk).update(status=Game.Status.FINISHED)
    assert step() == 1
    assert busy.rounds.get().status == Round.Status.RUNNING
