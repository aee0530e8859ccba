"""Factories of the duplicate tests: a day's entry with its boards' results recorded, and
club sessions made as a director makes them (through the Django admin's add form and steps)."""

import factory
from django.utils import timezone

from duplicate.models import BoardGame, Entry, Event, Session
from duplicate.services import sessions as session_services
from duplicate.services.boards import board_ruleset
from tests.duplicate.play import play_out
from tests.factories import UserFactory


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    user = factory.SubFactory(UserFactory)


class BoardResultFactory(factory.django.DjangoModelFactory):
    """A board finished as duplicate.services.boards.board_game_record leaves it, without its game
    (the rankings and matchpoints read the result alone; playing it is slower)."""

    class Meta:
        model = BoardGame

    direction = BoardGame.Direction.NORTH_SOUTH
    finished = True
    result = 0
    finished_at = factory.LazyFunction(timezone.now)


def entry_with_results(event: Event, results: list[int], **kwargs) -> Entry:
    """An entry of the day with `results` on its boards 1, 2, ... in order."""
    entry = EntryFactory(event=event, **kwargs)
    for board, result in zip(event.boards.order_by("number"), results, strict=False):
        BoardResultFactory(entry=entry, board=board, result=result)
    return entry


def pair_rows(pairs: list[dict]) -> dict:
    """The admin's inline formset of pairs, as the add form posts it."""
    data = {
        "entries-TOTAL_FORMS": str(len(pairs)),
        "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0",
        "entries-MAX_NUM_FORMS": "1000",
    }
    for i, pair in enumerate(pairs):
        for key in ("direction", "team", "user", "partner", "partner_bot"):
            data[f"entries-{i}-{key}"] = pair.get(key, "")
    return data


def create_session(
    client, club, *, movement: str, boards: int, per_round: int, pairs, variant: str = "classic"
) -> Session:
    data = {
        "name": f"Tuesday {movement}",
        "club": club.pk,
        "movement": movement,
        "variant": variant,
        "boards_total": boards,
        "boards_per_round": per_round,
        "turn_seconds": 60,
        **pair_rows(pairs),
    }
    response = client.post("/admin/duplicate/session/add/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Session.objects.get(name=f"Tuesday {movement}")


def step(client, session: Session, name: str) -> list[str]:
    """Posts a step's button; returns the messages the director reads."""
    response = client.post(f"/admin/duplicate/session/{session.pk}/step/{name}/", follow=True)
    assert response.status_code == 200
    return [str(m) for m in response.context["messages"]]


def play_round(session: Session) -> None:
    """Plays every game of the running round to its end (a table's next board starts as
    its last one ends, as the worker does it)."""
    while True:
        open_games = BoardGame.objects.filter(
            board__event=session, round=session.round, finished=False, game__isnull=False
        ).values_list("game_id", flat=True)
        if not open_games:
            return
        for game_id in list(open_games):
            play_out(game_id, seed=game_id)


def new_session(club, director, *, movement="mitchell", boards=6, per_round=2) -> Session:
    return Session.objects.create(
        kind=Event.Kind.CLUB, name="Monday", club=club, movement=movement, boards_total=boards,
        boards_per_round=per_round, ruleset=board_ruleset(blind_nil=False).to_dict(),
        opens_at=timezone.now(), created_by=director,
    )  # fmt: skip


def add_pairs(session, people, directions) -> list[Entry]:
    return [
        Entry.objects.create(event=session, user=person, direction=d, partner_bot="standard")
        for person, d in zip(people, directions, strict=True)
    ]


def started_mitchell(director, members) -> Session:
    club = members[0].club_memberships.first().club
    session = new_session(club, director, boards=12, per_round=4)
    add_pairs(session, members[:6], ["ns", "ns", "ns", "ew", "ew", "ew"])
    session_services.session_start(session_id=session.pk, director=director)
    return Session.objects.get(pk=session.pk)
