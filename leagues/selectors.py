"""Reads of leagues and tournaments: pages' data, standings and brackets."""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Prefetch, Q
from django.urls import reverse

from accounts.models import User
from clubs.models import Club
from clubs.selectors import clubs_of, is_club_admin
from games.selectors import game_url
from leagues import pairing, standings
from leagues.models import (
    Entrant,
    Fixture,
    FixturePresence,
    Pairing,
    Round,
    Season,
    Team,
    Tournament,
)

# URLs


def season_url(season: Season) -> str:
    return reverse("leagues:season", args=[season.pk])


def fixture_url(fixture: Fixture) -> str:
    return reverse("leagues:fixture", args=[fixture.pk])


def tournament_url(tournament: Tournament) -> str:
    return reverse("leagues:tournament", args=[tournament.slug])


def current_season(club: Club) -> Season | None:
    """The running season, else the latest finished one, else one being prepared."""
    seasons = club.seasons.all()
    for status in (Season.Status.RUNNING, Season.Status.FINISHED, Season.Status.DRAFT):
        season = seasons.filter(status=status).order_by("-created_at").first()
        if season is not None:
            return season
    return None


def _fixtures(queryset):
    return queryset.select_related(
        "season__club",
        "home__player_a",
        "home__player_b",
        "away__player_a",
        "away__player_b",
        "winner",
        "game",
    )


def listed_tournaments(limit: int = 10) -> list[Tournament]:
    """The latest tournaments announced, for the clubs page."""
    return list(
        Tournament.objects.exclude(status=Tournament.Status.DRAFT).order_by("-created_at")[:limit]
    )


def lobby_tournaments(user: User | None, *, shown: int = 3) -> dict:
    """The next tournaments that run themselves and the live ones, open to `user` (a
    members-only one to its club's members), with those `user` entered."""
    found = list(
        Tournament.objects.filter(
            starts_at__isnull=False,
            status__in=(Tournament.Status.REGISTRATION, Tournament.Status.RUNNING),
        )
        .select_related("club")
        .annotate(entered=Count("entrants", filter=Q(entrants__withdrawn=False)))
        .order_by("starts_at")[:20]
    )
    clubs = clubs_of(user)
    open_to = [t for t in found if not t.members_only or t.club_id in clubs][:shown]
    mine = set()
    if user is not None and user.is_authenticated:
        mine = set(
            Entrant.objects.filter(tournament__in=open_to)
            .filter(Q(player_a=user) | Q(player_b=user, partner_accepted=True))
            .values_list("tournament_id", flat=True)
        )
    return {"lobby_tournaments": open_to, "entered_tournaments": mine}


def club_league(club: Club, user: User | None) -> dict:
    """The club page's league: the current season, its standings and fixtures."""
    season = current_season(club)
    fixtures = _fixtures(Fixture.objects.filter(season__club=club, away__isnull=False))
    return {
        "club": club,
        "is_admin": is_club_admin(club, user),
        "season": season,
        "standings": season_standings(season) if season else [],
        "upcoming": list(
            fixtures.filter(status__in=[Fixture.Status.SCHEDULED, Fixture.Status.PLAYING]).order_by(
                "deadline", "pk"
            )[:10]
        ),
        "recent": list(
            fixtures.filter(status__in=[Fixture.Status.PLAYED, Fixture.Status.FORFEIT]).order_by(
                "-decided_at", "-pk"
            )[:10]
        ),
    }


def club_events(club: Club) -> dict:
    """The club page's list of the club's seasons and tournaments."""
    return {
        "seasons": list(club.seasons.all()),
        "tournaments": list(club.tournaments.exclude(status=Tournament.Status.DRAFT)),
    }


# Leagues


def _match(row: Fixture | Pairing, points: tuple[int, int] = (0, 0)) -> standings.Match:
    """A decided fixture or pairing as the standings see it: sides by primary key."""
    first, second = (getattr(row, f"{side}_id") for side in row.SIDES)
    scores = tuple(getattr(row, name) for name in row.SCORES)
    drawn = row.winner_id is None and scores[0] is not None  # played, and nobody won
    return standings.Match(first, second, row.winner_id, scores, points, drawn)


@dataclass
class TeamRow(standings.Row):
    team: Team | None = None


def _league_points(season: Season, fixture: Fixture, team_id: int) -> int:
    if fixture.winner_id == team_id:
        return season.points_win
    # A forfeit loser gets nothing; a played loss gets the season's loss points.
    return season.points_loss if fixture.status == Fixture.Status.PLAYED else 0


def season_standings(season: Season) -> list[TeamRow]:
    """Played, won, lost, league points, game points for and against. Ties are broken by
    the league points between the tied teams (head-to-head), then the difference, then
    points for. A forfeit counts as a win and a loss, with no game points."""
    teams = {
        team.pk: team
        for team in season.teams.select_related("player_a", "player_b").order_by("name")
    }
    results = season.fixtures.filter(
        status__in=[Fixture.Status.PLAYED, Fixture.Status.FORFEIT], away__isnull=False
    )
    return standings.league_table(
        teams,
        [
            _match(
                fixture,
                points=(
                    _league_points(season, fixture, fixture.home_id),
                    _league_points(season, fixture, fixture.away_id),
                ),
            )
            for fixture in results
        ],
        name=lambda pk: teams[pk].name,
        row=lambda pk: TeamRow(pk, team=teams[pk]),
    )


def season_page(season: Season, user: User | None) -> dict:
    fixtures = _fixtures(season.fixtures.all()).order_by("round", "pk")
    rounds = defaultdict(list)
    for fixture in fixtures:
        rounds[fixture.round].append(fixture)
    return {
        "season": season,
        "club": season.club,
        "is_admin": is_club_admin(season.club, user),
        "teams": list(season.teams.select_related("player_a", "player_b")),
        "standings": season_standings(season),
        "rounds": sorted(rounds.items()),
        "members": [
            m.user
            for m in season.club.memberships.select_related("user").order_by("user__username")
        ],
    }


def fixture_page(fixture: Fixture, user: User | None, now: datetime) -> dict:
    season = fixture.season
    players = fixture.players() if fixture.away_id else []
    fresh = {
        presence.user_id
        for presence in fixture.presences.filter(at__gte=now - FixturePresence.WINDOW)
    }
    return {
        "fixture": fixture,
        "season": season,
        "club": season.club,
        "is_admin": is_club_admin(season.club, user),
        "is_player": bool(user and user.is_authenticated and user.pk in {p.pk for p in players}),
        "players": [{"user": player, "present": player.pk in fresh} for player in players],
        "present_count": len(fresh & {p.pk for p in players}),
        "overdue": fixture.overdue,
        "decisions": list(fixture.decisions.select_related("made_by", "winner")),
        "game_url": game_url(fixture.game) if fixture.game_id else None,
        "window_minutes": int(FixturePresence.WINDOW.total_seconds() // 60),
    }


# Tournaments


@dataclass
class EntrantRow(standings.Row):
    entrant: Entrant | None = None


def tournament_standings(
    tournament: Tournament, *, seeds: list[int] | None = None
) -> list[EntrantRow]:
    """Score (a win or a bye is 1, a draw ½), then for Swiss the Buchholz (the sum of the opponents'
    scores), then the game-point difference, then the seed. Forfeits count as wins and
    losses with no game points. `seeds` orders entrants before seeds are fixed."""
    entrants = {
        entrant.pk: entrant
        for entrant in tournament.entrants.select_related("player_a", "player_b").filter(
            player_b__isnull=False, partner_accepted=True
        )
    }
    decided = Pairing.objects.filter(
        round__tournament=tournament,
        status__in=Pairing.DECIDED,
    )
    order = {pk: index for index, pk in enumerate(seeds or [])}
    return standings.tournament_table(
        entrants,
        [_match(row) for row in decided],
        swiss=tournament.format == Tournament.Format.SWISS,
        seed=lambda pk: (order.get(pk, entrants[pk].seed or 10_000), pk),
        row=lambda pk: EntrantRow(pk, entrant=entrants[pk]),
    )


def pairings_of(queryset):
    """Pairings with what a page or the API shows of them."""
    return queryset.select_related(
        "round",
        "entrant_a__player_a",
        "entrant_a__player_b",
        "entrant_b__player_a",
        "entrant_b__player_b",
        "winner",
        "game",
    ).order_by("table")


def bracket(tournament: Tournament, rounds: list[Round]) -> list[dict]:
    """Elimination columns: the rounds paired so far, then empty slots for the rest."""
    seeded = tournament.entrants.filter(seed__isnull=False).count()
    if tournament.format != Tournament.Format.ELIMINATION or seeded < 2:
        return []
    total = pairing.elimination_rounds(seeded)
    columns = []
    for number in range(1, total + 1):
        matches = (1 << total) >> number
        played = next((r for r in rounds if r.number == number), None)
        title = {total: "Final", total - 1: "Semi-finals", total - 2: "Quarter-finals"}.get(
            number, f"Round {number}"
        )
        columns.append(
            {
                "title": title,
                "pairings": list(played.pairings.all()) if played else [],
                "empty": range(0 if played else matches),
            }
        )
    return columns


def tournament_page(tournament: Tournament, user: User | None) -> dict:
    rounds = list(
        tournament.rounds.exclude(status=Round.Status.DRAFT)
        .prefetch_related(Prefetch("pairings", queryset=pairings_of(Pairing.objects.all())))
        .order_by("-number")
    )
    entrants = list(
        tournament.entrants.select_related("player_a", "player_b").order_by("seed", "pk")
    )
    signed_in = user is not None and user.is_authenticated
    mine, invitations = None, []
    if signed_in:
        mine = next(
            (
                e
                for e in entrants
                if user.pk == e.player_a_id or (user.pk == e.player_b_id and e.partner_accepted)
            ),
            None,
        )
        invitations = [e for e in entrants if user.pk == e.player_b_id and e.pending]
    my_games = []
    if mine is not None:
        my_games = [
            p
            for r in rounds
            for p in r.pairings.all()
            if p.status == Pairing.Status.PLAYING and mine.pk in (p.entrant_a_id, p.entrant_b_id)
        ]
    table = tournament_standings(tournament) if rounds else []
    finished = tournament.status == Tournament.Status.FINISHED
    return {
        "tournament": tournament,
        "entrants": entrants,
        "rounds": rounds,
        "standings": table,
        # The top of the final standings, as tournament_finish announces them.
        "champion": table[0] if finished and table else None,
        "bracket": bracket(tournament, sorted(rounds, key=lambda r: r.number)),
        "mine": mine,
        "invitations": invitations,
        "my_games": my_games,
        "live": tournament.status != Tournament.Status.FINISHED,
    }
