"""Writes of an event's boards: dealt, committed to, solved, and their games' results.

Dealing and committing to the boards, working out their double-dummy tricks, and recording
a finished board game's result."""

import secrets
from dataclasses import replace

from django.db import transaction

from core.errors import Invalid
from duplicate.models import Board, BoardGame, Event
from duplicate.variants import VARIANTS
from games.engine import (
    Ruleset,
    board_score,
    commitment,
    first_dealer,
    first_leader,
    tricks_per_side,
)
from games.engine.dealing import deal_masks
from games.engine.doubledummy import Position, Solver
from games.models import Game


def board_ruleset(*, variant: str = "classic", blind_nil: bool) -> Ruleset:
    """The rules a board is played by: the variant's preset (duplicate.variants), one hand
    from 0 to 0 with no bag limit (a bag costs its point in the board score instead), Blind
    Nil allowed or not, never "when trailing" (Mirror and Whiz have no Blind Nil anyway)."""
    if variant not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise Invalid(f"A duplicate event is played in one of {known}, not {variant!r:.40}")
    return replace(
        Ruleset.preset(variant),
        hands=1,
        bag_limit=0,
        losing_score=None,
        blind_nil=blind_nil,
        blind_nil_min_deficit=0,
    )


def _board_seed(dealer: int) -> str:
    # A game seed whose own first dealer is `dealer` (one draw in four): the board's games
    # then deal from it as any game does, and the rotation of dealers needs no game field.
    while True:
        seed = secrets.token_hex(32)
        if first_dealer(bytes.fromhex(seed)) == dealer:
            return seed


def boards_make(*, event: Event, count: int) -> list[Board]:
    """Deals and commits to an event's boards 1..count, the dealer turning round the table."""
    rows = []
    for number in range(1, count + 1):
        dealer = (number - 1) % 4
        board = Board(event=event, number=number, dealer=dealer, seed=_board_seed(dealer))
        board.commitment = commitment(board.hand_seed)
        rows.append(board)
    return Board.objects.bulk_create(rows)


def board_solve(*, board_id: int) -> list[int] | None:
    """Works out and keeps a board's double-dummy tricks per side: [north-south,
    east-west], or in Solo each seat's alone against the three others."""
    board = Board.objects.filter(pk=board_id).select_related("event").first()
    if board is None:
        return None
    if board.dd_tricks is None:
        rules = board.event.rules
        leader = first_leader(board.dealer)
        hands = deal_masks(board.hand_seed, board.dealer, rules.deck)
        position = Position(hands, (), leader, rules.spades_lead == "anytime")
        solver = Solver(solo=rules.solo)
        if rules.solo:
            tricks = [solver.tricks(position, seat) for seat in range(4)]
        else:
            tricks = tricks_per_side(leader, solver.tricks(position))
        Board.objects.filter(pk=board_id).update(dd_tricks=tricks)
        board.dd_tricks = tricks
    return board.dd_tricks


def board_game_record(*, game_id: int) -> bool:
    """Writes a finished board game's result (the board score of its hand). True when it
    wrote; again, for an unfinished game or a game of no board, changes nothing. A game
    finished after its event closed does not count (the ranking is final by then)."""
    with transaction.atomic():
        played = (
            BoardGame.objects.select_for_update(of=("self",))
            .select_related("board__event", "game")
            .filter(game_id=game_id, finished=False)
            .first()
        )
        if played is None or played.game.status != Game.Status.FINISHED:
            return False
        event = played.board.event
        if event.closed or (event.closes_at and played.game.finished_at > event.closes_at):
            return False
        hand = played.game.state["results"][0]
        score = board_score(
            event.rules, bids=hand["bids"], blind=hand["blind"], tricks=hand["tricks"]
        )
        side = 0 if played.direction == BoardGame.Direction.NORTH_SOUTH else 1
        played.bids, played.tricks = hand["bids"], hand["tricks"]
        played.points, played.result = list(score.points), score.result[side]
        played.finished, played.finished_at = True, played.game.finished_at
        played.save(update_fields=["bids", "tricks", "points", "result", "finished", "finished_at"])
    return True


def results_sweep() -> int:
    """Records the finished board games whose signal was lost; returns how many."""
    lost = BoardGame.objects.filter(
        finished=False, game__status=Game.Status.FINISHED, board__event__closed=False
    ).values_list("game_id", flat=True)
    return sum(board_game_record(game_id=game_id) for game_id in list(lost))
