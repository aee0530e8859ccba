"""Tournaments run by directors in the Django admin, played through real games."""

import re
from collections import Counter

import pytest
from django.test import Client
from django.utils.html import escape

from accounts.browsers import Client as Seen, sighting_record
from core.errors import Conflict, Forbidden, Invalid
from games.models import Game
from games.services import tables
from leagues import selectors
from leagues.models import Entrant, Pairing, Round, Tournament
from leagues.services import tournaments
from ranked import ratings as ranked_ratings
from ranked.models import Rating
from social.models import Notification
from tests.addresses import address_for
from tests.factories import UserFactory
from tests.games.finished import play_out
from tests.leagues.factories import (
    TournamentFactory,
    director,
    directors_group,
    partnership,
    results_land_by_themselves,
    tournament_with,
)

pytestmark = pytest.mark.django_db

ADMIN = "/admin/leagues/"


def admin_action(client, model: str, action: str, pks: list[int], follow: bool = True):
    return client.post(
        f"{ADMIN}{model}/",
        {"action": action, "index": 0, "_selected_action": pks},
        follow=follow,
    )


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def play_round(round_: Round, capture, monkeypatch) -> None:
    """Every game of the round to its end; the results land by themselves."""
    for row in round_.pairings.exclude(game=None).select_related("game"):
        with results_land_by_themselves(capture, monkeypatch):
            play_out(row.game)


def browser_of(person) -> Client:
    """A browser of the person's own: two accounts of one browser never both enter a
    tournament (accounts.seats)."""
    browser = Client(REMOTE_ADDR=address_for(person.username))  # and an address of theirs
    browser.force_login(person)
    return browser


def register_pairs(tournament: Tournament, pairs: int, singles: int = 0) -> list:
    people = []
    for _ in range(pairs):
        player, partner = UserFactory.create_batch(2)
        response = browser_of(player).post(
            f"/tournaments/{tournament.slug}/register", {"partner": partner.username}
        )
        assert response.status_code == 302
        invitation = Entrant.objects.get(tournament=tournament, player_a=player)
        browser_of(partner).post(
            f"/tournaments/{tournament.slug}/invitations/{invitation.pk}", {"decision": "accept"}
        )
        people += [player, partner]
    for _ in range(singles):
        alone = UserFactory()
        browser_of(alone).post(f"/tournaments/{tournament.slug}/register", {"partner": ""})
        people.append(alone)
    return people


def test_a_swiss_tournament_of_eight_teams_runs_in_the_admin_and_standings_match_the_games(
    client, fast_games, monkeypatch, django_capture_on_commit_callbacks
):
    boss = director()
    tournament = TournamentFactory(format="swiss", status="draft")
    client.force_login(boss)
    response = admin_action(client, "tournament", "open_registration", [tournament.pk])
    assert f"{tournament}: registration is open" in messages_of(response)

    people = register_pairs(tournament, pairs=7, singles=2)
    Entrant.objects.filter(player_b=None).update(seed_rating=1700)
    client.force_login(boss)
    admin_action(client, "tournament", "close_registration", [tournament.pk])
    tournament.refresh_from_db()
    assert tournament.status == "closed"
    entrants = list(tournament.entrants.all())
    assert len(entrants) == 8 and all(entrant.complete for entrant in entrants)
    paired = Entrant.objects.get(player_a__in=people[14:], player_b__in=people[14:])
    assert paired.seed_rating == 1700
    assert Notification.objects.filter(user=people[15], text__contains="paired by rating").exists()

    for number in (1, 2, 3):
        response = admin_action(client, "tournament", "pair_next_round", [tournament.pk])
        round_ = tournament.rounds.get(number=number)
        assert response.redirect_chain[-1][0] == f"{ADMIN}round/{round_.pk}/change/"
        assert round_.status == "draft" and round_.pairings.count() == 4
        # A draft is not public: players see nothing yet.
        assert (
            f"Round {number}" not in client.get(f"/tournaments/{tournament.slug}/").content.decode()
        )

        response = admin_action(client, "tournament", "start_round", [tournament.pk])
        assert f"{tournament}: round {number} has started" in " ".join(messages_of(response))
        round_.refresh_from_db()
        assert round_.status == "running"
        row = round_.pairings.select_related("entrant_a", "game").first()
        assert Notification.objects.filter(
            user=row.entrant_a.player_a, url=selectors.game_url(row.game)
        ).exists()

        if number == 1:
            # Pairing while a round runs makes no sense: the admin says why and does nothing.
            response = admin_action(client, "tournament", "pair_next_round", [tournament.pk])
            assert any("Round 1 is still running" in m for m in messages_of(response))
            assert tournament.rounds.count() == 1
            page = client.get(f"/tournaments/{tournament.slug}/").content.decode()
            assert f"/games/{row.game_id}/" in page and "Watch" in page

        play_round(round_, django_capture_on_commit_callbacks, monkeypatch)
        round_.refresh_from_db()
        assert round_.status == "finished"

    response = admin_action(client, "tournament", "pair_next_round", [tournament.pk])
    assert any("All 3 rounds have been played" in m for m in messages_of(response))
    admin_action(client, "tournament", "finish_tournament", [tournament.pk])
    tournament.refresh_from_db()
    assert tournament.status == "finished"

    # The standings match the games.
    pairings = list(Pairing.objects.filter(round__tournament=tournament).select_related("game"))
    meetings = Counter(frozenset((p.entrant_a_id, p.entrant_b_id)) for p in pairings)
    assert set(meetings.values()) == {1}  # no rematch
    wins, points, opponents = Counter(), Counter(), {e.pk: [] for e in entrants}
    for p in pairings:
        game = Game.objects.get(pk=p.game_id)
        assert game.status == "finished"
        winner = p.entrant_a_id if game.winner == 0 else p.entrant_b_id
        assert p.winner_id == winner and [p.score_a, p.score_b] == game.state["scores"]
        wins[winner] += 1
        for me, seat_team in ((p.entrant_a_id, 0), (p.entrant_b_id, 1)):
            points[me] += game.state["scores"][seat_team] - game.state["scores"][1 - seat_team]
        opponents[p.entrant_a_id].append(p.entrant_b_id)
        opponents[p.entrant_b_id].append(p.entrant_a_id)
    standings = selectors.tournament_standings(tournament)
    for row in standings:
        pk = row.entrant.pk
        assert (row.played, row.score, row.difference) == (3, wins[pk], points[pk])
        assert row.buchholz == sum(wins[o] for o in opponents[pk])
    keys = [(-r.score, -r.buchholz, -r.difference) for r in standings]
    assert keys == sorted(keys)
    champion = standings[0].entrant
    assert Notification.objects.filter(
        user=champion.player_a, text=f"{tournament} is over: {champion} win"
    ).exists()
    page = client.get(f"/tournaments/{tournament.slug}/").content.decode()
    assert "Buchholz" in page and escape(str(champion)) in page and "hx-trigger" not in page


def test_a_knockout_seeds_by_rating_gives_byes_to_the_top_seeds_and_advances_winners(
    fast_games, monkeypatch, django_capture_on_commit_callbacks
):
    boss = director()
    tournament = TournamentFactory(format="elimination")
    ratings = [1900, 1500, 1800, 1600, 1700, 1400]
    for rating in ratings:
        a, b = UserFactory.create_batch(2)
        partnership(tournament, a, b)
        Entrant.objects.filter(player_a=a).update(seed_rating=rating)
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    by_rating = {e.seed_rating: e for e in tournament.entrants.all()}

    first = tournaments.round_generate(tournament=tournament, director=boss)
    entrant_seed = {e.pk: e.seed for e in tournament.entrants.all()}
    assert entrant_seed[by_rating[1900].pk] == 1 and entrant_seed[by_rating[1400].pk] == 6
    rows = list(first.pairings.order_by("table"))
    seeds = [(entrant_seed[r.entrant_a_id], r.entrant_b_id and entrant_seed[r.entrant_b_id])
             for r in rows]  # fmt: skip
    assert seeds == [(1, None), (4, 5), (2, None), (3, 6)]
    tournaments.round_start(round_id=first.pk, director=boss)
    assert Pairing.objects.filter(round=first, status="bye").count() == 2
    play_round(first, django_capture_on_commit_callbacks, monkeypatch)
    first.refresh_from_db()
    assert first.status == "finished"
    winners = list(first.pairings.order_by("table").values_list("winner_id", flat=True))

    semis = tournaments.round_generate(tournament=tournament, director=boss)
    semi_rows = list(semis.pairings.order_by("table"))
    assert [(r.entrant_a_id, r.entrant_b_id) for r in semi_rows] == [
        (winners[0], winners[1]), (winners[2], winners[3])
    ]  # fmt: skip
    tournaments.round_start(round_id=semis.pk, director=boss)
    # A forfeit in a knockout must say who goes through; then the game no longer counts.
    with pytest.raises(Invalid, match="must name who goes through"):
        tournaments.pairing_forfeit(pairing_id=semi_rows[0].pk, director=boss, winner=None)
    loser_side = semi_rows[0].entrant_b
    tournaments.pairing_forfeit(
        pairing_id=semi_rows[0].pk, director=boss, winner=loser_side, note="a no-show"
    )
    play_round(semis, django_capture_on_commit_callbacks, monkeypatch)
    semi_rows = list(semis.pairings.order_by("table"))
    assert semi_rows[0].winner == loser_side and semi_rows[0].status == "forfeit"
    assert semi_rows[0].decided_by == boss and semi_rows[0].score_a is None

    final = tournaments.round_generate(tournament=tournament, director=boss)
    (final_row,) = final.pairings.all()
    assert (final_row.entrant_a_id, final_row.entrant_b_id) == (
        semi_rows[0].winner_id, semi_rows[1].winner_id
    )  # fmt: skip
    tournaments.round_start(round_id=final.pk, director=boss)
    play_round(final, django_capture_on_commit_callbacks, monkeypatch)
    final_row.refresh_from_db()
    with pytest.raises(Conflict, match="won the final"):
        tournaments.round_generate(tournament=tournament, director=boss)
    tournaments.tournament_finish(tournament=tournament, director=boss)
    page = selectors.tournament_page(tournament, None)
    titles = [column["title"] for column in page["bracket"]]
    assert titles == ["Quarter-finals", "Semi-finals", "Final"]
    assert page["standings"][0].entrant == final_row.winner


def test_a_round_robin_tournament_with_an_odd_count_rests_each_entrant_once(
    fast_games, monkeypatch, django_capture_on_commit_callbacks
):
    boss = director()
    tournament = tournament_with(3, format="round_robin")
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    for _ in range(3):
        round_ = tournaments.round_generate(tournament=tournament, director=boss)
        tournaments.round_start(round_id=round_.pk, director=boss)
        play_round(round_, django_capture_on_commit_callbacks, monkeypatch)
    with pytest.raises(Conflict, match="Every round has been played"):
        tournaments.round_generate(tournament=tournament, director=boss)
    rows = selectors.tournament_standings(tournament)
    assert [(row.played, row.byes) for row in rows] == [(2, 1)] * 3
    assert sum(row.won for row in rows) == 3


def test_a_drafted_round_is_edited_in_the_admin_before_it_starts(client):
    boss = director()
    tournament = tournament_with(4, format="swiss")
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    first, second = round_.pairings.order_by("table")
    client.force_login(boss)
    url = f"{ADMIN}round/{round_.pk}/change/"
    page = client.get(url).content.decode()
    assert "These pairings are a draft" in page and escape(str(first.entrant_a)) in page

    def post(rows):
        data = {"pairings-TOTAL_FORMS": 2, "pairings-INITIAL_FORMS": 2,
                "pairings-MIN_NUM_FORMS": 0, "pairings-MAX_NUM_FORMS": 1000}  # fmt: skip
        for i, (row, a, b) in enumerate(rows):
            data |= {f"pairings-{i}-id": row.pk, f"pairings-{i}-round": round_.pk,
                     f"pairings-{i}-table": row.table, f"pairings-{i}-entrant_a": a.pk,
                     f"pairings-{i}-entrant_b": b.pk}  # fmt: skip
        return client.post(url, data)

    twice = post([(first, first.entrant_a, second.entrant_a), (second, second.entrant_a,
                                                                 second.entrant_b)])  # fmt: skip
    assert twice.status_code == 200 and "is paired twice" in twice.content.decode()
    swapped = post([(first, first.entrant_a, second.entrant_b),
                    (second, second.entrant_a, first.entrant_b)])  # fmt: skip
    assert swapped.status_code == 302
    response = client.post(f"{ADMIN}round/{round_.pk}/step/start/", follow=True)
    assert "has started" in " ".join(messages_of(response))
    first.refresh_from_db()
    seats = [seat.user for seat in first.game.seats.order_by("position")]
    b = second.entrant_b
    assert seats == [first.entrant_a.player_a, b.player_a, first.entrant_a.player_b, b.player_b]
    # A started round is no longer editable or deletable.
    assert client.post(f"{ADMIN}round/{round_.pk}/delete/").status_code == 403


def test_forfeits_are_recorded_in_the_admin_and_refused_twice(client):
    boss = director()
    tournament = tournament_with(2, format="swiss")
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    row = round_.pairings.get()
    client.force_login(boss)
    response = admin_action(client, "pairing", "forfeit_b", [row.pk])
    assert any("in a round that is running" in m for m in messages_of(response))
    tournaments.round_start(round_id=round_.pk, director=boss)
    admin_action(client, "pairing", "forfeit_b", [row.pk])
    row.refresh_from_db()
    assert (row.status, row.winner, row.decided_by) == ("forfeit", row.entrant_b, boss)
    round_.refresh_from_db()
    assert round_.status == "finished"
    response = admin_action(client, "pairing", "forfeit_a", [row.pk])
    assert any("already has a result" in m for m in messages_of(response))
    row.refresh_from_db()
    assert row.winner == row.entrant_b


def test_registration_rules():
    tournament = TournamentFactory(status="draft")
    alice, bob, carol = UserFactory.create_batch(3)
    with pytest.raises(Conflict, match="Registration is not open"):
        tournaments.tournament_register(tournament=tournament, user=alice)
    Tournament.objects.filter(pk=tournament.pk).update(status="registration")
    partnership(tournament, alice, bob)
    with pytest.raises(Conflict, match=f"{bob} is already registered"):
        tournaments.tournament_register(tournament=tournament, user=carol, partner=bob)
    with pytest.raises(Invalid, match="Bots cannot"):
        tournaments.tournament_register(
            tournament=tournament, user=carol, partner=UserFactory(bot_level="expert")
        )
    tournaments.tournament_withdraw(tournament=tournament, user=bob)
    assert not tournament.entrants.exists()
    assert Notification.objects.filter(user=alice, text__contains="withdrew").exists()


def test_an_odd_single_is_left_without_a_partner_and_sits_out(client):
    boss = director()
    tournament = tournament_with(2)
    alone = UserFactory()
    tournaments.tournament_register(tournament=tournament, user=alone)
    client.force_login(boss)
    response = admin_action(client, "tournament", "close_registration", [tournament.pk])
    assert any(f"{alone} had no partner" in m for m in messages_of(response))
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    assert round_.pairings.count() == 1
    assert not round_.pairings.filter(entrant_a__player_a=alone).exists()
    assert not round_.pairings.filter(entrant_b__player_a=alone).exists()


def test_finishing_refuses_while_a_round_is_running_or_paired():
    boss = director()
    tournament = tournament_with(2)
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    with pytest.raises(Conflict, match="paired but not started"):
        tournaments.tournament_finish(tournament=tournament, director=boss)
    with pytest.raises(Conflict, match="paired but not started"):
        tournaments.round_generate(tournament=tournament, director=boss)
    tournaments.round_start(round_id=round_.pk, director=boss)
    with pytest.raises(Conflict, match="still running"):
        tournaments.tournament_finish(tournament=tournament, director=boss)
    with pytest.raises(Conflict, match="already started"):
        tournaments.round_start(round_id=round_.pk, director=boss)


# Permissions


def test_non_staff_cannot_reach_the_tournament_admin(client):
    tournament = TournamentFactory()
    url = f"{ADMIN}tournament/"
    assert client.get(url).url.startswith("/admin/login/")
    member_of_group = UserFactory()
    member_of_group.groups.add(directors_group())
    for person in (UserFactory(), member_of_group):
        client.force_login(person)
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith("/admin/login/")
        admin_action(client, "tournament", "open_registration", [tournament.pk], follow=False)
        assert client.post(f"{url}{tournament.pk}/step/close/").status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == "registration"


def test_staff_outside_the_directors_group_cannot_run_tournaments(client):
    tournament = TournamentFactory()
    staff = UserFactory(is_staff=True)
    client.force_login(staff)
    assert client.get(f"{ADMIN}tournament/").status_code == 403
    assert client.post(f"{ADMIN}tournament/{tournament.pk}/step/close/").status_code == 403
    response = admin_action(client, "tournament", "close_registration", [tournament.pk], False)
    assert response.status_code == 403
    tournament.refresh_from_db()
    assert tournament.status == "registration"
    with pytest.raises(Forbidden, match="Only tournament directors"):
        tournaments.tournament_close_registration(tournament=tournament, director=staff)


def test_directors_reach_the_tournament_admin_and_its_buttons(client):
    tournament = TournamentFactory()
    client.force_login(director())
    assert client.get(f"{ADMIN}tournament/").status_code == 200
    page = client.get(f"{ADMIN}tournament/{tournament.pk}/change/").content.decode()
    assert "Close registration" in page
    response = client.post(f"{ADMIN}tournament/{tournament.pk}/step/close/", follow=True)
    assert response.redirect_chain[-1][0] == f"{ADMIN}tournament/{tournament.pk}/change/"
    tournament.refresh_from_db()
    assert tournament.status == "closed"


def test_club_members_cannot_run_tournament_services():
    tournament = TournamentFactory()
    member = UserFactory()
    for call in (
        lambda: tournaments.tournament_open_registration(tournament=tournament, director=member),
        lambda: tournaments.tournament_close_registration(tournament=tournament, director=member),
        lambda: tournaments.round_generate(tournament=tournament, director=member),
        lambda: tournaments.tournament_finish(tournament=tournament, director=member),
    ):
        with pytest.raises(Forbidden):
            call()


def test_the_public_tournament_page_and_its_live_partial(client):
    tournament = TournamentFactory()
    a, b = UserFactory.create_batch(2)
    partnership(tournament, a, b)
    page = client.get(f"/tournaments/{tournament.slug}/").content.decode()
    assert escape(str(tournament.entrants.get())) in page and "Log in to register" in page
    partial = client.get(f"/tournaments/{tournament.slug}/", headers={"HX-Request": "true"})
    assert (
        "<html" not in partial.content.decode()
        and 'id="tournament-live"' in partial.content.decode()
    )
    assert tournament.name in client.get("/tournaments/").content.decode()
    hidden = TournamentFactory(status="draft")
    assert client.get(f"/tournaments/{hidden.slug}/").status_code == 404


def test_a_director_creates_a_tournament_in_the_admin_with_rules_that_make_a_game(client):
    boss = director()
    client.force_login(boss)
    form = {"name": "Winter Cup", "slug": "winter-cup", "description": "", "club": "",
            "format": "elimination", "swiss_rounds": "", "preset": "classic",
            "turn_seconds": 30,
            "entrants-TOTAL_FORMS": 0, "entrants-INITIAL_FORMS": 0,
            "entrants-MIN_NUM_FORMS": 0, "entrants-MAX_NUM_FORMS": 1000}  # fmt: skip
    page = client.get(f"{ADMIN}tournament/add/").content.decode()
    assert 'name="target_score"' in page and 'name="options"' not in page
    bad = client.post(f"{ADMIN}tournament/add/", form | {"preset": "custom", "target_score": -5})
    assert bad.status_code == 200
    html = bad.content.decode()
    row = html[html.index('class="form-row field-target_score') :].split('class="form-row')[1]
    assert "Target score must be between 100 and 1000" in row
    assert client.post(f"{ADMIN}tournament/add/", form).status_code == 302
    tournament = Tournament.objects.get(slug="winter-cup")
    assert tournament.created_by == boss and tournament.status == "draft"
    assert tournament.format == "elimination" and tournament.options is None

    # Custom rules are fields, shown again as they were chosen.
    custom = form | {"name": "Spring Cup", "slug": "spring-cup", "preset": "custom",
                     "target_score": 300, "losing_score": "", "nil": "on", "bag_limit": 10,
                     "bag_penalty": 100}  # fmt: skip
    assert client.post(f"{ADMIN}tournament/add/", custom).status_code == 302
    spring = Tournament.objects.get(slug="spring-cup")
    rules = tables.check_ruleset(spring.preset, spring.options)
    assert rules.target_score == 300 and rules.losing_score is None and not rules.blind_nil
    page = client.get(f"{ADMIN}tournament/{spring.pk}/change/").content.decode()
    assert '<option value="custom" selected>' in page and 'value="300"' in page


def test_a_named_partner_plays_only_after_accepting(client):
    tournament = TournamentFactory()
    alice, bob, carol = UserFactory.create_batch(3)
    entrant = tournaments.tournament_register(tournament=tournament, user=alice, partner=bob)
    assert entrant.pending and not entrant.complete
    invitation = Notification.objects.get(user=bob)
    assert "asks you to be their partner" in invitation.text
    assert invitation.url == f"/tournaments/{tournament.slug}/"
    # Nobody else learns of the invitation, and it binds bob to nothing.
    public = client.get(invitation.url).content.decode()
    assert bob.username not in public and "partner not confirmed" in public
    assert tournaments.tournament_register(tournament=tournament, user=carol, partner=bob).pending

    client.force_login(bob)
    page = client.get(invitation.url).content.decode()
    assert page.count(">Accept</button>") == 2  # alice's and carol's invitations
    answer = f"/tournaments/{tournament.slug}/invitations/{entrant.pk}"
    client.post(answer, {"decision": "accept"})
    entrant.refresh_from_db()
    assert entrant.complete
    assert f"{alice} &amp; {bob}" in client.get(invitation.url).content.decode()
    # Accepting one invitation lapses the others: carol is registered alone.
    carols = Entrant.objects.get(tournament=tournament, player_a=carol)
    assert carols.player_b is None
    assert Notification.objects.filter(user=carol, text__contains="partners someone else").exists()
    assert Notification.objects.filter(user=alice, text__contains="accepted").exists()


def test_only_the_named_partner_answers_and_a_refusal_leaves_the_registrant_alone(client):
    tournament = TournamentFactory()
    alice, bob, mallory = UserFactory.create_batch(3)
    entrant = tournaments.tournament_register(tournament=tournament, user=alice, partner=bob)
    answer = f"/tournaments/{tournament.slug}/invitations/{entrant.pk}"
    for someone in (mallory, alice):
        client.force_login(someone)
        assert client.post(answer, {"decision": "accept"}).status_code == 404
    entrant.refresh_from_db()
    assert entrant.pending

    client.force_login(bob)
    client.post(answer, {"decision": "decline"})
    entrant.refresh_from_db()
    assert entrant.player_b is None and not entrant.pending
    assert Notification.objects.filter(user=alice, text__contains="declined").exists()
    assert client.post(answer, {"decision": "accept"}).status_code == 404


def test_an_answer_without_a_known_decision_is_refused_and_changes_nothing(client):
    tournament = TournamentFactory()
    alice, bob = UserFactory.create_batch(2)
    entrant = tournaments.tournament_register(tournament=tournament, user=alice, partner=bob)
    answer = f"/tournaments/{tournament.slug}/invitations/{entrant.pk}"
    client.force_login(bob)
    refusals = [
        ({}, "Choose a decision: accept or decline"),
        ({"decison": "accept"}, "Choose a decision: accept or decline"),  # misspelled
        ({"decision": "yes"}, "must be one of: accept, decline"),
    ]
    for form, words in refusals:
        response = client.post(answer, form)
        assert response.status_code == 400 and words in response.content.decode(), form
    entrant.refresh_from_db()
    assert entrant.pending and entrant.player_b == bob  # neither accepted nor declined
    assert not Notification.objects.filter(user=alice).exists()


def test_partnerships_not_accepted_by_closing_do_not_count(client):
    boss = director()
    tournament = TournamentFactory()
    partnership(tournament, *UserFactory.create_batch(2))
    alice, bob, carol = UserFactory.create_batch(3)
    tournaments.tournament_register(tournament=tournament, user=alice, partner=bob)
    tournaments.tournament_register(tournament=tournament, user=carol)
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    # alice played with the single carol (paired at closing), never with bob.
    assert not Entrant.objects.filter(tournament=tournament, player_b=bob).exists()
    assert not Entrant.objects.filter(tournament=tournament, player_a=bob).exists()
    paired = Entrant.objects.get(tournament=tournament, player_a__in=[alice, carol])
    assert {paired.player_a, paired.player_b} == {alice, carol} and paired.complete
    assert Notification.objects.filter(user=alice, text__contains="did not accept").exists()
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    playing = {p for row in round_.pairings.all() for p in (row.entrant_a, row.entrant_b)}
    assert all(entrant.complete for entrant in playing) and len(playing) == 2


def test_a_director_enters_a_partnership_in_the_admin_without_acceptance(client):
    boss = director()
    tournament = TournamentFactory()
    a, b = UserFactory.create_batch(2)
    client.force_login(boss)
    change = f"{ADMIN}tournament/{tournament.pk}/change/"
    form = client.get(change).context["adminform"].form
    data = {
        **{name: form.initial.get(name) or "" for name in form.fields},
        "options": "",
        "entrants-TOTAL_FORMS": "1",
        "entrants-INITIAL_FORMS": "0",
        "entrants-0-player_a": a.pk,
        "entrants-0-player_b": b.pk,
        "entrants-0-partner_accepted": "on",
        "entrants-0-seed_rating": "1500",
    }
    response = client.post(change, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Entrant.objects.get(tournament=tournament).complete


def test_a_round_waits_for_players_still_seated_in_another_game():
    boss = director()
    tournament = TournamentFactory()
    people = UserFactory.create_batch(4)
    partnership(tournament, *people[:2])
    partnership(tournament, *people[2:])
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    casual = tables.table_create(owner=people[3], bots={1: "random"})
    with pytest.raises(Conflict, match=f"{people[3]} is still seated in game {casual.pk}"):
        tournaments.round_start(round_id=round_.pk, director=boss)
    assert Round.objects.get(pk=round_.pk).status == "draft"  # nothing was started
    tables.table_leave(game_id=casual.pk, user=people[3])
    tournaments.round_start(round_id=round_.pk, director=boss)
    assert Round.objects.get(pk=round_.pk).status == "running"


def rated(display: int | None):
    """A person whose displayed ranked rating is `display` (None: a newcomer, unrated)."""
    user = UserFactory()
    if display is not None:
        mu = ranked_ratings.MU0 + (display - ranked_ratings.DISPLAY_BASE) / 50
        Rating.objects.create(user=user, mu=mu, sigma=4.0, games=30)
    return user


def test_closing_registration_seeds_by_ranked_ratings_and_a_directors_rating_stays():
    boss = director()
    tournament = TournamentFactory(format="elimination")
    mixed = partnership(tournament, rated(1900), rated(1300))
    by_hand = partnership(tournament, rated(1000), rated(1000))
    Entrant.objects.filter(pk=by_hand.pk).update(seed_rating=2000)  # the director's
    singles = {display: rated(display) for display in (1800, 1000, 1700, None)}
    for person in singles.values():
        tournaments.tournament_register(tournament=tournament, user=person)
    assert tournament.entrants.filter(seed_rating=None).count() == 5  # filled at closing

    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    seeds = {frozenset((e.player_a_id, e.player_b_id)): e.seed_rating
             for e in tournament.entrants.all()}  # fmt: skip
    assert seeds == {
        frozenset((mixed.player_a_id, mixed.player_b_id)): 1600,  # the two averaged
        frozenset((by_hand.player_a_id, by_hand.player_b_id)): 2000,
        # Singles are paired by rating, the two best together; a newcomer counts 1500.
        frozenset((singles[1800].pk, singles[1700].pk)): 1750,
        frozenset((singles[None].pk, singles[1000].pk)): 1250,
    }

    # After closing the ratings are the director's: an edit then decides the seeds.
    Entrant.objects.filter(pk=mixed.pk).update(seed_rating=2100)
    Rating.objects.filter(user_id=mixed.player_b_id).update(mu=ranked_ratings.MU0 + 20)
    tournaments.round_generate(tournament=tournament, director=boss)
    top = tournament.entrants.order_by("seed")[:2]
    assert [entrant.pk for entrant in top] == [mixed.pk, by_hand.pk]
    assert Entrant.objects.get(pk=mixed.pk).seed_rating == 2100


def step_buttons(client, tournament) -> list[str]:
    page = client.get(f"{ADMIN}tournament/{tournament.pk}/change/").content.decode()
    return re.findall(r'<button type="submit" class="step-(\w+)">', page)


def test_the_tournament_page_offers_only_the_next_valid_step(client):
    boss = director()
    client.force_login(boss)
    tournament = TournamentFactory(format="round_robin", status="draft")
    assert step_buttons(client, tournament) == ["open"]
    tournaments.tournament_open_registration(tournament=tournament, director=boss)
    assert step_buttons(client, tournament) == ["close"]
    for _ in range(2):
        partnership(tournament, *UserFactory.create_batch(2))
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    assert step_buttons(client, tournament) == ["pair"]
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    assert step_buttons(client, tournament) == ["start"]
    tournaments.round_start(round_id=round_.pk, director=boss)
    page = client.get(f"{ADMIN}tournament/{tournament.pk}/change/").content.decode()
    assert step_buttons(client, tournament) == [] and "Round 1 is being played" in page
    row = round_.pairings.get()
    tournaments.pairing_forfeit(pairing_id=row.pk, director=boss, winner=row.entrant_a)
    assert step_buttons(client, tournament) == ["finish"]  # two entrants: one round
    public = f"/tournaments/{tournament.slug}/"
    assert "champion-banner" not in client.get(public).content.decode()
    tournaments.tournament_finish(tournament=tournament, director=boss)
    assert step_buttons(client, tournament) == []
    page = client.get(public).content.decode()
    banner = page[page.index('class="champion-banner"') :].split("</section>")[0]
    assert escape(str(row.entrant_a)) in banner and "1 win in 1 round" in banner


def test_closed_with_too_few_partnerships_offers_registration_again(client):
    boss = director()
    client.force_login(boss)
    tournament = TournamentFactory()
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    assert step_buttons(client, tournament) == ["open"]


def test_a_forfeit_is_chosen_on_the_round_page_and_confirmed(client):
    boss = director()
    tournament = TournamentFactory(format="swiss")
    for _ in range(4):
        partnership(tournament, *UserFactory.create_batch(2))
    tournaments.tournament_close_registration(tournament=tournament, director=boss)
    round_ = tournaments.round_generate(tournament=tournament, director=boss)
    client.force_login(boss)
    url = f"{ADMIN}round/{round_.pk}/change/"
    assert "Record forfeit" not in client.get(url).content.decode()  # a draft: nothing to forfeit
    tournaments.round_start(round_id=round_.pk, director=boss)
    first, second = round_.pairings.order_by("table")
    page = client.get(url).content.decode()
    assert page.count("Record forfeit…") == 2 and "Both lose" in page

    forfeit = f"{ADMIN}round/{round_.pk}/forfeit/"
    confirm = client.get(forfeit, {"pairing": first.pk, "winner": "b"}).content.decode()
    assert "Yes, record the forfeit" in confirm and escape(str(first.entrant_b)) in confirm
    first.refresh_from_db()
    assert first.status != "forfeit"  # nothing happens before the confirmation
    response = client.post(
        forfeit, {"pairing": first.pk, "winner": "b", "note": "No show"}, follow=True
    )
    assert response.redirect_chain[-1][0] == url
    assert any("table 1: forfeit recorded" in m for m in messages_of(response))
    first.refresh_from_db()
    assert (first.status, first.winner, first.decided_by, first.note) == (
        "forfeit", first.entrant_b, boss, "No show",
    )  # fmt: skip
    page = response.content.decode()
    assert page.count("Record forfeit…") == 1  # only the table still playing
    again = client.post(forfeit, {"pairing": first.pk, "winner": "a"}, follow=True)
    assert any("no result yet" in m for m in messages_of(again))
    client.post(forfeit, {"pairing": second.pk, "winner": "none"})
    second.refresh_from_db()
    round_.refresh_from_db()
    assert second.status == "forfeit" and second.winner is None and round_.status == "finished"


@pytest.mark.parametrize("format", ["swiss", "elimination"])
def test_swiss_and_knockout_pairings_keep_linked_accounts_apart(format):
    tournament = tournament_with(4, format=format)
    first, second, third, fourth = tournament.entrants.order_by("pk")
    tournaments.tournament_close_registration(tournament=tournament, director=director())
    natural = {
        "swiss": frozenset((first.pk, second.pk)),
        "elimination": frozenset((first.pk, fourth.pk)),
    }[format]  # whom the first entry would meet first
    other = second if format == "swiss" else fourth
    # One person's accounts: one in the first entry, one in its natural opponent.
    for number, person in enumerate((first.player_a, other.player_b)):
        sighting_record(
            user=person, client=Seen(browser=f"browser-{number:016d}", address="203.0.113.7")
        )
    round_ = tournaments.round_generate(tournament=tournament, director=director())
    pairs = {frozenset(pair) for pair in round_.pairings.values_list("entrant_a", "entrant_b")}
    assert len(pairs) == 2 and natural not in pairs
    assert set().union(*pairs) == {first.pk, second.pk, third.pk, fourth.pk}


def test_single_entrants_of_one_person_are_not_made_partners_at_closing():
    tournament = TournamentFactory()
    people = UserFactory.create_batch(4)
    for person in people:
        tournaments.tournament_register(tournament=tournament, user=person)
    for number, person in enumerate(people[:2]):  # the two best: one person's accounts
        sighting_record(
            user=person, client=Seen(browser=f"browser-{number:016d}", address="203.0.113.7")
        )
    tournaments.tournament_close_registration(tournament=tournament, director=director())
    partners = {frozenset(pair) for pair in tournament.entrants.values_list("player_a", "player_b")}
    assert partners == {
        frozenset((people[0].pk, people[2].pk)),
        frozenset((people[1].pk, people[3].pk)),
    }
