"""Club sessions made as a director makes them: through the Django admin's add form and steps."""

from duplicate.models import BoardGame, Session
from tests.duplicate.play import play_out


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


def create_session(client, club, *, movement: str, boards: int, per_round: int, pairs) -> Session:
    data = {
        "name": f"Tuesday {movement}",
        "club": club.pk,
        "movement": movement,
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
