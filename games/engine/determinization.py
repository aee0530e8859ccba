"""Rebuild a playable state from one seat's view and a guess of the hidden cards (bots)."""

import hashlib
from collections.abc import Sequence
from typing import NamedTuple

from .bits import FULL_DECK
from .cards import Card, mask_of
from .ruleset import Ruleset
from .state import BIDDING, PLAYING, GameState, HandResult, Trick

# The rebuilt state has no real seeds: only the current hand, whose cards are
# given, has to be played exactly.
_DUMMY_GAME_SEED = b"determinized"
_DUMMY_HAND_SEED = hashlib.sha256(_DUMMY_GAME_SEED).digest()


class _Parsed(NamedTuple):
    """What determinize takes from a view, whatever the cards."""

    view: dict
    ruleset: Ruleset
    state: GameState  # holdings still empty
    played: int  # mask of the cards played in this hand
    counts: tuple[int, ...]
    own: int | None  # the viewer's cards, if the view shows them


# Bots determinize one view many times with different cards: the last view's
# parse is kept (with the view itself, so it cannot be mistaken for another).
_last: _Parsed | None = None


def determinize(view: dict, ruleset: Ruleset, hands: Sequence[Sequence[Card | str]]) -> GameState:
    """A state matching the view in which every seat holds the given unplayed cards.

    legal_actions and apply_action then play the current hand out exactly as the
    real game would if the seats held those cards. ValueError if the cards do not
    fit the view. The view must not be modified between calls.
    """
    global _last
    parsed = _last
    if parsed is None or parsed.view is not view or parsed.ruleset is not ruleset:
        parsed = _last = _parse(view, ruleset)
    if len(hands) != 4:
        raise ValueError("hands needs the unplayed cards of all 4 seats")
    holdings = tuple(mask_of(cards) for cards in hands)
    seen = parsed.played
    for seat, mask in enumerate(holdings):
        if mask & seen:
            raise ValueError(f"Seat {seat} is given a card that is already played or held")
        seen |= mask
        if mask.bit_count() != parsed.counts[seat]:
            raise ValueError(f"Seat {seat} must hold {parsed.counts[seat]} cards")
    if seen != FULL_DECK:
        raise ValueError("The hands and the played cards must make up the whole deck")
    if parsed.own is not None and holdings[view["seat"]] != parsed.own:
        raise ValueError("The viewer's hand must be the one in the view")
    return parsed.state._replace(holdings=holdings)


def _parse(view: dict, ruleset: Ruleset) -> _Parsed:
    phase = view["phase"]
    if phase not in (BIDDING, PLAYING):
        raise ValueError("Only a hand in progress can be determinized")
    dealer = view["dealer"]
    scores = tuple(view["scores"])
    bids = tuple(view["bids"])
    viewer = view["seat"]

    tricks = [Trick.from_dict(trick) for trick in view["tricks"]]
    current = tricks.pop() if tricks and tricks[-1].winner is None else None
    if any(len(trick.cards) != 4 or trick.winner is None for trick in tricks):
        raise ValueError("Only the last trick of the view may be in progress")
    if current is not None and not 0 < len(current.cards) < 4:
        raise ValueError("A trick in progress has 1 to 3 cards")
    played = [card for trick in tricks for card in trick.cards]
    if current is not None:
        played.extend(current.cards)

    taken = [0, 0, 0, 0]
    for trick in tricks:
        taken[trick.winner] += 1
    if taken != list(view["tricks_taken"]):
        raise ValueError("tricks_taken does not match the tricks of the view")
    if current is not None:
        leader = current.leader
    elif tricks:
        leader = tricks[-1].winner
    else:
        leader = (dealer + 1) % 4
    trick = tuple(card.index for card in current.cards) if current is not None else ()
    turn = (leader + len(trick)) % 4 if phase == PLAYING else _bidder(dealer, bids)
    if view["turn"] != turn:
        raise ValueError("The view's turn does not follow from its bids and tricks")

    hidden = []
    for seat in range(4):
        if phase != BIDDING or bids[seat] is not None:
            hidden.append(False)
        elif seat == viewer:
            hidden.append(view["hand"] is None)
        else:
            # Whether another seat has looked is not shown: assume it has not.
            hidden.append(ruleset.blind_nil_allowed(scores, seat % 2))

    last = view["last_trick"]
    state = GameState(
        turn=turn,
        version=view["version"],
        holdings=(0, 0, 0, 0),
        trick=trick,
        spades_broken=view["spades_broken"],
        leader=leader,
        tricks=tuple(tricks),
        tricks_taken=tuple(taken),
        last_trick=None if last is None else Trick.from_dict(last),
        phase=phase,
        hidden=tuple(hidden),
        bids=bids,
        blind=tuple(view["blind"]),
        hand_number=view["hand_number"],
        dealer=dealer,
        hand_seed=_DUMMY_HAND_SEED,
        scores=scores,
        bags=tuple(view["bags"]),
        results=tuple(HandResult.from_dict(result, ruleset) for result in view["hands"]),
        winner=None,
        ruleset=ruleset,
        game_seed=_DUMMY_GAME_SEED,
    )
    own = view["hand"]
    return _Parsed(
        view=view,
        ruleset=ruleset,
        state=state,
        played=mask_of(played),
        counts=tuple(view["hand_counts"]),
        own=mask_of(own) if viewer is not None and own is not None else None,
    )


def _bidder(dealer: int, bids: tuple) -> int | None:
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        if bids[seat] is None:
            return seat
    return None
