"""Rating finished ranked games: idempotent, in order, and equal to a full recompute."""

import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.services import bots_ensure
from games.models import Game
from games.services import play as game_play, tables, tables as game_tables
from games.signals import game_finished
from ranked import receivers
from ranked.kinds import RANKED
from ranked.models import Rating, RatingChange
from ranked.services import ratings
from tests.factories import UserFactory
from tests.races import race
from tests.ranked.factories import finished_game

pytestmark = pytest.mark.django_db


def changes_of(game):
    return {change.user.username: change for change in game.rating_changes.select_related("user")}


def snapshot():
    rows = RatingChange.objects.order_by("game_id", "user_id").values_list(
        "game_id", "user_id", "result", "mu_before", "sigma_before", "mu_after", "sigma_after",
        "before", "after", "delta", "hands", "bags", "points",
    )  # fmt: skip
    current = Rating.objects.order_by("user_id").values_list(
        "user_id", "mu", "sigma", "games", "last_played_at", "established_until"
    )
    return list(rows), list(current)


def test_a_ranked_game_is_rated_once_with_one_change_per_player():
    alice, bob, carol, dave = UserFactory.create_batch(4)
    game = finished_game([alice, bob, carol, dave], winner=0)
    assert ratings.ratings_rate_pending() == 1
    changes = changes_of(game)
    assert set(changes) == {alice.username, bob.username, carol.username, dave.username}
    won = changes[alice.username]
    assert (won.before, won.result) == (1500, "win") and won.after == won.before + won.delta
    assert won.delta > 0 and changes[bob.username].delta == -won.delta
    assert Rating.objects.get(user=alice).mu == won.mu_after
    before = snapshot()
    assert ratings.ratings_rate_pending() == 0  # a second run changes nothing
    assert snapshot() == before


def test_unranked_and_unfinished_games_are_not_rated():
    players = UserFactory.create_batch(4)
    finished_game(players, winner=0, ranked=False)
    game_tables.game_create_seated(players=players, ranked=True, kind=RANKED, turn_seconds=20)
    assert ratings.ratings_rate_pending() == 0
    assert not RatingChange.objects.exists()


def test_the_end_of_a_ranked_game_queues_the_rating_task(monkeypatch):
    queued = []
    monkeypatch.setattr(
        receivers.rate_pending, "apply_async", lambda **kwargs: queued.append(kwargs)
    )
    players = UserFactory.create_batch(4)
    ranked = finished_game(players, winner=0)
    casual = finished_game(UserFactory.create_batch(4), winner=0, ranked=False)
    game_finished.send(sender=Game, game_id=casual.pk)
    assert queued == []
    game_finished.send(sender=Game, game_id=ranked.pk)
    assert queued == [{"countdown": receivers.RATE_DELAY}]


def test_bot_seats_are_rated_on_the_bot_account_of_their_level():
    alice, bob = UserFactory.create_batch(2)
    game = finished_game([alice, "expert", bob, "expert"], winner=0)
    ratings.ratings_rate_pending()
    changes = changes_of(game)
    assert set(changes) == {alice.username, bob.username, "ExpertBot"}
    expert = changes["ExpertBot"]
    assert (expert.before, expert.result, expert.position) == (1750, "loss", 1)
    assert expert.delta < 0 and changes[alice.username].delta > 0
    # Beating two 1750 bots is worth more than beating two 1500 newcomers.
    people = finished_game(UserFactory.create_batch(4), winner=0)
    ratings.ratings_rate_pending()
    assert changes[alice.username].delta > max(c.delta for c in changes_of(people).values())


def test_statistics_of_the_game_come_from_its_hands():
    players = UserFactory.create_batch(4)
    game = finished_game(
        players,
        winner=0,
        hands=[
            ((0, 3, 5, 4), (0, 3, 6, 4)),  # seat 0 makes Nil; seat 2 one bag
            ((4, 3, 3, 3), (5, 3, 1, 4)),  # team 0 set
        ],
    )
    ratings.ratings_rate_pending()
    north = changes_of(game)[players[0].username]
    assert (north.hands, north.nil_bids, north.nils_made) == (2, 1, 1)
    assert (north.contracts, north.contracts_made, north.bags) == (2, 1, 1)
    assert (north.points, north.score) == (151 - 70, 81)
    east = changes_of(game)[players[1].username]
    assert (east.score, east.opponent_score, east.nil_bids) == (70 + 61, 81, 0)


def test_a_real_ranked_game_played_to_the_end_is_rated():
    alice = UserFactory()
    game = tables.game_create_seated(
        players=[alice, "random", "random", "random"], preset="quick", ranked=True, kind=RANKED
    )
    Game.objects.filter(pk=game.pk).update(turn_deadline=None)
    tables.table_leave(game_id=game.pk, user=alice)  # a bot plays for her: she abandons
    while (current := Game.objects.get(pk=game.pk)).status == "playing":
        game_play.game_autoplay(game_id=game.pk, version=current.version, timeout=False)
    ratings.ratings_rate_pending()
    changes = changes_of(game)
    assert set(changes) == {alice.username, "RandomBot"}
    assert changes[alice.username].result == "abandoned" and changes[alice.username].delta < 0
    assert changes[alice.username].hands == game.hands.count() > 0
    assert alice.abandonments.get().game == game


def _simulate(count, seed):
    """Random ranked games among a pool of people and the bots, some abandoned, finishing
    minutes to weeks apart; rated incrementally in random batches as they end."""
    rng = random.Random(seed)
    bots_ensure()
    people = UserFactory.create_batch(14)
    strength = {person.pk: rng.gauss(0, 1) for person in people}
    at = timezone.now() - timedelta(days=400)
    for number in range(count):
        players = rng.sample(people, 4 - (number % 3 == 0) * 2)
        while len(players) < 4:
            players.insert(1, rng.choice(["random", "standard", "expert"]))
        edge = sum(
            strength.get(getattr(p, "pk", None), 0) * (1 if i % 2 == 0 else -1)
            for i, p in enumerate(players)
        )
        winner = 0 if rng.random() < 1 / (1 + 2.718**-edge) else 1
        away = tuple(
            i for i, p in enumerate(players) if not isinstance(p, str) and rng.random() < 0.04
        )
        gap = rng.choices([60, 600, 3600, 86400, 86400 * 30], weights=[30, 30, 25, 10, 5])[0]
        at += timedelta(seconds=gap * rng.random())
        finished_game(players, winner=winner, finished_at=at, away=away)
        if rng.random() < 0.15:
            ratings.ratings_rate_pending()
        if rng.random() < 0.03:  # a game whose end committed late: it finished earlier
            finished_game(
                rng.sample(people, 4), winner=rng.randrange(2), finished_at=at - timedelta(hours=1)
            )
    ratings.ratings_rate_pending()


def test_recompute_ends_with_exactly_the_numbers_of_the_incremental_path():
    _simulate(300, seed=1)
    assert RatingChange.objects.values("game").distinct().count() == Game.objects.count()
    incremental = snapshot()
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert snapshot() == incremental


def test_a_game_rated_late_is_placed_in_finishing_order():
    people = UserFactory.create_batch(4)
    now = timezone.now()
    finished_game(people, winner=0, finished_at=now)
    ratings.ratings_rate_pending()
    finished_game(people, winner=1, finished_at=now - timedelta(minutes=5))
    ratings.ratings_rate_pending()
    incremental = snapshot()
    latest = RatingChange.objects.filter(user=people[0]).order_by("-finished_at").first()
    assert latest.result == "win" and latest.mu_before < 25  # after the earlier loss
    ratings.ratings_recompute()
    assert snapshot() == incremental


@pytest.mark.django_db(transaction=True)
def test_concurrent_rating_runs_rate_each_game_once():
    for _ in range(6):
        finished_game(UserFactory.create_batch(4), winner=0)
    counts = []
    outcomes = race(*[lambda: counts.append(ratings.ratings_rate_pending())] * 3)
    errors = [outcome for outcome in outcomes if outcome is not None]
    assert errors == [] and sum(counts) == 6
    assert RatingChange.objects.count() == 24


def test_deleting_accounts_does_not_make_their_games_unrated():
    gone = UserFactory.create_batch(4)
    stays = UserFactory.create_batch(4)
    finished_game(gone, winner=0, finished_at=timezone.now() - timedelta(hours=1))
    finished_game(stays, winner=1)
    ratings.ratings_rate_pending()
    before = snapshot()
    for user in gone:
        user.delete()
    assert ratings.ratings_rate_pending() == 0
    assert [row for row in before[0] if row[1] in {u.pk for u in stays}] == snapshot()[0]


def test_a_broker_failure_never_breaks_the_ranked_game_that_finished(monkeypatch):
    game = finished_game(UserFactory.create_batch(4), winner=0)

    def broken(**kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(receivers.rate_pending, "apply_async", broken)
    receivers.rate_finished_game(sender=Game, game_id=game.pk)  # logs, does not raise
    assert ratings.ratings_rate_pending() == 1  # the sweep rates it
