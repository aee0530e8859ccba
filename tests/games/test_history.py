"""games.history: a finished game's export document, built from its log by the engine, and
the importer that replays a document alone: every intermediate state and score equal to
the engine's own replay of the log, for random games of every preset."""

import json
import random

import pytest

from games.engine import (
    FINISHED,
    PRESETS,
    action_to_dict,
    commitment,
    new_game,
)
from games.history import FORMAT, Mismatch, export_document, imported_scores, replay_document
from tests.engine.factories import random_actions

GAME = {
    "id": 7,
    "kind": "casual",
    "ranked": False,
    "created_at": "2026-11-23T18:00:00+00:00",
    "started_at": "2026-11-23T18:00:01+00:00",
    "finished_at": "2026-11-23T18:30:00+00:00",
}
SEATS = [{"seat": seat, "name": f"player{seat}", "bot": None} for seat in range(4)]


def random_game(preset: str, n: int):
    """(seed, log, states): a random finished game of a preset, its log and every state."""
    seed = random.Random(f"{preset}:{n}").randbytes(32)
    played = list(random_actions(new_game(PRESETS[preset], seed), random.Random(n)))
    assert played[-1][1].phase == FINISHED
    log = [(action.seat, action_to_dict(action)) for action, _ in played]
    return seed, log, [state for _, state in played]


def document_of(preset: str, seed: bytes, log) -> dict:
    game = {**GAME, "preset": preset, "ruleset": PRESETS[preset].to_dict()}
    return export_document(game=game, seats=SEATS, seed=seed, log=log)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("n", range(3))
def test_the_document_replays_to_every_state_of_the_game(preset, n):
    seed, log, states = random_game(preset, n)
    document = json.loads(json.dumps(document_of(preset, seed, log)))  # as a client gets it
    replayed = list(replay_document(document))

    assert [(action.seat, action_to_dict(action)) for action, _ in replayed] == log
    for (_, mine), engine in zip(replayed, states, strict=True):
        if mine.results:  # the last card of a hand: its result and the scores after it
            assert mine.results[0] == engine.results[-1]
            assert (mine.scores, mine.bags) == (engine.scores, engine.bags)
            continue
        # Everything a player could see at the table, hand by hand (cards of all four).
        fields = ("holdings", "trick", "leader", "tricks", "tricks_taken", "spades_broken",
                  "bids", "blind", "hidden", "turn", "phase", "hand_number", "dealer",
                  "scores", "bags")  # fmt: skip
        assert [getattr(mine, f) for f in fields] == [getattr(engine, f) for f in fields]
    final = states[-1]
    assert imported_scores(document) == [result.scores for result in final.results]
    assert document["scores"] == list(final.scores) and document["winner"] == final.winner


def test_the_document_holds_the_whole_game_and_never_the_game_seed():
    seed, log, states = random_game("classic", 11)
    document = document_of("classic", seed, log)
    final = states[-1]

    assert document["format"] == FORMAT
    assert document["seats"][1] == {"seat": 1, "team": 1, "name": "player1", "bot": None}
    assert seed.hex() not in json.dumps(document)
    assert [hand["number"] for hand in document["hands"]] == list(range(1, len(final.results) + 1))
    for hand, result in zip(document["hands"], final.results, strict=True):
        assert hand["seed"] == result.seed.hex()
        assert hand["commitment"] == commitment(result.seed)
        assert sorted(map(len, hand["deal"])) == [13] * 4
        assert len(hand["tricks"]) == 13
        assert [entry["seat"] for entry in hand["bidding"] if entry["type"] == "bid"] == [
            (hand["dealer"] + k) % 4 for k in (1, 2, 3, 4)
        ]
        assert hand["result"]["scores"] == list(result.scores)
        assert hand["result"]["tricks"] == list(result.tricks)


def test_a_log_that_does_not_finish_the_game_is_no_export():
    seed, log, _ = random_game("quick", 1)
    with pytest.raises(ValueError, match="does not finish"):
        document_of("quick", seed, log[:-1])


def tampered(change) -> dict:
    seed, log, _ = random_game("quick", 2)
    document = json.loads(json.dumps(document_of("quick", seed, log)))
    change(document)
    return document


def swap_cards(document):
    """Two cards of the first hand change owners in the deal."""
    deal = document["hands"][0]["deal"]
    deal[0][0], deal[1][0] = deal[1][0], deal[0][0]


def other_winner(document):
    trick = document["hands"][0]["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % 4


def more_points(document):
    document["hands"][0]["result"]["points"][0] += 10


def other_card(document):
    """The first card led is exchanged for another card of the leader's."""
    hand = document["hands"][0]
    seat, card = hand["tricks"][0]["cards"][0]
    other = next(c for c in hand["deal"][seat] if c != card)
    hand["tricks"][0]["cards"][0] = [seat, other]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][0].update(commitment="0" * 64), "does not match its commitment"),
        (swap_cards, "deal is not the one its seed deals"),
        (other_winner, "trick won by seat"),
        (more_points, "points differ"),
        (other_card, "illegal action|trick won by|differ"),
        (lambda d: d["hands"].pop(), "does not end so"),
        (lambda d: d.update(format=2), "format 1"),
        (lambda d: d["hands"][0].pop("tricks"), "Not a game export"),
    ],
)
def test_the_importer_refuses_a_document_the_engine_does_not_replay(change, message):
    with pytest.raises(Mismatch, match=message):
        imported_scores(tampered(change))
