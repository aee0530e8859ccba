"""Leagues' and tournaments' section of a person's download (accounts.hooks.personal_data)."""

from django.db.models import Q

from accounts.erasure import Erased
from accounts.models import User
from accounts.personal_data import covering, rows
from leagues.models import (
    Entrant,
    FixtureDecision,
    FixturePresence,
    Pairing,
    Season,
    Team,
    Tournament,
)


@covering(
    "leagues.Team.player_a",
    "leagues.Team.player_b",
    "leagues.FixturePresence.user",
    "leagues.Entrant.player_a",
    "leagues.Entrant.player_b",
    "leagues.Season.created_by",
    "leagues.Tournament.created_by",
    "leagues.FixtureDecision.made_by",
    "leagues.Pairing.decided_by",
)
def leagues(user: User) -> tuple[str, dict]:
    teams = Team.objects.filter(Q(player_a=user) | Q(player_b=user)).order_by("pk")
    entrants = Entrant.objects.filter(Q(player_a=user) | Q(player_b=user)).order_by("pk")
    return "leagues", {
        "league_teams": rows(
            teams,
            "season__name",
            "season__club__name",
            "name",
            "player_a__username",
            "player_b__username",
        ),
        "fixture_presence": rows(
            FixturePresence.objects.filter(user=user).order_by("at"), "fixture_id", "at"
        ),
        "tournament_entries": rows(
            entrants,
            "tournament__name",
            "name",
            "player_a__username",
            "player_b__username",
            "partner_accepted",
            "seed_rating",
            "withdrawn",
            "registered_at",
        ),
        # What the person did as a club's organiser or a director.
        "seasons_created": rows(Season.objects.filter(created_by=user), "name", "created_at"),
        "tournaments_created": rows(
            Tournament.objects.filter(created_by=user), "name", "slug", "created_at"
        ),
        "fixture_decisions_made": rows(
            FixtureDecision.objects.filter(made_by=user), "fixture_id", "kind", "made_at", "note"
        ),
        "pairings_decided": rows(
            Pairing.objects.filter(decided_by=user),
            "round__tournament__name",
            "table",
            "decided_at",
            "note",
        ),
    }


def erase(user: User) -> None:
    """On erasure: names of pairs and teams, and directors' notes, that name the person
    (standings show them) name `closed-<id>`."""
    erased = Erased.of(user)
    erased.rewrite(Entrant.objects.all(), "name")
    erased.rewrite(Team.objects.all(), "name")
    erased.rewrite(Pairing.objects.all(), "note")
    erased.rewrite(FixtureDecision.objects.all(), "note")
