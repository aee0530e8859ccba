"""A club's own events: its owner makes a member an organiser, who schedules arenas for
the members; its owner challenges another club to a battle that club's owner accepts; in
a battle each person scores for their club, a club the sum of its best players, and
everyone is told who won when it ends. Starts beyond a year are refused."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clubs import services as club_services
from core.errors import Conflict, Forbidden, Invalid
from events import selectors
from events.models import Arena, ArenaPlayer, BattleChallenge
from events.services import arenas, clubs, results
from leagues.models import Tournament
from social.models import Notification
from tests.clubs.factories import club_with
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quiet_games")]


def later(minutes=30):
    return timezone.now() + timedelta(minutes=minutes)


def plan(**changes):
    return {"preset": "quick", "starts_at": later(), "minutes": 45, **changes}


def test_an_organiser_schedules_an_arena_for_the_members_only():
    club, (ada, ben) = club_with(members=2)
    owner = club.memberships.get(role="owner").user
    with pytest.raises(Forbidden, match="owner and organisers"):
        clubs.club_arena_create(club=club, user=ada, name="", **plan())
    club_services.club_set_role(club=club, owner=owner, user=ada, role="organiser")
    arena = clubs.club_arena_create(club=club, user=ada, name="Friday night", **plan())
    assert list(arena.clubs.all()) == [club] and arena.name == "Friday night"
    told = set(Notification.objects.values_list("user__username", flat=True))
    assert told == {ben.username, owner.username}
    with pytest.raises(Invalid, match="in the future"):
        clubs.club_arena_create(club=club, user=ada, name="", **plan(starts_at=later(-5)))
    with pytest.raises(Invalid, match="10 to 240 minutes"):
        clubs.club_arena_create(club=club, user=ada, name="", **plan(minutes=500))

    player = arenas.arena_join(user=ben, arena_id=arena.pk)
    assert player.club == club
    with pytest.raises(Forbidden, match=f"for the members of {club.name}"):
        arenas.arena_join(user=UserFactory(), arena_id=arena.pk)
    assert ArenaPlayer.objects.count() == 1


def test_a_battle_is_challenged_accepted_and_scored_by_each_clubs_best_players():
    red, red_members = club_with(members=3)
    blue, blue_members = club_with(members=2)
    red_owner = red.memberships.get(role="owner").user
    blue_owner = blue.memberships.get(role="owner").user
    with pytest.raises(Forbidden, match="owner challenges"):
        clubs.battle_challenge(club=red, user=red_members[0], other=blue, top=2, **plan())
    with pytest.raises(Invalid, match="cannot battle itself"):
        clubs.battle_challenge(club=red, user=red_owner, other=red, top=2, **plan())
    challenge = clubs.battle_challenge(club=red, user=red_owner, other=blue, top=2, **plan())
    assert (
        Notification.objects.get(user=blue_owner).text
        == f"{red.name} challenges {blue.name} to a battle"
    )
    with pytest.raises(Conflict, match="already"):
        clubs.battle_challenge(club=red, user=red_owner, other=blue, top=2, **plan())
    with pytest.raises(Forbidden, match=f"owner of {blue.name}"):
        clubs.battle_answer(challenge_id=challenge.pk, user=red_owner, accept=True)

    challenge = clubs.battle_answer(challenge_id=challenge.pk, user=blue_owner, accept=True)
    assert challenge.status == BattleChallenge.Status.ACCEPTED
    arena = challenge.arena
    assert set(arena.clubs.all()) == {red, blue} and arena.battle_top == 2
    assert arena.name == f"{red.name} vs {blue.name}"
    with pytest.raises(Conflict, match="answered already"):
        clubs.battle_answer(challenge_id=challenge.pk, user=blue_owner, accept=False)

    for person in [*red_members, *blue_members]:
        arenas.arena_join(user=person, arena_id=arena.pk)
    with pytest.raises(Forbidden, match=f"members of {red.name} or {blue.name}"):
        arenas.arena_join(user=UserFactory(), arena_id=arena.pk)
    for person, points in zip([*red_members, *blue_members], [4, 2, 2, 6, 0], strict=True):
        ArenaPlayer.objects.filter(user=person).update(points=points)
    lines = selectors.club_standings(arena)
    # Red's best two: 4 + 2 (the third 2 does not count); Blue's: 6 + 0. A tie: by name.
    assert [(line["club"], line["points"]) for line in lines] == sorted(
        [(red, 6), (blue, 6)], key=lambda pair: pair[0].name
    )
    assert [len(line["players"]) for line in lines] == [2, 2]


def test_a_declined_challenge_makes_no_arena_and_the_club_page_offers_the_forms():
    red, _ = club_with(members=1)
    blue, _ = club_with(members=1)
    red_owner = red.memberships.get(role="owner").user
    blue_owner = blue.memberships.get(role="owner").user
    client = Client()
    client.force_login(red_owner)
    page = client.get(f"/clubs/{red.slug}/").content.decode()
    assert "Schedule an arena for the members" in page and "Challenge another club" in page
    sent = client.post(
        f"/clubs/{red.slug}/battles/new",
        {
            "other": blue.name.upper(),
            "preset": "quick",
            "starts_at": later().strftime("%Y-%m-%dT%H:%M"),
            "minutes": 30,
            "top": 3,
        },
        follow=True,
    )
    assert "Challenge sent" in sent.content.decode()
    unknown = client.post(
        f"/clubs/{red.slug}/battles/new",
        {
            "other": "Nobody's club",
            "preset": "quick",
            "starts_at": later().strftime("%Y-%m-%dT%H:%M"),
            "minutes": 30,
            "top": 3,
        },
        follow=True,
    )
    assert "There is no club called" in unknown.content.decode()
    challenge = BattleChallenge.objects.get()
    answer = Client()
    answer.force_login(blue_owner)
    assert (
        f"{red.name}</strong> challenges your club"
        in answer.get(f"/clubs/{blue.slug}/").content.decode()
    )
    declined = answer.post(f"/battles/{challenge.pk}/answer", {"answer": "decline"}, follow=True)
    assert "Challenge declined" in declined.content.decode()
    challenge.refresh_from_db()
    assert challenge.status == BattleChallenge.Status.DECLINED and challenge.arena is None


FAR = "9999-12-31T23:59"


def test_far_starts_are_refused_with_a_message_and_make_nothing():
    red, _ = club_with(members=1)
    blue, _ = club_with(members=1)
    owner = red.memberships.get(role="owner").user
    far = later(400 * 24 * 60)
    with pytest.raises(Invalid, match="within a year"):
        clubs.club_arena_create(club=red, user=owner, name="", **plan(starts_at=far))
    with pytest.raises(Invalid, match="within a year"):
        clubs.battle_challenge(club=red, user=owner, other=blue, top=2, **plan(starts_at=far))
    client = Client()
    client.force_login(owner)
    forms = {
        f"/clubs/{red.slug}/arenas/new": {"preset": "quick", "minutes": 10},
        f"/clubs/{red.slug}/swiss/new": {"preset": "classic", "rounds": 3, "hands": 2},
        f"/clubs/{red.slug}/battles/new": {"other": blue.name, "preset": "quick",
                                           "minutes": 10, "top": 3},
    }  # fmt: skip
    for path, form in forms.items():
        answer = client.post(path, form | {"starts_at": FAR}, follow=True)
        assert (
            answer.status_code == 200 and "Choose a start within a year" in answer.content.decode()
        )
    assert not Arena.objects.exists() and not BattleChallenge.objects.exists()
    assert not Tournament.objects.exists()
    # One sent before far starts were refused cannot be accepted either.
    old = BattleChallenge.objects.create(
        challenger=red, challenged=blue, sent_by=owner, starts_at=far, minutes=45
    )
    blue_owner = blue.memberships.get(role="owner").user
    with pytest.raises(Conflict, match="more than a year ahead"):
        clubs.battle_answer(challenge_id=old.pk, user=blue_owner, accept=True)
    assert not Arena.objects.exists()


def test_a_short_arena_seats_for_most_of_its_length():
    club, _ = club_with(members=1)
    owner = club.memberships.get(role="owner").user
    arena = clubs.club_arena_create(club=club, user=owner, name="", **plan(minutes=10))
    seating_for = arena.seats_until - arena.starts_at
    assert seating_for >= timedelta(minutes=8) and arena.bot_wait_seconds < 30
    long = clubs.club_arena_create(club=club, user=owner, name="", **plan(minutes=45))
    assert (long.closing_seconds, long.bot_wait_seconds) == (300, 30)


def test_when_a_battle_ends_every_entrant_is_told_who_won_and_the_club_page_shows_it():
    red, red_members = club_with(members=2)
    blue, blue_members = club_with(members=1)
    red_owner = red.memberships.get(role="owner").user
    blue_owner = blue.memberships.get(role="owner").user
    challenge = clubs.battle_challenge(club=red, user=red_owner, other=blue, top=2, **plan())
    arena = clubs.battle_answer(challenge_id=challenge.pk, user=blue_owner, accept=True).arena
    entrants = [*red_members, *blue_members]
    for person in entrants:
        arenas.arena_join(user=person, arena_id=arena.pk)
    for person, points in zip(entrants, [4, 2, 3], strict=True):
        ArenaPlayer.objects.filter(user=person).update(points=points)
    Notification.objects.all().delete()
    assert results.arenas_conclude(now=arena.ends_at - timedelta(seconds=1)) == 0
    assert results.arenas_conclude(now=arena.ends_at) == 1
    assert results.arenas_conclude(now=arena.ends_at) == 0  # once
    told = Notification.objects.all()
    assert {notice.user for notice in told} == set(entrants)
    assert {notice.text for notice in told} == {
        f"{arena.name} has ended: {red.name} won with 6 points"
    }
    Arena.objects.filter(pk=arena.pk).update(
        starts_at=timezone.now() - timedelta(hours=2), ends_at=timezone.now() - timedelta(hours=1)
    )
    page = Client().get(f"/clubs/{blue.slug}/").content.decode()
    assert f'<strong class="arena-winner">{red.name}</strong> won with 6 points' in page
    arena_page = Client().get(f"/arenas/{arena.pk}/").content.decode()
    assert f"<strong>{red.name}</strong> won with 6 points" in arena_page
