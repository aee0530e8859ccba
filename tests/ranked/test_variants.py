"""Ranked play by variant: a queue, ratings and a leaderboard per variant; the
partnership queue in a partnership variant; Solo rates four individuals; bad variants
are refused clearly."""

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.tokens import token_create
from core.errors import Invalid
from games.engine import Ruleset
from games.models import Game
from games.services import tables
from ranked import matching, ratings, variants
from ranked.kinds import RANKED
from ranked.models import PartnerRequest, QueueEntry, Rating, RatingChange
from ranked.services import partners, queue, ratings as rating_services
from tests.factories import UserFactory
from tests.games.finished import play_out
from tests.ranked.factories import finished_game, queued, rated, seats_of
from tests.social.factories import befriend

pytestmark = pytest.mark.django_db


def later(seconds):
    return timezone.now() + timedelta(seconds=seconds)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# The maths (pure)


def seat(player):
    return ratings.SeatInput(player)


def test_solo_rates_four_individuals_by_their_places():
    game = ratings.GameInput(
        1, 1000.0, 2, tuple(seat(p) for p in (1, 2, 3, 4)), "solo", places=(3, 2, 1, 4)
    )
    skills = {}
    outcomes = {o.player: o for o in ratings.rate_game(game, skills)}
    moved = {player: o.mu_after - o.mu_before for player, o in outcomes.items()}
    assert moved[3] > moved[2] > 0 > moved[1] > moved[4]  # in the order of their places
    assert [outcomes[p].result for p in (1, 2, 3, 4)] == ["loss", "loss", "win", "loss"]
    assert set(skills) == {1, 2, 3, 4}


def test_one_away_at_the_end_of_a_solo_game_is_rated_last():
    seats = (seat(1), seat(2), ratings.SeatInput(3, away=True), seat(4))
    away = ratings.GameInput(1, 1000.0, 2, seats, "solo", places=(3, 2, 1, 4))
    outcomes = {o.player: o for o in ratings.rate_game(away, {})}
    assert outcomes[3].result == ratings.ABANDONED
    # Rated as the last place is (equal priors: the very numbers the last one got).
    assert outcomes[3].mu_after == outcomes[4].mu_after < outcomes[3].mu_before
    assert outcomes[2].result == ratings.LOSS  # the others keep the places they played


def test_each_variant_moves_only_its_own_ratings():
    classic = ratings.GameInput(1, 1000.0, 0, tuple(seat(p) for p in (1, 2, 3, 4)))
    jokers = ratings.GameInput(2, 2000.0, 1, tuple(seat(p) for p in (1, 2, 3, 4)), "jokers")
    skills = {}
    list(ratings.rate_games([classic, jokers], skills))
    assert skills["classic"][1].mu > ratings.MU0 > skills["jokers"][1].mu
    alone = {}
    list(ratings.rate_games([classic], alone))
    assert alone["classic"] == skills["classic"]  # the Jokers game changed no Classic rating


def test_solo_tables_seat_four_individuals_and_bots_fill_after_the_wait():
    waiting = [
        matching.Waiting(user_id=n, mu=25.0 + n / 10, sigma=3.0, waited=1, max_wait=30)
        for n in range(1, 5)
    ]
    bots = {"random": (15.0, 4.0), "standard": (25.0, 4.0), "expert": (30.0, 4.0)}
    (table,) = matching.form_tables(waiting, bots, solo=True)
    assert sorted(table.seats) == [1, 2, 3, 4]
    assert table.unfairness < 0.05
    lone = matching.Waiting(user_id=9, mu=25.0, sigma=3.0, waited=31, max_wait=30)
    (table,) = matching.form_tables([lone], bots, solo=True)
    assert table.seats.count(9) == 1 and len(table.seats) == 4
    assert {bot.level for bot in table.seats if bot != 9} == {"standard"}  # nearest strength


# The queue and the ratings on the database


def test_the_jokers_queue_seats_its_own_people_at_a_jokers_table():
    jokers = [queued(rated(1500, variant="jokers"), variant="jokers") for _ in range(4)]
    classic = queued(rated(1500))
    (game,) = queue.tables_form(now=later(1))
    assert set(seats_of(game)) == set(jokers) and game.ranked
    assert game.rules == Ruleset.preset("jokers") and game.preset == "jokers"
    assert list(QueueEntry.objects.values_list("user_id", "variant")) == [(classic.pk, "classic")]


def test_a_pair_queues_in_a_partnership_variant_and_its_game_rates_that_variant():
    alice, bob = rated(1500, variant="whiz"), rated(1500, variant="whiz")
    befriend(alice, bob)
    request = partners.partner_request_send(user=alice, partner=bob, variant="whiz")
    assert request.variant == "whiz"
    partners.partner_request_accept(user=bob, request_id=request.pk)
    assert set(QueueEntry.objects.values_list("variant", flat=True)) == {"whiz"}
    (game,) = queue.tables_form(now=later(31))  # after the wait: two bots oppose them
    seats = seats_of(game)
    assert {seats[0], seats[2]} == {alice, bob} and game.preset == "whiz"
    classic_before = Rating.objects.filter(variant="classic").count()

    over = finished_game(seats, winner=0, variant="whiz")
    assert rating_services.ratings_rate_pending() == 1
    changes = RatingChange.objects.filter(game=over)
    assert set(changes.values_list("variant", flat=True)) == {"whiz"}
    assert changes.get(user=alice).delta > 0
    assert Rating.objects.get(user=alice, variant="whiz").games == 1
    assert Rating.objects.filter(variant="classic").count() == classic_before


def test_solo_queues_alone_and_refuses_a_partner_clearly():
    alice, bob = UserFactory(), UserFactory()
    befriend(alice, bob)
    with pytest.raises(Invalid, match="Solo is four players each for themselves"):
        partners.partner_request_send(user=alice, partner=bob, variant="solo")
    assert not PartnerRequest.objects.exists()
    people = [queued(UserFactory(), variant="solo") for _ in range(2)]
    (game,) = queue.tables_form(now=later(31))
    assert game.rules.sides == 4 and set(people) <= set(seats_of(game))


def test_a_solo_game_rates_four_individuals_and_a_recompute_gives_the_same():
    people = [UserFactory() for _ in range(3)]
    players = [people[0], people[1], "standard", people[2]]
    finished_game(players, winner=1, variant="solo", scores=[120, 260, 80, -40])
    classic = finished_game(
        [people[0], "expert", people[1], "random"], winner=0, finished_at=later(5)
    )
    assert rating_services.ratings_rate_pending() == 2
    solo = {c.user_id: c for c in RatingChange.objects.filter(variant="solo")}
    assert len(solo) == 4
    assert solo[people[1].pk].result == "win" and solo[people[1].pk].delta > 0
    assert solo[people[0].pk].delta > 0 > solo[people[2].pk].delta  # second beat last
    assert RatingChange.objects.get(game=classic, user=people[0]).variant == "classic"

    before = sorted(Rating.objects.values_list("user_id", "variant", "mu", "sigma", "games"))
    rating_services.ratings_recompute()
    assert sorted(Rating.objects.values_list("user_id", "variant", "mu", "sigma", "games")) == (
        before
    )


def test_an_unknown_variant_is_refused_by_the_services():
    with pytest.raises(Invalid, match="Unknown ranked variant 'chess'"):
        queue.queue_join(user=UserFactory(), variant="chess")
    assert variants.check("mirror") == "mirror"
    assert not QueueEntry.objects.exists()


# Pages and API


def test_the_ranked_page_offers_each_variant_with_the_persons_own_rating():
    alice = rated(1700, variant="jokers")
    page = logged_in(alice).get("/ranked/?variant=jokers").content.decode()
    for name in variants.VARIANTS.values():
        assert f">{name} <span" in page or f">{name}<" in page or f">{name}\n" in page
    assert 'aria-current="page" data-variant="jokers"' in page
    assert "1700" in page and 'name="variant" value="jokers"' in page
    solo = logged_in(alice).get("/ranked/?variant=solo").content.decode()
    assert "there are no partners" in solo
    assert logged_in(alice).get("/ranked/?variant=chess").status_code == 404

    joined = logged_in(alice).post("/ranked/queue/join", {"variant": "mirror", "max_wait": "30"})
    assert joined.status_code == 302 and joined["Location"] == "/ranked/?variant=mirror"
    assert QueueEntry.objects.get(user=alice).variant == "mirror"
    bad = logged_in(UserFactory()).post(
        "/ranked/queue/join", {"variant": "chess", "max_wait": "30"}, headers={"HX-Request": "true"}
    )
    assert "Choose a variant" in bad.content.decode() and QueueEntry.objects.count() == 1


def test_each_variant_has_its_own_leaderboard_and_bad_names_are_404(client):
    now = timezone.now()
    jokers, classic = UserFactory(), UserFactory()
    for user, variant in ((jokers, "jokers"), (classic, "classic")):
        Rating.objects.create(
            user=user,
            variant=variant,
            mu=30,
            sigma=3,
            games=20,
            last_played_at=now,
            established_until=now + timedelta(days=30),
        )
    board = client.get("/leaderboard/jokers/").content.decode()
    assert jokers.username in board and classic.username not in board
    assert "Jokers leaderboard" in board
    plain = client.get("/leaderboard/").content.decode()
    assert classic.username in plain and jokers.username not in plain
    assert client.get("/leaderboard/chess/").status_code == 404
    assert client.get("/leaderboard/classic/?page=x&bots=1").status_code == 200


def test_the_profile_shows_a_line_per_variant_played(client):
    alice = UserFactory()
    finished_game([alice, "standard", "standard", "expert"], winner=0)
    finished_game(
        [alice, "standard", "expert", "random"],
        winner=0,
        variant="solo",
        scores=[300, 1, 2, 3],
        finished_at=later(5),
    )
    rating_services.ratings_rate_pending()
    page = client.get(f"/u/{alice.username}/").content.decode()
    assert 'data-variant="classic"' in page and 'data-variant="solo"' in page
    assert 'data-variant="jokers"' not in page  # never played
    assert "Rating over the last 1 games of Solo" in page or "Solo rating history" in page


def api(method, path, token, body=None):
    client = Client()
    headers = {"Authorization": f"Bearer {token}"}
    if method == "GET":
        return client.get(path, headers=headers)
    return client.post(path, json.dumps(body), content_type="application/json", headers=headers)


def test_the_api_takes_the_variant_and_refuses_an_unknown_one():
    alice, bob = UserFactory(), UserFactory()
    befriend(alice, bob)
    token = token_create(user=alice)
    bad = api("POST", "/api/ranked/queue", token, {"variant": "chess"})
    assert bad.status_code == 400 and "variant must be one of" in bad.json()["error"]
    solo_pair = api(
        "POST", "/api/ranked/queue", token, {"variant": "solo", "partner": bob.username}
    )
    assert solo_pair.status_code == 400 and "no partners" in solo_pair.json()["error"]
    assert not QueueEntry.objects.exists() and not PartnerRequest.objects.exists()
    joined = api("POST", "/api/ranked/queue", token, {"variant": "jokers", "max_wait": 15})
    assert joined.status_code == 201
    assert joined.json()["queued"] and joined.json()["variant"] == "jokers"
    assert api("GET", "/api/ranked/queue", token).json()["variant"] == "jokers"


def test_a_solo_game_played_out_by_the_engine_is_rated_from_its_hands():
    people = [UserFactory(), UserFactory()]
    # A shorter Solo (four sides) is still rated in Solo.
    game = tables.game_create_seated(
        players=[people[0], "standard", people[1], "random"],
        preset="solo",
        options={"target_score": 100, "losing_score": -100},
        ranked=True,
        kind=RANKED,
    )
    game = play_out(game)
    assert game.status == Game.Status.FINISHED
    rating_services.ratings_rate_pending()
    changes = {c.position: c for c in RatingChange.objects.filter(game=game)}
    assert set(changes) == {0, 1, 2, 3} and {c.variant for c in changes.values()} == {"solo"}
    final = game.state["scores"]
    for position, change in changes.items():
        assert change.hands == game.hands.count() and change.score == final[position]
        assert change.opponent_score == max(s for i, s in enumerate(final) if i != position)
    # Both people left their seats (play_out): away at the end, rated as last.
    assert {changes[0].result, changes[2].result} == {"abandoned"}
    assert changes[game.state["winner"]].result in ("win", "abandoned")
