"""A finished game's history from its action log, through the engine alone: the export
document (format 1, README "Game export format") that the replay page steps through and
the API serves, and the importer that replays a document with the engine and checks it.

Pure: no Django. The document holds every hand's revealed seed, never the game seed."""

from collections.abc import Iterable, Iterator

from games.engine import (
    FINISHED,
    Action,
    GameState,
    IllegalAction,
    Play,
    Ruleset,
    action_from_dict,
    action_to_dict,
    apply_action,
    commitment,
    deal,
    hand_from_seed,
    new_game,
)

FORMAT = 1
_RESULT_FIELDS = ("bids", "blind", "tricks", "points", "scores", "bags", "penalties", "boston")


class Mismatch(ValueError):
    """A document that the engine does not replay to the same game."""


def export_document(
    *, game: dict, seats: list[dict], seed: bytes, log: Iterable[tuple[int, dict]]
) -> dict:
    """The whole of a finished game as one JSON-ready document.

    `game`: id, preset, ruleset (a Ruleset dict), kind, ranked and the ISO times
    created_at, started_at, finished_at; `seats`: seat, name and bot (level or None) of
    seats 0..3; `seed`: the secret game seed, which only deals the hands here; `log`: the
    action log in order, (seat, action dict). ValueError if the log does not finish a game.
    """
    ruleset = Ruleset.from_dict(game["ruleset"])
    state = new_game(ruleset, seed)
    hands: list[dict] = []
    hand = _hand_start(state)
    for seat, payload in log:
        action = action_from_dict(payload, seat)
        after = apply_action(state, action)
        if type(action) is Play:
            if len(state.trick) == 3:  # this card completed a trick
                hand["tricks"].append(_completed_trick(after).to_dict())
        else:
            hand["bidding"].append({"seat": seat, **action_to_dict(action)})
        if len(after.results) > len(state.results):
            result = after.results[-1].to_dict()
            hand["seed"] = result["seed"]
            hand["result"] = {field: result[field] for field in _RESULT_FIELDS}
            hands.append(hand)
            if after.phase != FINISHED:
                hand = _hand_start(after)
        state = after
    if state.phase != FINISHED:
        raise ValueError("The log does not finish the game")
    return {
        "format": FORMAT,
        **{key: game[key] for key in ("id", "preset", "kind", "ranked")},
        "ruleset": ruleset.to_dict(),
        **{key: game[key] for key in ("created_at", "started_at", "finished_at")},
        "seats": [
            {
                "seat": entry["seat"],
                "team": ruleset.side_of(entry["seat"]),  # its side: itself in Solo
                "name": entry["name"],
                "bot": entry["bot"],
            }
            for entry in seats
        ],
        "winner": state.winner,
        "scores": list(state.scores),
        "hands": hands,
    }


def _hand_start(state: GameState) -> dict:
    """A hand's record as it is dealt (its seed is added when it ends)."""
    return {
        "number": state.hand_number,
        "dealer": state.dealer,
        "seed": None,
        "commitment": commitment(state.hand_seed),
        "deal": [[card.code for card in state.cards(seat)] for seat in range(4)],
        "bidding": [],
        "tricks": [],
        "result": None,
    }


def _completed_trick(after: GameState):
    """The trick a card just completed: the hand's last so far, or, when that card ended
    the hand and the next was dealt, the one the new hand keeps as `last_trick`."""
    return after.tricks[-1] if after.tricks else after.last_trick


def replay_document(document: dict) -> Iterator[tuple[Action, GameState]]:
    """Replays an export document with the engine, hand by hand from each revealed seed,
    yielding (action, state after it) for every action. Checks each deal against its seed
    and commitment, each trick's winner, each hand's result and the game's end; raises
    Mismatch (a ValueError) where the document and the engine disagree."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Mismatch(f"Not a game export of format {FORMAT}")
    try:
        ruleset = Ruleset.from_dict(document["ruleset"])
        scores = bags = (0,) * ruleset.sides
        state = None
        for hand in document["hands"]:
            seed = bytes.fromhex(hand["seed"])
            _check(
                commitment(seed) == hand["commitment"], hand, "seed does not match its commitment"
            )
            dealt = [[c.code for c in cards] for cards in deal(seed, hand["dealer"], ruleset.deck)]
            _check(dealt == hand["deal"], hand, "deal is not the one its seed deals")
            state = hand_from_seed(ruleset, seed, hand["number"], hand["dealer"], scores, bags)
            for entry in hand["bidding"]:
                action = action_from_dict(
                    {k: v for k, v in entry.items() if k != "seat"}, entry["seat"]
                )
                state = apply_action(state, action)
                yield action, state
            for trick in hand["tricks"]:
                for seat, code in trick["cards"]:
                    action = Play(seat, code)
                    state = apply_action(state, action)
                    yield action, state
                winner = _completed_trick(state).winner
                _check(winner == trick["winner"], hand, f"trick won by seat {winner}")
            _check(len(state.results) == 1, hand, "hand is not over after its tricks")
            result = state.results[0].to_dict()
            for field in _RESULT_FIELDS:
                _check(result[field] == hand["result"][field], hand, f"{field} differ")
            scores, bags = state.results[0].scores, state.results[0].bags
        over = state is not None and state.phase == FINISHED
        _check(over and state.winner == document["winner"], None, "the game does not end so")
    except IllegalAction as error:
        raise Mismatch(f"An illegal action: {error}") from None
    except (KeyError, TypeError, AttributeError) as error:
        raise Mismatch(f"Not a game export: {error!r}") from None


def deal_check(seed: bytes, given: str, dealer: int, deck: str = "standard") -> dict:
    """A revealed hand seed against the commitment `given` for it, and the hands it deals
    from `deck` (the verify page and GET /api/verify)."""
    computed = commitment(seed)
    hands = deal(seed, dealer, deck)
    return {
        "matches": computed == given.strip().lower(),
        "computed": computed,
        "deck": deck,
        "hands": [[card.code for card in cards] for cards in hands],
    }


def _check(ok: bool, hand: dict | None, problem: str) -> None:
    if not ok:
        where = f"Hand {hand.get('number')}: " if hand else ""
        raise Mismatch(f"{where}{problem}")


def imported_scores(document: dict) -> list[tuple[int, int]]:
    """The teams' scores after each hand, as the engine replays the document alone."""
    # Each hand is replayed from a fresh start, so only its last state holds a result.
    return [state.results[0].scores for _, state in replay_document(document) if state.results]
