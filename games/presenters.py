"""Turns a viewer's payload (games.selectors.game_payload) into what the table templates
show: seats placed around the viewer, cards with their symbols, the bidding panel, the
hand's result and the score sheet. Every figure comes from games.engine."""

from accounts.names import short_name
from games.board import words_html
from games.bots import LEVELS as BOT_LEVELS
from games.engine import Card, Ruleset, bags_before_penalty, min_team_bid_note, side_contract
from games.rules_text import length_in_words, options_in_words, variant_names
from games.sides import bid_label, hand_result, score_sheet, side_name, standings

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = "23456789TJQKA"
PLACES = ("bottom", "left", "top", "right")  # clockwise from the viewer
PRESET_NAMES = {"blind-nil-anytime": "Blind Nil anytime"}
# What the bid panel says when the bid is not the player's free choice (RULES.md "Variants").
BID_NOTES = {
    "mirror": "Mirror: your bid is the number of spades you hold.",
    "whiz": "Whiz: bid Nil or the number of spades you hold.",
}


def suit_color(suit: str) -> str:
    return "red" if suit in "DH" else "black"


# The Jokers (RULES.md "Variants") have faces of their own: a star with its size in words,
# never a rank and suit that could be read as a spade.
JOKERS = {"BJ": "Big", "LJ": "Little"}


def card(code: str, *, legal: bool = False) -> dict:
    if code in JOKERS:
        size = JOKERS[code]
        return {
            "code": code,
            "rank": "★",
            "suit": size,
            "suit_code": "S",  # a spade for every rule: the replay lays it out with them
            "short": f"★{size[0]}",
            "color": f"joker {size.lower()}",
            "label": f"{size} Joker",
            "legal": legal,
        }
    rank, suit = code[0], code[1]
    return {
        "code": code,
        "rank": "10" if rank == "T" else rank,
        "suit": SUIT_SYMBOLS[suit],
        "suit_code": suit,
        "short": "10" if rank == "T" else rank,
        "color": suit_color(suit),
        "label": f"{'10' if rank == 'T' else rank} of {SUIT_NAMES[suit]}",
        "legal": legal,
    }


def _seat_label(entry: dict) -> str:
    """The name the table shows: a bot's personal name alone ('Ada'; its badge says the
    level), so that names fit a phone's seats and read well in 'Last trick: Ada: J♠'."""
    if entry["name"]:
        return short_name(entry["name"]) if entry["bot"] else entry["name"]
    return "Open seat"


# The replay lays a hand out black and red by turns.
REPLAY_SUITS = "SHCD"


def replay_labels(document: dict) -> dict:
    """What the replay (core/static/js/replay.js) writes for a game's export document, in
    the table's own words: each card dealt as card() shows it, each bidding entry as
    bid_label() words it (None for a look), and the suits in the order a hand is laid out."""
    dealt = {code for hand in document["hands"] for cards in hand["deal"] for code in cards}
    return {
        "cards": {code: card(code) for code in sorted(dealt)},
        "order": sorted(dealt, key=lambda code: Card.parse(code).index),
        "bids": [
            [
                bid_label(entry["tricks"], entry["blind"]) if entry["type"] == "bid" else None
                for entry in hand["bidding"]
            ]
            for hand in document["hands"]
        ],
        "suits": [
            {"code": suit, "symbol": SUIT_SYMBOLS[suit], "color": suit_color(suit)}
            for suit in REPLAY_SUITS
        ],
    }


def table(payload: dict, *, invite: str | None = None, logged_in: bool = False) -> dict:
    """The template context of the table for one viewer."""
    view = payload["view"]
    me = payload["seat"]
    ruleset = Ruleset.from_dict(payload["ruleset"]) if payload.get("ruleset") else Ruleset()
    solo = ruleset.solo
    bottom = me if me is not None else 0
    legal = payload["legal"]
    legal_cards = {a["card"] for a in legal if a["type"] == "play"}
    seats = []
    for offset, place in enumerate(PLACES):
        position = (bottom + offset) % 4
        entry = payload["seats"][position]
        seats.append(
            {
                "position": position,
                "place": place,
                "name": _seat_label(entry),
                "bot": entry["bot"],
                "away": entry["away"],
                "open": entry["name"] is None,
                "invited": entry["name"] is None and position in payload.get("held_seats", ()),
                # A partnership's colour; none in Solo, where every seat plays for itself.
                "team": None if solo else ruleset.side_of(position),
                "is_me": position == me,
                "bid": None
                if view is None
                else bid_label(view["bids"][position], view["blind"][position]),
                "tricks": None if view is None else view["tricks_taken"][position],
                "cards_left": None if view is None else view["hand_counts"][position],
                "turn": view is not None and view["turn"] == position,
                "dealer": view is not None and view["dealer"] == position,
                "rating": (payload["extras"].get("ratings") or [None] * 4)[position],
                "rating_change": (payload["extras"].get("rating_changes") or [None] * 4)[position],
            }
        )
    context = {
        "game": payload,
        "view": view,
        "me": me,
        "seats": seats,
        "invite": invite,
        "logged_in": logged_in,
        "may_join": logged_in and me is None and payload["status"] == "waiting",
        "rules": rules_line(payload),
        "ranked": payload["ranked"],
        "away": me is not None and payload["seats"][me]["away"],
        "next_step": payload["extras"].get("next_step"),
        # The person who opened a private table may seat bots in its open seats.
        "may_fill": me is not None
        and me == payload.get("owner_seat")
        and payload.get("private", False)
        and payload["status"] == "waiting"
        and any(seat["open"] and not seat["invited"] for seat in seats),
        "bot_levels": BOT_LEVELS,
        "solo": solo,
    }
    if view is None:
        return context
    names = [_seat_label(entry) for entry in payload["seats"]]
    finished = payload["status"] == "finished"
    # Between hands (the new deal not bid on yet) the table shows the hand that just ended.
    between_hands = (
        bool(view["hands"]) and view["phase"] == "bidding" and all(b is None for b in view["bids"])
    )
    place_of = {seat["position"]: seat["place"] for seat in seats}
    tricks = view["tricks"]
    current = tricks[-1] if tricks and tricks[-1]["winner"] is None else None
    # A finished trick stays on the table until the next card is played; the hand's last
    # one until the next deal is bid on. At the end of the game the felt is cleared.
    shown = current or (tricks[-1] if tricks else None)
    if between_hands:
        shown = view["last_trick"]
    if finished:
        shown = None
    context["trick"] = [
        {"place": place_of[seat], **card(code)} for seat, code in (shown["cards"] if shown else [])
    ]
    context["trick_winner"] = None if shown is None or current else place_of[shown["winner"]]
    previous = [t for t in tricks if t["winner"] is not None]
    last = previous[-1] if previous else view["last_trick"]
    context["last_trick"] = (
        None
        if last is None
        else {
            "winner": _seat_label(payload["seats"][last["winner"]]),
            "cards": [
                {"name": _seat_label(payload["seats"][seat]), **card(code)}
                for seat, code in last["cards"]
            ],
        }
    )
    hand = view["hand"] or []
    context["hand"] = [card(code, legal=code in legal_cards) for code in hand]
    context["hand_hidden"] = me is not None and view["hand"] is None
    bids = [a for a in legal if a["type"] == "bid"]
    context["bids"] = sorted({a["tricks"] for a in bids if not a["blind"]})
    context["can_blind_nil"] = any(a["blind"] for a in bids)
    context["can_look"] = any(a["type"] == "look" for a in legal)
    context["bidding_now"] = bool(bids)
    context["playing"] = view["phase"] == "playing"
    partner_bid = None if me is None or solo else view["bids"][(me + 2) % 4]
    context["bid_note"] = BID_NOTES.get(ruleset.bidding) or min_team_bid_note(ruleset, partner_bid)
    sides = range(ruleset.sides)
    context["teams"] = [
        {
            "name": side_name(names, side, solo=solo),
            "score": view["scores"][side],
            "bags": view["bags"][side],
            "mine": me is not None and ruleset.side_of(me) == side,
        }
        for side in sides
    ]
    context["board"] = payload.get("board")
    if context["board"]:  # a duplicate board: its board score, and nobody wins it
        context["board_html"] = words_html(context["board"]["words"])
        for number, team in enumerate(context["teams"]):
            team["score"] = context["board"]["points"][number]
        context["winner"] = {"board": True, "draw": False, "mine": False, "names": ""}
    elif payload["winner"] is not None:
        context["winner"] = {
            "mine": me is not None and ruleset.side_of(me) == payload["winner"],
            "names": context["teams"][payload["winner"]]["name"],
        }
    elif finished:  # a game of a fixed number of hands can end on equal scores
        context["winner"] = {"draw": True, "mine": False, "names": ""}
    if finished and solo:  # every player's place, not one winner against one loser
        context["standings"] = standings(names, view["scores"])
        mine = [entry["place"] for entry in context["standings"] if entry["seat"] == me]
        context["my_place"] = mine[0] if mine else None
    context["final_score"] = " \N{EN DASH} ".join(str(score) for score in view["scores"])
    context["hand_started"] = bool(tricks)
    context["between_hands"] = between_hands and not finished
    if view["hands"]:
        hands = view["hands"]
        bags_before = hands[-2]["bags"] if len(hands) > 1 else [0] * ruleset.sides
        context["hand_result"] = hand_result(hands[-1], bags_before, ruleset, names)
    context["sheet"] = score_sheet(view["hands"], names, board=context["board"], solo=solo)
    turn = view["turn"]
    context["my_turn"] = me is not None and turn == me and not finished
    context["turn_text"] = _turn_text(payload, names, between_hands)
    for side, team in zip(sides, context["teams"], strict=True):
        contract, _ = side_contract(ruleset, view["bids"], view["tricks_taken"], side)
        seats_of = ruleset.seats_of(side)
        bids_in = all(view["bids"][p] is not None for p in seats_of)
        team["contract"] = contract if bids_in else None
        team["won"] = sum(view["tricks_taken"][p] for p in seats_of)
        team["bags_left"] = bags_before_penalty(ruleset, team["bags"])
    context.update(_nil_pass(view, legal, names, me))
    if context["pass_count"]:  # choosing a Nil pass is this player's move now
        context["my_turn"] = True
    context["far_behind"] = ruleset.blind_nil_min_deficit > 0
    context["deficit"] = ruleset.blind_nil_min_deficit
    context["playing"] = view["phase"] == "playing" and not finished
    if finished:
        context["hand"] = []
        context["hand_hidden"] = False
    return context


def _nil_pass(view: dict, legal: list[dict], names: list[str], me: int | None) -> dict:
    """The Nil pass as this viewer sees it (view["nil_pass"]): how many cards to choose now
    (0: none), the cards given and received (the viewer's own only), and for everyone
    else only that the table waits for it."""
    nil_pass = view.get("nil_pass")
    owed = next((a["count"] for a in legal if a["type"] == "nil_pass"), 0)
    if not nil_pass:
        return {"pass_count": 0, "passing": False, "pass_shown": False}
    return {
        "pass_count": owed,
        "passing": view["phase"] == "passing",
        "pass_given": [card(code) for code in nil_pass["given"] or ()],
        "pass_received": [card(code) for code in nil_pass["received"] or ()],
        "pass_partner": None if me is None else names[(me + 2) % 4],
        # What came in stays in sight through the first trick, then the hand says it all.
        "pass_shown": bool(nil_pass["received"]) and len(view["tricks"]) <= 1,
    }


def rules_line(payload: dict) -> str:
    """ "Jokers · to 500 · Nil pass 2 · Casual": the preset (a custom game: its variants,
    or "Custom"), the target score or number of hands, a custom game's other options that
    differ from the classic rules, and "Casual" for a game not rated (the table marks a
    ranked one with its badge); or what the app that made the game calls it (extras
    "rules", e.g. a duplicate board)."""
    named = payload.get("extras", {}).get("rules")
    if named:
        return named
    ruleset = payload["ruleset"]
    custom = payload["preset"] == "custom"
    title = PRESET_NAMES.get(payload["preset"], payload["preset"].replace("-", " ").title())
    parts = [title]
    if ruleset:
        if custom:
            parts = [" ".join(variant_names(ruleset)) or title]
        parts.append(length_in_words(ruleset))
        if custom:
            parts += options_in_words(ruleset)
    if not payload["ranked"]:
        parts.append("Casual")  # a ranked game says so once, by its badge beside this line
    return " · ".join(str(part) for part in parts)


def _turn_text(payload: dict, names: list[str], between_hands: bool) -> str:
    """Whose turn it is, in words (the page's polite live region reads it out)."""
    view = payload["view"]
    if payload["status"] == "finished":
        return "The game is over"
    if between_hands:
        return f"Hand {view['hands'][-1]['hand_number']} is over"
    if view["phase"] == "passing":
        owing = payload["seat"] in (view["nil_pass"] or {}).get("waiting", ())
        return "Choose the cards of your Nil pass" if owing else "Waiting for the Nil pass"
    turn = view["turn"]
    if turn is None:
        return ""
    doing = "bid" if view["phase"] == "bidding" else "play"
    if turn == payload["seat"]:
        return f"Your turn to {doing}"
    return f"{names[turn]} to {doing}"
