"""The standard bot: fast rule-based bidding and play (games.bots.policy) on a seat's view."""

import random

from games.engine import CARDS, Action, Bid, Look, NilPass, Play, Ruleset

from .passing import nil_bidder_pass, partner_pass
from .policy import choose_bid, choose_card, nil_chance
from .table import Table


def choose_action(view: dict, ruleset: Ruleset, rng: random.Random) -> Action:
    """The standard bot's action for the viewing seat; it must be that seat's turn."""
    seat = view["seat"]
    legal = view["legal"]
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now")
    if legal[0]["type"] == "nil_pass":
        return choose_pass(view, ruleset)
    if view["phase"] == "bidding":
        if view["hand"] is None:
            blind_nil = {"type": "bid", "tricks": 0, "blind": True}
            if blind_nil in legal and blind_nil_is_good(view, ruleset):
                return Bid(seat, 0, blind=True)
            return Look(seat)
        table = Table.from_view(view, ruleset)
        bids = [a["tricks"] for a in legal if a["type"] == "bid" and not a["blind"]]
        return Bid(seat, choose_bid(table, seat, bids))
    table = Table.from_view(view, ruleset)
    return Play(seat, CARDS[choose_card(table, seat)])


def choose_pass(view: dict, ruleset: Ruleset) -> NilPass:
    """The Nil pass: the Nil bidder gives its most dangerous cards, its partner its
    lowest (games.bots.passing)."""
    seat = view["seat"]
    hand = Table.from_view(view, ruleset).hands[seat]
    count = view["legal"][0]["count"]
    if view["bids"][seat] == 0:
        cards = nil_bidder_pass(hand, count, nil_chance)
    else:
        cards = partner_pass(hand, count)
    return NilPass(seat, [CARDS[card] for card in cards])


def blind_nil_is_good(view: dict, ruleset: Ruleset) -> bool:
    """Blind Nil is a gamble worth taking only far behind, with a partner who can cover."""
    if ruleset.solo:
        return False  # Nobody covers it.
    seat = view["seat"]
    team = seat & 1
    partner_bid = view["bids"][seat ^ 2]
    if partner_bid == 0 or not view["blind_nil_eligible"]:
        return False
    ours, theirs = view["scores"][team], view["scores"][1 - team]
    deficit = theirs - ours
    if partner_bid is not None and partner_bid < 3:
        return False
    # A blind Nil succeeds about one time in five: worth it only when the opponents are
    # about to win and nothing else can catch them.
    near = theirs >= ruleset.target_score - 100
    return near and deficit >= max(200, ruleset.blind_nil_min_deficit)
