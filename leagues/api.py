"""Tournaments in the JSON API (core.api's style: session or token, JSON errors): the
lists, a tournament's standings and your table, registering, answering a partner's
registration and withdrawing, and a person's games in a tournament."""

from django.db.models import Q
from django.http import HttpRequest, JsonResponse

from accounts.browsers import client_of
from core import schemas
from core.api import api_view
from core.errors import NotFound
from leagues import selectors
from leagues.models import Pairing, Round, Tournament
from leagues.schemas import (
    AnswerIn,
    EntrantOut,
    PairingOut,
    RegisterIn,
    StandingOut,
    TournamentGames,
    TournamentOut,
    Tournaments,
    TournamentState,
)
from leagues.services import tournaments as services
from social import services as social_services

LISTED = 20  # of each state
LIVE = (Tournament.Status.CLOSED, Tournament.Status.RUNNING)


def _tournament(slug: str) -> Tournament:
    found = (
        Tournament.objects.select_related("club")
        .exclude(status=Tournament.Status.DRAFT)
        .filter(slug=slug)
    )
    if not found:
        raise NotFound("No such tournament")
    return found[0]


def _pairings(tournament: Tournament):
    return selectors.pairings_of(Pairing.objects.filter(round__tournament=tournament))


def _state(request: HttpRequest, tournament: Tournament) -> TournamentState:
    page = selectors.tournament_page(tournament, request.user)
    game = page["my_games"][0] if page["my_games"] else None
    return TournamentState(
        tournament=TournamentOut.of(tournament),
        standings=[StandingOut.of(row) for row in page["standings"]],
        me=EntrantOut.of(page["mine"]) if page["mine"] else None,
        invitations=[EntrantOut.of(entrant) for entrant in page["invitations"]],
        game=PairingOut.of(game) if game else None,
    )


@api_view(methods=["GET"], anonymous=True, responses={200: Tournaments})
def tournaments(request: HttpRequest, body: dict) -> JsonResponse:
    """Upcoming tournaments (registration open, starting first), live ones, and the latest
    finished."""
    shown = Tournament.objects.select_related("club")
    states = {
        "upcoming": shown.filter(status=Tournament.Status.REGISTRATION).order_by("starts_at", "pk"),
        "live": shown.filter(status__in=LIVE).order_by("-created_at"),
        "finished": shown.filter(status=Tournament.Status.FINISHED).order_by("-finished_at"),
    }
    return JsonResponse(
        Tournaments(
            **{
                state: [TournamentOut.of(t) for t in rows[:LISTED]]
                for state, rows in states.items()
            }
        ).data()
    )


@api_view(methods=["GET"], anonymous=True, responses={200: TournamentState})
def tournament(request: HttpRequest, body: dict, slug: str) -> JsonResponse:
    """A tournament: its standings, your entry and your table now."""
    return JsonResponse(_state(request, _tournament(slug)).data())


@api_view(body=RegisterIn, responses={200: TournamentState})
def tournament_register(request: HttpRequest, body: dict, slug: str) -> JsonResponse:
    """`{"partner"}` (optional): registers you, with a partner who must accept, or alone
    to be paired by rating when registration closes. 409 when it is not open or you are
    in it already; 403 a club's tournament for its members."""
    tournament = _tournament(slug)
    value = schemas.validate(RegisterIn, body)
    partner = social_services.person(value.partner) if value.partner else None
    services.tournament_register(
        tournament=tournament, user=request.user, partner=partner, client=client_of(request)
    )
    return JsonResponse(_state(request, tournament).data())


@api_view(body=AnswerIn, responses={200: TournamentState})
def tournament_answer(request: HttpRequest, body: dict, slug: str, entrant_id: int) -> JsonResponse:
    """`{"decision": "accept" | "decline"}`: answers a registration naming you as the
    partner (one of your `invitations`). 404 no such invitation (any more); 409
    registration is closed, or you are registered already."""
    tournament = _tournament(slug)
    answer = schemas.validate(AnswerIn, body)
    services.tournament_answer(
        tournament=tournament,
        user=request.user,
        entrant_id=entrant_id,
        accept=answer.accept,
        client=client_of(request),
    )
    return JsonResponse(_state(request, tournament).data())


@api_view(responses={200: TournamentState})
def tournament_withdraw(request: HttpRequest, body: dict, slug: str) -> JsonResponse:
    """Withdraws your entry while registration is open (409 afterwards)."""
    tournament = _tournament(slug)
    services.tournament_withdraw(tournament=tournament, user=request.user)
    return JsonResponse(_state(request, tournament).data())


@api_view(methods=["GET"], anonymous=True, responses={200: TournamentGames})
def tournament_games(request: HttpRequest, body: dict, slug: str, username: str) -> JsonResponse:
    """A person's games in a tournament, the latest round first."""
    tournament = _tournament(slug)
    person = social_services.person(username)
    mine = Q(entrant_a__player_a=person) | Q(entrant_a__player_b=person)
    mine |= Q(entrant_b__player_a=person) | Q(entrant_b__player_b=person)
    rows = _pairings(tournament).filter(mine).exclude(round__status=Round.Status.DRAFT)
    return JsonResponse(
        TournamentGames(
            username=person.username,
            games=[PairingOut.of(row) for row in rows.order_by("-round__number")],
        ).data()
    )
