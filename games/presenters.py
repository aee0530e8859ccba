"""Turns a viewer's payload (games.selectors.game_payload) into what the table templates
show: seats placed around the viewer, cards with their symbols, the bidding panel, the
hand's result and the score sheet. Every figure comes from games.engine."""

from urllib.parse import urlencode

from accounts.names import short_name
from games.board import SIDES, words_html
from games.bots import LEVELS as BOT_LEVELS
from games.engine import Ruleset, bags_before_penalty, hand_breakdown, side_contract, team_of
from games.engine.ruleset import OPTION_NAMES

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = "23456789TJQKA"
PLACES = ("bottom", "left", "top", "right")  # clockwise from the viewer
PRESET_NAMES = {"blind-nil-anytime": "Blind Nil anytime"}


def suit_color(suit: str) -> str:
    return "red" if suit in "DH" else "black"


def card(code: str, *, legal: bool = False) -> dict:
    rank, suit = code[0], code[1]
    return {
        "code": code,
        "rank": "10" if rank == "T" else rank,
        "suit": SUIT_SYMBOLS[suit],
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


def team_name(names: list[str], team: int) -> str:
    """'Ann & Cy': a team by its partners' names (seats `team` and `team + 2`)."""
    return f"{names[team]} & {names[team + 2]}"


def bid_label(bid: int | None, blind: bool) -> str:
    if bid is None:
        return "-"
    if bid == 0:
        return "Blind Nil" if blind else "Nil"
    return str(bid)


# The replay lays a hand out black and red by turns.
REPLAY_SUITS = "SHCD"


def replay_labels(document: dict) -> dict:
    """What the replay (core/static/js/replay.js) writes for a game's export document, in
    the table's own words: each card dealt as card() shows it, each bidding entry as
    bid_label() words it (None for a look), and the suits in the order a hand is laid out."""
    dealt = {code for hand in document["hands"] for cards in hand["deal"] for code in cards}
    return {
        "cards": {code: card(code) for code in sorted(dealt)},
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
                "team": team_of(position),
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
    }
    if view is None:
        return context
    ruleset = Ruleset.from_dict(payload["ruleset"])
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
    context["teams"] = [
        {
            "name": team_name(names, team),
            "score": view["scores"][team],
            "bags": view["bags"][team],
            "mine": me is not None and team_of(me) == team,
        }
        for team in (0, 1)
    ]
    context["board"] = payload.get("board")
    if context["board"]:  # a duplicate board: its board score, and nobody wins it
        context["board_html"] = words_html(context["board"]["words"])
        for number, team in enumerate(context["teams"]):
            team["score"] = context["board"]["points"][number]
        context["winner"] = {"board": True, "draw": False, "mine": False, "names": ""}
    elif payload["winner"] is not None:
        context["winner"] = {
            "mine": me is not None and team_of(me) == payload["winner"],
            "names": context["teams"][payload["winner"]]["name"],
        }
    elif finished:  # a game of a fixed number of hands can end on equal scores
        context["winner"] = {"draw": True, "mine": False, "names": ""}
    context["hand_started"] = bool(tricks)
    context["between_hands"] = between_hands and not finished
    if view["hands"]:
        hands = view["hands"]
        bags_before = hands[-2]["bags"] if len(hands) > 1 else [0, 0]
        context["hand_result"] = hand_result(hands[-1], bags_before, ruleset, names)
    context["sheet"] = score_sheet(view["hands"], names, board=context["board"])
    turn = view["turn"]
    context["my_turn"] = me is not None and turn == me and not finished
    context["turn_text"] = _turn_text(payload, names, between_hands)
    for number, team in enumerate(context["teams"]):
        contract, _ = side_contract(ruleset, view["bids"], view["tricks_taken"], number)
        bids_in = all(view["bids"][p] is not None for p in (number, number + 2))
        team["contract"] = contract if bids_in else None
        team["won"] = view["tricks_taken"][number] + view["tricks_taken"][number + 2]
        team["bags_left"] = bags_before_penalty(ruleset, team["bags"])
    context["far_behind"] = ruleset.blind_nil_min_deficit > 0
    context["deficit"] = ruleset.blind_nil_min_deficit
    context["playing"] = view["phase"] == "playing" and not finished
    if finished:
        context["hand"] = []
        context["hand_hidden"] = False
    return context


def rules_line(payload: dict) -> str:
    """ "Classic · to 500 · Casual": the preset (or the options that differ from the
    classic rules), the target score, and "Casual" for a game not rated (the table marks a
    ranked one with its badge); or what the app that made the game calls it (extras
    "rules", e.g. a duplicate board)."""
    named = payload.get("extras", {}).get("rules")
    if named:
        return named
    ruleset = payload["ruleset"]
    parts = [PRESET_NAMES.get(payload["preset"], payload["preset"].replace("-", " ").title())]
    if ruleset:
        hands = ruleset.get("hands")
        length = f"{hands} hand{'s' if hands != 1 else ''}" if hands else None
        parts.append(length or f"to {ruleset['target_score']}")
        if payload["preset"] == "custom":
            classic = Ruleset().to_dict()
            for key, value in ruleset.items():
                shown_already = key in ("target_score", "hands")
                if not shown_already and key in OPTION_NAMES and value != classic.get(key):
                    # Not a dict lookup: 1 == True and 0 == False would read "on" and "off".
                    shown = (
                        "none"
                        if value is None
                        else ("on" if value else "off")
                        if isinstance(value, bool)
                        else value
                    )
                    parts.append(f"{OPTION_NAMES[key]} {shown}")
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
    turn = view["turn"]
    if turn is None:
        return ""
    doing = "bid" if view["phase"] == "bidding" else "play"
    if turn == payload["seat"]:
        return f"Your turn to {doing}"
    return f"{names[turn]} to {doing}"


def hand_result(hand: dict, bags_before: list[int], ruleset: Ruleset, names: list[str]) -> dict:
    """The hand-result panel: per team, the lines that make up its points (from the
    engine's hand_breakdown, the one that scored it) and its new total."""
    teams = hand_breakdown(
        ruleset, bids=hand["bids"], blind=hand["blind"], tricks=hand["tricks"], bags=bags_before
    )
    result = []
    for number, team in enumerate(teams):
        lines = []
        if team.contract:
            verdict = "made" if team.made else "set"
            lines.append(
                (
                    f"Bid {team.contract}, won {team.counted}: contract {verdict}",
                    team.contract_points,
                )
            )
        if team.bags_taken:
            lines.append(
                (f"{team.bags_taken} bag{'s' if team.bags_taken != 1 else ''}", team.bags_taken)
            )
        for nil in team.nils:
            kind = "Blind Nil" if nil.blind else "Nil"
            lines.append(
                (f"{names[nil.seat]}'s {kind} {'made' if nil.made else 'failed'}", nil.points)
            )
        if team.penalties:
            limit = ruleset.bag_limit
            lines.append((f"Bag penalty ({team.penalties} x {limit} bags)", team.penalty_points))
        if team.boston_points:
            lines.append(("Boston: all 13 tricks", team.boston_points))
        result.append(
            {
                "name": team_name(names, number),
                "lines": lines,
                "points": team.points,
                "score": hand["scores"][number],
                "bags": team.bags,
                "bags_left": bags_before_penalty(ruleset, team.bags),
            }
        )
    query = urlencode(
        {"seed": hand["seed"], "commitment": hand["commitment"], "dealer": hand["dealer"]}
    )
    return {
        "number": hand["hand_number"],
        "teams": result,
        "seed": hand["seed"],
        "commitment": hand["commitment"],
        "verify_query": query,
    }


def score_sheet(hands: list[dict], names: list[str], *, board: dict | None = None) -> dict:
    """The hand-by-hand score sheet of a game: `hands` as the engine's finished-hand
    records (`view["hands"]`, HandResult.to_dict()), `names` the four seats' names. A
    duplicate board's sheet (`board`: its games.board.board_result) has its one hand scored
    as a board: each bag costs a point instead of earning one."""
    teams = [
        {"name": (f"{SIDES[team]}: " if board else "") + team_name(names, team), "number": team + 1}
        for team in (0, 1)
    ]
    rows = []
    for hand in hands:
        rows.append(
            {
                "number": hand["hand_number"],
                "dealer": names[hand["dealer"]],
                "teams": [
                    {
                        "bids": " + ".join(
                            bid_label(hand["bids"][p], hand["blind"][p]) for p in (team, team + 2)
                        ),
                        "tricks": " + ".join(str(hand["tricks"][p]) for p in (team, team + 2)),
                        "points": hand["points"][team],
                        "bags": hand["bags"][team],
                        "penalty": hand["penalties"][team],
                        "boston": hand["boston"][team],
                        "score": hand["scores"][team],
                    }
                    for team in (0, 1)
                ],
            }
        )
    if board and rows:
        for team, row in enumerate(rows[-1]["teams"]):
            # One hand from 0 with no bag limit: its bags are the bags it took.
            row.update(points=board["points"][team], score=board["points"][team])
            row["bag_cost"] = row["bags"]
        return {"teams": teams, "rows": rows, "board": words_html(board["words"])}
    return {"teams": teams, "rows": rows}
