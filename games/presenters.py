"""Turns a viewer's payload (games.selectors.game_payload) into what the table templates
show: seats placed around the viewer, cards with their symbols, the bidding panel."""

from urllib.parse import urlencode

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = "23456789TJQKA"
PLACES = ("bottom", "left", "top", "right")  # clockwise from the viewer


def card(code: str, *, legal: bool = False) -> dict:
    rank, suit = code[0], code[1]
    return {
        "code": code,
        "rank": "10" if rank == "T" else rank,
        "suit": SUIT_SYMBOLS[suit],
        "color": "red" if suit in "DH" else "black",
        "label": f"{'10' if rank == 'T' else rank} of {SUIT_NAMES[suit]}",
        "legal": legal,
    }


def _seat_label(entry: dict) -> str:
    if entry["name"]:
        return entry["name"]
    return "Open seat"


def _bid_label(bid: int | None, blind: bool) -> str:
    if bid is None:
        return "-"
    if bid == 0:
        return "Blind Nil" if blind else "Nil"
    return str(bid)


def table(payload: dict, *, invite: str | None = None, logged_in: bool = False) -> dict:
    """The template context of the table for one viewer."""
    view = payload["view"]
    me = payload["seat"]
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
                "team": position % 2,
                "is_me": position == me,
                "bid": None
                if view is None
                else _bid_label(view["bids"][position], view["blind"][position]),
                "tricks": None if view is None else view["tricks_taken"][position],
                "cards_left": None if view is None else view["hand_counts"][position],
                "turn": view is not None and view["turn"] == position,
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
    }
    if view is None:
        return context
    place_of = {seat["position"]: seat["place"] for seat in seats}
    tricks = view["tricks"]
    current = tricks[-1] if tricks and tricks[-1]["winner"] is None else None
    # A finished trick stays on the table until the next card is played.
    shown = current or (tricks[-1] if tricks else None)
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
            "winner": payload["seats"][last["winner"]]["name"],
            "cards": [
                {"name": payload["seats"][seat]["name"], **card(code)}
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
    context["teams"] = [
        {
            "name": " & ".join(_seat_label(payload["seats"][p]) for p in (team, team + 2)),
            "score": view["scores"][team],
            "bags": view["bags"][team],
            "mine": me is not None and me % 2 == team,
        }
        for team in (0, 1)
    ]
    if payload["winner"] is not None:
        context["winner"] = {
            "mine": me is not None and me % 2 == payload["winner"],
            "names": context["teams"][payload["winner"]]["name"],
        }
    context["summary"] = _summary(payload, view["hands"][-1]) if view["hands"] else None
    context["hand_started"] = bool(tricks)
    return context


def _summary(payload: dict, hand: dict) -> dict:
    rows = []
    for position in range(4):
        bid = hand["bids"][position]
        rows.append(
            {
                "name": _seat_label(payload["seats"][position]),
                "team": position % 2,
                "bid": _bid_label(bid, hand["blind"][position]),
                "tricks": hand["tricks"][position],
            }
        )
    query = urlencode(
        {"seed": hand["seed"], "commitment": hand["commitment"], "dealer": hand["dealer"]}
    )
    return {
        "number": hand["hand_number"],
        "rows": rows,
        "teams": [
            {
                "points": hand["points"][team],
                "score": hand["scores"][team],
                "bags": hand["bags"][team],
                "penalties": hand["penalties"][team],
                "boston": hand["boston"][team],
            }
            for team in (0, 1)
        ],
        "seed": hand["seed"],
        "commitment": hand["commitment"],
        "verify_query": query,
    }
