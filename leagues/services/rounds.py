"""The checks of a tournament's rounds: who plays whom next, and may a drafted round start.

The next round's pairs: Swiss by the standings, round robin by its schedule, knock-out by
the last round's winners."""

from django.db.models import F

from accounts.seats import linked_pairs
from core.errors import Conflict, Invalid
from leagues import pairing, selectors
from leagues.models import Entrant, Pairing, Round, Tournament


def _history(tournament: Tournament) -> tuple[set[frozenset], set[int]]:
    played, byes = set(), set()
    for a, b in Pairing.objects.filter(round__tournament=tournament).values_list(
        "entrant_a_id", "entrant_b_id"
    ):
        if b is None:
            byes.add(a)
        else:
            played.add(frozenset((a, b)))
    return played, byes


def _apart(entrants: list[Entrant]) -> set[frozenset[int]]:
    """The pairs of entrants (ids) with accounts of one person between them (accounts.seats):
    they never meet at one table."""
    owner = {
        person: entrant.pk
        for entrant in entrants
        for person in (entrant.player_a_id, entrant.player_b_id if entrant.complete else None)
        if person is not None
    }
    return {
        frozenset((owner[a], owner[b])) for a, b in linked_pairs(set(owner)) if owner[a] != owner[b]
    }


def check_round_generate(
    tournament: Tournament,
) -> tuple[int, list[int], list[tuple[int, int | None]]]:
    """The next round's number, the seed order (entrant ids, best first) and the pairs of
    entrant ids, or why there is no next round. Seeds are fixed by the first round."""
    if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        raise Conflict("Close registration before pairing a round")
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("The tournament is finished")
    rounds = list(tournament.rounds.order_by("number"))
    for round_ in rounds:
        if round_.status == Round.Status.RUNNING:
            raise Conflict(
                f"Round {round_.number} is still running: wait for its games to end "
                "(or record forfeits) before pairing the next round"
            )
        if round_.status == Round.Status.DRAFT:
            raise Conflict(
                f"Round {round_.number} is paired but not started: start it, "
                "or delete it to pair it again"
            )
    number = len(rounds) + 1
    if number == 1:
        seeded = list(
            tournament.entrants.filter(
                withdrawn=False, player_b__isnull=False, partner_accepted=True
            ).order_by(F("seed_rating").desc(nulls_last=True), "pk")
        )
        if len(seeded) < 2:
            raise Invalid("At least two complete partnerships are needed")
    else:
        seeded = list(tournament.entrants.filter(seed__isnull=False).order_by("seed"))
    seeds = [entrant.pk for entrant in seeded]
    playing = [entrant.pk for entrant in seeded if entrant.complete and not entrant.withdrawn]
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return number, seeds, _round_robin_pairs(seeded, number)
    if tournament.format == Tournament.Format.ELIMINATION:
        return number, seeds, _elimination_pairs(playing, rounds, seeded)
    planned = tournament.swiss_rounds or pairing.swiss_rounds_for(len(seeded))
    if number > planned:
        raise Conflict(f"All {planned} rounds have been played: finish the tournament")
    if len(playing) < 2:
        raise Invalid("Fewer than two partnerships are still playing")
    still_playing = set(playing)
    ranking = [
        row.entrant.pk
        for row in selectors.tournament_standings(tournament, seeds=seeds)
        if row.entrant.pk in still_playing
    ]
    played, byes = _history(tournament)
    apart = _apart([entrant for entrant in seeded if entrant.pk in still_playing])
    return number, seeds, pairing.swiss_round(ranking, played=played, had_bye=byes, apart=apart)


def _round_robin_pairs(seeded: list[Entrant], number: int) -> list[tuple[int, int | None]]:
    schedule = pairing.round_robin([entrant.pk for entrant in seeded])
    if number > len(schedule):
        raise Conflict("Every round has been played: finish the tournament")
    out = {entrant.pk for entrant in seeded if entrant.withdrawn or not entrant.complete}
    pairs = []
    for a, b in schedule[number - 1]:
        # Whoever meets a withdrawn entrant rests: a bye, as with an odd count.
        present = [pk for pk in (a, b) if pk is not None and pk not in out]
        if present:
            pairs.append((present[0], present[1] if len(present) == 2 else None))
    if not pairs:
        raise Invalid("Nobody is left to play this round")
    return pairs


def _elimination_pairs(
    playing: list[int], rounds: list[Round], seeded: list[Entrant]
) -> list[tuple[int, int | None]]:
    if not rounds:
        return pairing.elimination_first_round(playing, apart=_apart(seeded))
    winners = list(rounds[-1].pairings.order_by("table").values_list("winner_id", flat=True))
    if len(winners) == 1:
        champion = Entrant.objects.get(pk=winners[0])
        raise Conflict(f"{champion} won the final: finish the tournament")
    # A withdrawn winner's next opponent goes through (a bye); of two withdrawn, the
    # first's bye keeps the bracket whole, unplayed.
    return [
        (a, b) if a in playing and b in playing else (b, None) if b in playing else (a, None)
        for a, b in pairing.elimination_next_round(winners)
    ]


def check_round_start(tournament: Tournament, round_: Round, pairings: list[Pairing]) -> None:
    """A drafted round may start when its (possibly edited) pairings make sense."""
    if round_.status != Round.Status.DRAFT:
        raise Conflict(f"Round {round_.number} has already started")
    if tournament.status not in (Tournament.Status.CLOSED, Tournament.Status.RUNNING):
        raise Conflict(f"{tournament} is {tournament.get_status_display().lower()}")
    if not pairings:
        raise Invalid(f"Round {round_.number} has no pairings")
    seen: set[int] = set()
    for row in pairings:
        for entrant in (row.entrant_a, row.entrant_b):
            if entrant is None:
                continue
            if entrant.tournament_id != tournament.pk:
                raise Invalid(f"{entrant} is not in this tournament")
            if entrant.pk in seen:
                raise Invalid(f"{entrant} is paired twice in round {round_.number}")
            # A knock-out's withdrawn entrant may only hold its bracket slot with a bye.
            walkover = row.entrant_b is None and tournament.format == Tournament.Format.ELIMINATION
            if entrant.withdrawn and not walkover:
                raise Invalid(f"{entrant} has withdrawn")
            if not entrant.complete:
                raise Invalid(f"{entrant} has no partner yet")
            seen.add(entrant.pk)
