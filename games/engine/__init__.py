"""Pure-Python Spades rules (RULES.md): deterministic, provably fair, no Django.

The rules on plain ints that bots play out fast (legal cards, trick winner) are in
games.engine.bits; the engine plays by the same functions.
"""

from .actions import (
    Action,
    Bid,
    IllegalAction,
    Look,
    NilPass,
    Play,
    action_from_dict,
    action_to_dict,
)
from .bidding import bid_choices, min_team_bid_note
from .bits import first_leader, team_of, tricks_per_side
from .cards import CARDS, Card
from .dealing import commitment, deal, first_dealer, hand_seed
from .nilpass import passers
from .rules import apply_action, hand_from_seed, legal_actions, new_game, replay, seats_to_act
from .ruleset import (
    MAX_HAND_POINTS,
    OPTION_CHOICES,
    OPTION_RANGES,
    PRESETS,
    Ruleset,
    conflict,
    idle_options,
    idle_pairs,
)
from .scoring import (
    BoardScore,
    HandOutcome,
    HandScore,
    NilScore,
    TeamBreakdown,
    bags_before_penalty,
    board_score,
    hand_breakdown,
    hand_outcome,
    leader_of,
    places,
    score_ends_game,
    score_hand,
    side_contract,
)
from .state import BIDDING, FINISHED, PASSING, PHASES, PLAYING, GameState, HandResult, Trick
from .view import view_for

__all__ = [
    "BIDDING",
    "CARDS",
    "FINISHED",
    "MAX_HAND_POINTS",
    "OPTION_CHOICES",
    "OPTION_RANGES",
    "PASSING",
    "PHASES",
    "PLAYING",
    "PRESETS",
    "Action",
    "Bid",
    "BoardScore",
    "Card",
    "GameState",
    "HandOutcome",
    "HandResult",
    "HandScore",
    "IllegalAction",
    "Look",
    "NilPass",
    "NilScore",
    "Play",
    "Ruleset",
    "TeamBreakdown",
    "Trick",
    "action_from_dict",
    "action_to_dict",
    "apply_action",
    "bags_before_penalty",
    "bid_choices",
    "board_score",
    "commitment",
    "conflict",
    "deal",
    "first_dealer",
    "first_leader",
    "hand_breakdown",
    "hand_from_seed",
    "hand_outcome",
    "hand_seed",
    "idle_options",
    "idle_pairs",
    "leader_of",
    "legal_actions",
    "min_team_bid_note",
    "new_game",
    "passers",
    "places",
    "replay",
    "score_ends_game",
    "score_hand",
    "seats_to_act",
    "side_contract",
    "team_of",
    "tricks_per_side",
    "view_for",
]
