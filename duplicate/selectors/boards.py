"""Reads of an event's boards: their commitments, the seeds that prove them, their results.

The seeds once the event is closed; every recorded result, board by board."""

from duplicate.models import BoardGame, Event, event_commitment


def commitments(event: Event) -> tuple[str, list[str]]:
    """The event's commitment and its boards' commitments, in board order."""
    boards = list(event.boards.order_by("number").values_list("commitment", flat=True))
    return event_commitment(boards), boards


def results_by_board(event: Event) -> dict[int, dict[int, int]]:
    """Every recorded result of the event: {board id: {entry id: result}}."""
    boards: dict[int, dict[int, int]] = {}
    rows = BoardGame.objects.filter(board__event=event, finished=True).values_list(
        "board_id", "entry_id", "result"
    )
    for board_id, entry_id, result in rows:
        boards.setdefault(board_id, {})[entry_id] = result
    return boards


def board_verification(event: Event) -> list[dict]:
    """Each board's commitment and, once the event is closed, its revealed hand seed and
    whether that seed hashes to the commitment (the verify page recomputes the deal)."""
    from games.engine import commitment

    rows, deck = [], event.rules.deck  # a Joker deal is verified with its deck
    for board in event.boards.all():
        row = {
            "number": board.number,
            "dealer": board.dealer,
            "deck": deck,
            "commitment": board.commitment,
        }
        if event.closed:
            seed = board.hand_seed
            row["seed"] = seed.hex()
            row["matches"] = commitment(seed) == board.commitment
        rows.append(row)
    return rows
