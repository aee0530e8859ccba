"""The sides of a game in words: a partnership ("Ann & Cy") or, in Solo, one player
(RULES.md "Variants"), and what every page shows per side: the hand-result panel and the
hand-by-hand score sheet. Every figure comes from games.engine."""

from urllib.parse import urlencode

from games.board import SIDES, words_html
from games.engine import Ruleset, bags_before_penalty, hand_breakdown, places

ORDINALS = ("1st", "2nd", "3rd", "4th")


def side_name(names: list[str], side: int, *, solo: bool = False) -> str:
    """'Ann & Cy': a partnership by its partners' names (seats `side` and `side + 2`); in
    Solo the player alone."""
    return names[side] if solo else f"{names[side]} & {names[side + 2]}"


def side_seats(side: int, *, solo: bool = False) -> tuple[int, ...]:
    return (side,) if solo else (side, side + 2)


def bid_label(bid: int | None, blind: bool) -> str:
    if bid is None:
        return "-"
    if bid == 0:
        return "Blind Nil" if blind else "Nil"
    return str(bid)


def standings(names: list[str], scores: list[int]) -> list[dict]:
    """A Solo game's players by place (1st to 4th; equal scores share a place)."""
    placed = places(scores)
    return sorted(
        (
            {
                "seat": seat,
                "name": names[seat],
                "score": scores[seat],
                "place": ORDINALS[placed[seat] - 1],
            }
            for seat in range(len(scores))
        ),
        key=lambda entry: entry["place"],
    )


def hand_result(hand: dict, bags_before: list[int], ruleset: Ruleset, names: list[str]) -> dict:
    """The hand-result panel: per side, the lines that make up its points (from the
    engine's hand_breakdown, the one that scored it) and its new total."""
    sides = hand_breakdown(
        ruleset, bids=hand["bids"], blind=hand["blind"], tricks=hand["tricks"], bags=bags_before
    )
    solo = ruleset.solo
    result = []
    for number, side in enumerate(sides):
        lines = []
        if side.contract:
            verdict = "made" if side.made else "set"
            lines.append(
                (
                    f"Bid {side.contract}, won {side.counted}: contract {verdict}",
                    side.contract_points,
                )
            )
        if side.bags_taken:
            lines.append(
                (f"{side.bags_taken} bag{'s' if side.bags_taken != 1 else ''}", side.bags_taken)
            )
        for nil in side.nils:
            kind = "Blind Nil" if nil.blind else "Nil"
            whose = "" if solo else f"{names[nil.seat]}'s "
            made = "made" if nil.made else "failed"
            line = f"{whose}{kind} {made}"
            lines.append((line[0].upper() + line[1:], nil.points))
        if side.penalties:
            limit = ruleset.bag_limit
            lines.append((f"Bag penalty ({side.penalties} x {limit} bags)", side.penalty_points))
        if side.boston_points:
            lines.append(("Boston: all 13 tricks", side.boston_points))
        result.append(
            {
                "name": side_name(names, number, solo=solo),
                "lines": lines,
                "points": side.points,
                "score": hand["scores"][number],
                "bags": side.bags,
                "bags_left": bags_before_penalty(ruleset, side.bags),
            }
        )
    query = {"seed": hand["seed"], "commitment": hand["commitment"], "dealer": hand["dealer"]}
    if ruleset.deck != "standard":  # the deck the seed shuffled (the verify page's default)
        query["deck"] = ruleset.deck
    return {
        "number": hand["hand_number"],
        "teams": result,
        "solo": solo,
        "seed": hand["seed"],
        "commitment": hand["commitment"],
        "verify_query": urlencode(query),
    }


def score_sheet(
    hands: list[dict], names: list[str], *, board: dict | None = None, solo: bool = False
) -> dict:
    """The hand-by-hand score sheet of a game: `hands` as the engine's finished-hand
    records (`view["hands"]`, HandResult.to_dict()), `names` the four seats' names; a
    column group per side (four players in Solo). A duplicate board's sheet (`board`: its
    games.board.board_result) has its one hand scored as a board: each bag costs a point
    instead of earning one."""
    count = 4 if solo else 2
    teams = [
        {
            "name": (f"{SIDES[side]}: " if board else "") + side_name(names, side, solo=solo),
            "number": side + 1,
        }
        for side in range(count)
    ]
    rows = []
    for hand in hands:
        seats_of = [side_seats(side, solo=solo) for side in range(count)]
        rows.append(
            {
                "number": hand["hand_number"],
                "dealer": names[hand["dealer"]],
                "teams": [
                    {
                        "bids": " + ".join(
                            bid_label(hand["bids"][p], hand["blind"][p]) for p in seats
                        ),
                        "tricks": " + ".join(str(hand["tricks"][p]) for p in seats),
                        "points": hand["points"][side],
                        "bags": hand["bags"][side],
                        "penalty": hand["penalties"][side],
                        "boston": hand["boston"][side],
                        "score": hand["scores"][side],
                    }
                    for side, seats in enumerate(seats_of)
                ],
            }
        )
    sheet = {"teams": teams, "rows": rows, "solo": solo, "columns": 1 + (2 if solo else 4) * count}
    if board and rows:
        for side, row in enumerate(rows[-1]["teams"]):
            # One hand from 0 with no bag limit: its bags are the bags it took.
            row.update(points=board["points"][side], score=board["points"][side])
            row["bag_cost"] = row["bags"]
        sheet["board"] = words_html(board["words"])
    return sheet
