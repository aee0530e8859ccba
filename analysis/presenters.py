"""Turns a stored analysis into what its page shows: names for seats, cards with their
symbols, plays that cost tricks flagged, the expert's card where it differs."""

from analysis.models import Analysis
from games.presenters import card
from games.sides import bid_label, side_name, side_seats


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")


def page(analysis: Analysis | None, names: list[str]) -> dict:
    """The context of the analysis part of the page; `names` per seat."""
    if analysis is None:
        return {"analysis": None}
    context = {
        "analysis": analysis,
        "progress": {
            # The hand being worked on, counted from 1, while running.
            "hand": min(analysis.hands_done + 1, analysis.hands_total),
            "total": analysis.hands_total,
            "percent": round(100 * analysis.hands_done / analysis.hands_total)
            if analysis.hands_total
            else 0,
        },
    }
    result = analysis.result or {}
    if analysis.status != Analysis.Status.DONE or not result:
        return context
    # Solo's hands have four sides, one a seat; partnerships two (seats 0 and 2, 1 and 3).
    solo = any(len(hand["teams"]) == 4 for hand in result["hands"])
    context["side_label"] = "Player" if solo else "Team"
    context["players"] = [
        {
            "name": names[entry["seat"]],
            "team": entry["seat"] if solo else entry["seat"] & 1,
            "lost": entry["lost"],
            "per_hand": entry["per_hand"],
        }
        for entry in result["summary"]
    ]
    context["hands"] = [_hand(hand, names) for hand in result["hands"]]
    return context


def _hand(hand: dict, names: list[str]) -> dict:
    teams = []
    solo = len(hand["teams"]) == 4  # a side per player (RULES.md "Variants": Solo)
    for team, entry in enumerate(hand["teams"]):
        seats = side_seats(team, solo=solo)
        teams.append(
            {
                "names": side_name(names, team, solo=solo),
                "bids": " + ".join(bid_label(hand["bids"][s], hand["blind"][s]) for s in seats),
                "contract": entry["contract"],
                "tricks": entry["tricks"],
                "double_dummy": entry["double_dummy"],
                "over": entry["double_dummy"] - entry["contract"],
            }
        )
    tricks = []
    for number, trick in enumerate(hand["tricks"], start=1):
        plays = []
        for play in trick["plays"]:
            cost = play["cost"]
            plays.append(
                {
                    "name": names[play["seat"]],
                    "card": card(play["card"]),
                    "won": play["seat"] == trick.get("winner"),
                    "cost": cost,
                    "cost_label": f"cost {_tricks(cost)}" if cost else "",
                    "best": [card(code) for code in play["best_cards"]] if cost else [],
                    "tricks": play["played"],
                    "bot": card(play["bot"])
                    if play["bot"] and play["bot"] != play["card"]
                    else None,
                }
            )
        tricks.append({"number": number, "plays": plays, "costly": any(p["cost"] for p in plays)})
    lost = sum(p["cost"] for t in tricks for p in t["plays"])
    return {"number": hand["number"], "teams": teams, "tricks": tricks, "lost": lost}
