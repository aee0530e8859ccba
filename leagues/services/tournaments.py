"""Writes of tournaments, run by directors, from registration to the finish.

Registration and partnerships, pairing and starting rounds, forfeits and the finish; who
may enter and who plays whom are checked in leagues.services.entrants and
leagues.services.rounds."""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts import roles
from accounts.browsers import Client
from accounts.models import User
from accounts.seats import linked_pairs, records_refusals
from core.errors import Conflict, Invalid, NotFound, Refused
from games.services import seating, tables
from leagues import kinds, pairing, selectors
from leagues.models import Entrant, Pairing, Round, Tournament
from leagues.services.entrants import (
    check_register,
    check_tournament_seat,
    entrant_of,
    entrant_refused,
    entrants_refused,
    invitations_to,
    partnerships_lapse,
    seed_ratings_fill,
)
from leagues.services.matches import finish_if_done
from leagues.services.rounds import check_round_generate, check_round_start
from social import notices
from social.services import notify

# The right to change tournaments, which the "Tournament directors" group gives.
DIRECTOR_PERM = "leagues.change_tournament"


def is_director(user: User) -> bool:
    return roles.is_director(user, DIRECTOR_PERM)


def check_director(user: User) -> None:
    roles.check_director(user, DIRECTOR_PERM, "Only tournament directors can do that")


def lock_round(round_id: int) -> Round:
    return Round.objects.select_for_update().get(pk=round_id)


def lock_tournament(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound("There is no such tournament")
    return tournament


def check_open_registration(tournament: Tournament) -> None:
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.CLOSED):
        raise Conflict(
            f"Registration cannot open: {tournament} is {tournament.get_status_display().lower()}"
        )
    if tournament.rounds.exists():
        raise Conflict(f"Registration cannot open again: {tournament} has paired rounds")


@transaction.atomic
def tournament_open_registration(*, tournament: Tournament, director: User) -> Tournament:
    check_director(director)
    tournament = lock_tournament(tournament.pk)
    check_open_registration(tournament)
    tournament.status = Tournament.Status.REGISTRATION
    tournament.save(update_fields=["status"])
    return tournament


@records_refusals
@transaction.atomic
def tournament_register(
    *, tournament: Tournament, user: User, partner: User | None = None, client: Client | None = None
) -> Entrant:
    """Registers a partnership, or `user` alone to be paired by rating at closing.
    `client`: the request's browser and address (one person, one seat)."""
    tournament = lock_tournament(tournament.pk)
    check_register(tournament, user, partner)
    check_tournament_seat(user=user, client=client, tournament=tournament, partner=partner)
    # Whoever registers themselves has answered any invitation to partner someone else.
    partnerships_lapse(
        invitations_to(tournament, user).select_related("player_b"),
        tournament,
        "registered otherwise",
    )
    entrant = Entrant.objects.create(
        tournament=tournament, player_a=user, player_b=partner, partner_accepted=partner is None
    )
    if partner is not None:
        notify(
            [partner],
            "{user} asks you to be their partner in {tournament}: accept or decline there",
            selectors.tournament_url(tournament),
            data={"user": notices.person(user), "tournament": str(tournament)},
        )
    return entrant


@records_refusals
@transaction.atomic
def tournament_answer(
    *,
    tournament: Tournament,
    user: User,
    entrant_id: int,
    accept: bool,
    client: Client | None = None,
) -> Entrant:
    """`user` accepts or declines being the partner named in a registration. Accepting
    declines the other invitations; declining leaves the registrant registered alone."""
    tournament = lock_tournament(tournament.pk)
    entrant = (
        invitations_to(tournament, user).select_related("player_a").filter(pk=entrant_id).first()
    )
    if entrant is None:
        raise NotFound("There is no such invitation (any more)")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is closed")
    if not accept:
        partnerships_lapse([entrant], tournament, "declined to be your partner")
        return entrant
    if entrant_of(tournament, user):
        raise Conflict("You are already registered: withdraw first")
    check_tournament_seat(user=user, client=client, tournament=tournament, partner=entrant.player_a)
    entrant.partner_accepted = True
    entrant.save(update_fields=["partner_accepted"])
    partnerships_lapse(
        invitations_to(tournament, user).select_related("player_b"),
        tournament,
        "partners someone else",
    )
    notify(
        [entrant.player_a],
        "{user} accepted: you play {tournament} together",
        selectors.tournament_url(tournament),
        data={"user": notices.person(user), "tournament": str(tournament)},
    )
    return entrant


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, user: User) -> None:
    """Before registration closes; afterwards the director handles withdrawals."""
    tournament = lock_tournament(tournament.pk)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is closed: ask the tournament director")
    entrant = entrant_of(tournament, user)
    if entrant is None:
        raise NotFound("You are not registered")
    partner = entrant.player_b if entrant.player_a_id == user.pk else entrant.player_a
    entrant.delete()
    notify(
        [partner],
        "{user} withdrew your partnership from {tournament}",
        data={"user": notices.person(user), "tournament": str(tournament)},
    )


def tournaments_restricted(user: User, activity: str) -> None:
    """accounts.hooks.restricted: barred from events, the person leaves every tournament
    not yet finished (leagues.services.entrants.entrant_refused says how)."""
    if activity != "events":
        return
    entries = Entrant.objects.filter(Q(player_a=user) | Q(player_b=user), withdrawn=False).exclude(
        tournament__status=Tournament.Status.FINISHED
    )
    for tournament_id in sorted(set(entries.values_list("tournament_id", flat=True))):
        tournament = lock_tournament(tournament_id)
        for entrant in entries.filter(tournament=tournament).select_related("player_a", "player_b"):
            entrant_refused(tournament, entrant, {user.pk})


@transaction.atomic
def tournament_close_registration(*, tournament: Tournament, director: User) -> list[Entrant]:
    check_director(director)
    return registration_close(lock_tournament(tournament.pk))


def registration_close(tournament: Tournament) -> list[Entrant]:
    """Closes the locked tournament's registration, fills the seed ratings nobody entered
    by hand from ranked ratings, and pairs single entrants by rating (the two best
    together, and so on, never two accounts of one person). Returns the single entrants
    left without a partner, if any."""
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is not open")
    entrants_refused(tournament)
    partnerships_lapse(
        tournament.entrants.filter(player_b__isnull=False, partner_accepted=False).select_related(
            "player_a", "player_b"
        ),
        tournament,
        "did not accept before registration closed",
    )
    seed_ratings_fill(tournament.entrants.filter(withdrawn=False, seed_rating=None))
    singles = list(
        tournament.entrants.filter(player_b=None, withdrawn=False)
        .select_related("player_a")
        .order_by("-seed_rating", "pk")
    )
    # Two accounts of one person (accounts.seats) are never made partners.
    by_person = {entrant.player_a_id: entrant for entrant in singles}
    apart = [frozenset(by_person[pk] for pk in pair) for pair in linked_pairs(set(by_person))]
    pairs, alone = pairing.partners_in_order(singles, apart=apart)
    for first, second in pairs:
        second.delete()
        first.player_b = second.player_a
        first.seed_rating = (first.seed_rating + second.seed_rating) // 2
        first.save(update_fields=["player_b", "seed_rating"])
        notify(
            [first.player_a, first.player_b],
            f"You play {tournament} together: {first} (paired by rating)",
            selectors.tournament_url(tournament),
        )
    tournament.status = Tournament.Status.CLOSED
    tournament.save(update_fields=["status"])
    return alone


@transaction.atomic
def round_generate(*, tournament: Tournament, director: User) -> Round:
    """Pairs the next round as a draft that the director reviews, edits and then starts."""
    check_director(director)
    return round_pair(lock_tournament(tournament.pk))


def round_pair(tournament: Tournament) -> Round:
    """The locked tournament's next round, paired as a draft."""
    entrants_refused(tournament)
    number, seeds, pairs = check_round_generate(tournament)
    if number == 1:
        tournament.entrants.update(seed=None)
        for seed, entrant_id in enumerate(seeds, start=1):
            Entrant.objects.filter(pk=entrant_id).update(seed=seed)
    round_ = Round.objects.create(tournament=tournament, number=number)
    Pairing.objects.bulk_create(
        [
            Pairing(round=round_, table=table, entrant_a_id=a, entrant_b_id=b)
            for table, (a, b) in enumerate(pairs, start=1)
        ]
    )
    return round_


@transaction.atomic
def round_start(*, round_id: int, director: User) -> Round:
    """Publishes a drafted round: creates its games and tells the players on the site."""
    check_director(director)
    tournament_id = (
        Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise NotFound("There is no such round")
    return round_begin(lock_tournament(tournament_id), lock_round(round_id), by=director)


def round_begin(tournament: Tournament, round_: Round, *, by: User | None) -> Round:
    """Starts the locked tournament's drafted round `by` its director, or by itself."""
    pairings = list(
        round_.pairings.select_related(
            "entrant_a__player_a",
            "entrant_a__player_b",
            "entrant_b__player_a",
            "entrant_b__player_b",
        ).order_by("table")
    )
    check_round_start(tournament, round_, pairings)
    # Every player's row at once, in id order, before the games lock them table by table
    # (out of order, which could deadlock with another write that seats people).
    seating.people_lock(
        player.pk
        for row in pairings
        for entrant in (row.entrant_a, row.entrant_b)
        if entrant is not None
        for player in (entrant.player_a, entrant.player_b)
    )
    now = timezone.now()
    for row in pairings:
        a, b = row.entrant_a, row.entrant_b
        if b is None:
            row.status, row.winner, row.decided_at = Pairing.Status.BYE, a, now
            notify(
                [a.player_a, a.player_b],
                f"Round {round_.number} of {tournament}: you have a bye (it counts as a win)",
                selectors.tournament_url(tournament),
            )
        else:
            row.game = tables.game_create_seated(
                players=[a.player_a, b.player_a, a.player_b, b.player_b],
                preset=tournament.preset,
                options=tournament.options,
                turn_seconds=tournament.turn_seconds,
                kind=kinds.TOURNAMENT,
                created_by=by,
            )
            row.status, row.winner = Pairing.Status.PLAYING, None
            for entrant, opponent in ((a, b), (b, a)):
                notify(
                    [entrant.player_a, entrant.player_b],
                    f"Round {round_.number} of {tournament}: your game against {opponent} "
                    f"is on (table {row.table})",
                    selectors.game_url(row.game),
                )
        row.save(update_fields=["status", "winner", "decided_at", "game"])
    round_.status, round_.started_at = Round.Status.RUNNING, now
    round_.save(update_fields=["status", "started_at"])
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    finish_if_done(round_, round_.pairings.all())
    return round_


@transaction.atomic
def pairing_forfeit(
    *, pairing_id: int, director: User, winner: Entrant | None, note: str = ""
) -> Pairing:
    """A director's forfeit: `winner` wins (even if the game goes on, its result no
    longer counts), or with no winner both lose (not in elimination)."""
    check_director(director)
    found = Pairing.objects.filter(pk=pairing_id).values_list("round__tournament_id", "round_id")
    if not found:
        raise NotFound("There is no such pairing")
    tournament_id, round_id = found[0]
    tournament = lock_tournament(tournament_id)
    round_ = lock_round(round_id)
    row = Pairing.objects.select_for_update().get(pk=pairing_id)
    if row.entrant_b_id is None:
        raise Conflict("A bye needs no forfeit")
    if row.status in (Pairing.Status.FINISHED, Pairing.Status.FORFEIT):
        raise Conflict(f"Table {row.table} already has a result")
    if round_.status != Round.Status.RUNNING:
        raise Conflict("Forfeits are recorded in a round that is running")
    if winner is None and tournament.format == Tournament.Format.ELIMINATION:
        raise Invalid("In an elimination a forfeit must name who goes through")
    if winner is not None and winner.pk not in (row.entrant_a_id, row.entrant_b_id):
        raise Invalid("The winner must be one of the table's entrants")
    row.status, row.winner, row.decided_by = Pairing.Status.FORFEIT, winner, director
    row.decided_at, row.note = timezone.now(), note.strip()[:200]
    row.save(update_fields=["status", "winner", "decided_by", "decided_at", "note"])
    entrants = Entrant.objects.select_related("player_a", "player_b").filter(
        pk__in=[row.entrant_a_id, row.entrant_b_id]
    )
    outcome = f"{winner} win by forfeit" if winner else "both lose by forfeit"
    notify(
        [player for entrant in entrants for player in (entrant.player_a, entrant.player_b)],
        f"Round {round_.number} of {tournament}, table {row.table}: {outcome}",
        selectors.tournament_url(tournament),
    )
    finish_if_done(round_, round_.pairings.all())
    return row


def check_tournament_finish(tournament: Tournament) -> None:
    if tournament.status not in (Tournament.Status.CLOSED, Tournament.Status.RUNNING):
        raise Conflict(
            f"{tournament} cannot finish: it is {tournament.get_status_display().lower()}"
        )
    unfinished = tournament.rounds.exclude(status=Round.Status.FINISHED).first()
    if unfinished is not None and unfinished.status == Round.Status.RUNNING:
        raise Conflict(f"Round {unfinished.number} is still running")
    if unfinished is not None:
        raise Conflict(f"Round {unfinished.number} is paired but not started: start or delete it")


@transaction.atomic
def tournament_finish(*, tournament: Tournament, director: User) -> Tournament:
    check_director(director)
    tournament = lock_tournament(tournament.pk)
    check_tournament_finish(tournament)
    return tournament_end(tournament)


def tournament_end(tournament: Tournament) -> Tournament:
    """Finishes the locked tournament and tells its entrants who won."""
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    standings = selectors.tournament_standings(tournament)
    if standings and tournament.rounds.exists():
        champion = standings[0].entrant
        notify(
            [p for row in standings for p in (row.entrant.player_a, row.entrant.player_b)],
            f"{tournament} is over: {champion} win",
            selectors.tournament_url(tournament),
        )
    return tournament


def _allowed(check, *args) -> bool:
    try:
        check(*args)
    except Refused:
        return False
    return True


def next_steps(tournament: Tournament) -> list[str]:
    """The director's next step, as the admin offers it: "open" registration, "close" it,
    "pair" the next round, "start" the paired one, or "finish" once no round is left to
    pair; none while a round is played. Other moves the services allow (registration
    opened again, an early finish) stay admin actions on the list."""
    status = tournament.status
    if status == Tournament.Status.DRAFT:
        return ["open"]
    if status == Tournament.Status.REGISTRATION:
        return ["close"]
    if status not in (Tournament.Status.CLOSED, Tournament.Status.RUNNING):
        return []
    if tournament.rounds.filter(status=Round.Status.DRAFT).exists():
        return ["start"]
    if _allowed(check_round_generate, tournament):
        return ["pair"]
    if tournament.rounds.exists():
        return ["finish"] if _allowed(check_tournament_finish, tournament) else []
    # Closed, yet too few partnerships to pair: registration may open again.
    return ["open"] if _allowed(check_open_registration, tournament) else []
