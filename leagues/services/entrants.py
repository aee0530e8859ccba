"""A tournament's entrants before its rounds: who is registered, invited, and their seeds.

Who is registered or invited as a partner, invitations that lapse, and seed ratings from
ranked play."""

from collections.abc import Iterable

from django.db.models import Q
from django.utils import timezone

from accounts.browsers import Client
from accounts.hooks import check_allowed, refused_among
from accounts.models import User
from accounts.seats import check_one_seat
from clubs import selectors as club_selectors
from core.errors import Conflict, Forbidden, Invalid
from leagues import selectors
from leagues.models import Entrant, Tournament
from ranked import ratings as ranked_ratings, selectors as ranked_selectors
from social import notices
from social.services import notify


def entrant_of(tournament: Tournament, user: User) -> Entrant | None:
    """The entry `user` registered, or is the accepted partner in. Being named as a
    partner binds nobody: it is an invitation (`invitations_to`)."""
    return tournament.entrants.filter(
        Q(player_a=user) | Q(player_b=user, partner_accepted=True)
    ).first()


def invitations_to(tournament: Tournament, user: User):
    return tournament.entrants.filter(player_b=user, partner_accepted=False)


def partnerships_lapse(entrants: Iterable[Entrant], tournament: Tournament, why: str) -> None:
    """Unaccepted partnerships end: each registrant stays registered alone."""
    for entrant in entrants:
        partner = entrant.player_b
        entrant.player_b, entrant.partner_accepted = None, True
        entrant.save(update_fields=["player_b", "partner_accepted"])
        notify(
            [entrant.player_a],
            f"{{partner}} {why}: you are registered in {{tournament}} alone, to be paired by "
            "rating when registration closes",
            selectors.tournament_url(tournament),
            data={"partner": notices.person(partner), "tournament": str(tournament)},
        )


def entrant_refused(tournament: Tournament, entrant: Entrant, refused: set[int]) -> None:
    """The entry's people of `refused` (a moderator's bar: no events for now) leave the
    locked tournament. Before registration closes, their registration or invitation ends
    and an unrefused partner stays registered alone (paired by rating at closing). Once it
    has closed the pair is withdrawn (a partnership cannot play without one of its two): a
    game they are playing goes on and counts, and they are paired no more (a knock-out's
    next opponent goes through). The partner is told who can no longer play."""
    gone = [p for p in (entrant.player_a, entrant.player_b) if p is not None and p.pk in refused]
    if not gone:
        return
    # The people by id (social.notices): named as they are called when the notice is read.
    data = {f"gone{i}": notices.person(person) for i, person in enumerate(gone)}
    data["tournament"] = str(tournament)
    names = " and ".join(f"{{gone{i}}}" for i in range(len(gone)))
    url = selectors.tournament_url(tournament)
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        entrant.withdrawn = True
        entrant.save(update_fields=["withdrawn"])
        notify(
            entrant.people,
            f"You are withdrawn from {{tournament}}: {names} may not play events for now",
            url,
            data=data,
        )
        return
    a, b = entrant.player_a, entrant.player_b
    if a not in gone and b is not None:  # their partner, or the one they invited, is barred
        partnerships_lapse([entrant], tournament, "can no longer play")
    elif b is not None and b not in gone and entrant.partner_accepted:
        # The registrant is barred: the partner who accepted stays registered alone.
        entrant.player_a, entrant.player_b = b, None
        entrant.save(update_fields=["player_a", "player_b"])
        notify([b], f"{names} can no longer play: you are registered in {{tournament}} alone, "
               "to be paired by rating when registration closes", url, data=data)  # fmt: skip
    else:  # nobody is left, or only someone invited, whose invitation lapses
        entrant.delete()
        if b is not None and b not in gone:
            lapsed = f"{names} can no longer play in {{tournament}}: the invitation lapsed"
            notify([b], lapsed, url, data=data)


def entrants_refused(tournament: Tournament) -> None:
    """Every step that closes registration or pairs a round of the locked tournament first
    takes out the entries of people who may not play events now (entrant_refused), so a
    bar is honoured there even if its own removal missed them."""
    entrants = list(
        tournament.entrants.filter(withdrawn=False).select_related("player_a", "player_b")
    )
    people = {pk for e in entrants for pk in (e.player_a_id, e.player_b_id) if pk is not None}
    refused = refused_among(people, "events")
    for entrant in entrants:
        entrant_refused(tournament, entrant, refused)


def check_register(tournament: Tournament, user: User, partner: User | None) -> None:
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is not open")
    if tournament.runs_itself and tournament.starts_at <= timezone.now():
        raise Conflict("Registration closed when the tournament started")
    people = [user] if partner is None else [user, partner]
    for person in people:
        check_allowed(person, "events")
    if any(person.is_bot for person in people):
        raise Invalid("Bots cannot enter tournaments")
    if partner is not None and partner.pk == user.pk:
        raise Invalid("Your partner must be someone else")
    if tournament.members_only:
        members = club_selectors.member_ids(tournament.club)
        for person in people:
            if person.pk not in members:
                raise Forbidden(
                    f"{tournament} is for members of {tournament.club.name}: {person} is not one"
                )
    for person in people:
        if entrant_of(tournament, person):
            raise Conflict(f"{person} is already registered")


def check_tournament_seat(
    *, user: User, client: Client | None, tournament: Tournament, partner: User | None
) -> None:
    """One person, one seat in a tournament: two accounts of one browser are never both
    in it, as entrants or as one entry's partners."""

    def holders(user_ids: set[int]) -> set[int]:
        entered = tournament.entrants.filter(
            Q(player_a_id__in=user_ids) | Q(player_b_id__in=user_ids, partner_accepted=True)
        ).values_list("player_a_id", "player_b_id")
        held = {pk for pair in entered for pk in pair} | {partner.pk if partner else None}
        return held & user_ids

    check_one_seat(user=user, client=client, place=f"tournament {tournament}", holders=holders)


def seed_ratings_fill(entrants: Iterable[Entrant]) -> None:
    """Seed ratings from ranked play: a partnership's is its players' displayed ratings
    averaged (as when two single entrants are paired), a single entrant's their own."""
    entrants = list(entrants)
    people = [pk for e in entrants for pk in (e.player_a_id, e.player_b_id) if pk is not None]
    skills = ranked_selectors.skills_at(people, now=timezone.now())
    for entrant in entrants:
        shown = [
            ranked_ratings.display(skills[pk][0])
            for pk in (entrant.player_a_id, entrant.player_b_id)
            if pk is not None
        ]
        entrant.seed_rating = sum(shown) // len(shown)
    Entrant.objects.bulk_update(entrants, ["seed_rating"])
