"""Fuzzing the daily challenge's API against the contract of tests/fuzz.py."""

from urllib.parse import quote

import pytest
from hypothesis import given, strategies as st

from tests.fuzz import (  # noqa: F401 (the fixtures, pytest finds them here)
    AUTHS,
    FUZZ,
    Breaches,
    Raw,
    bodies,
    encode,
    examples,
    fuzz_counts,
    junk,
    send,
    world_fixture,
)

# Strategies holding huge strings have huge reprs; Hypothesis warns about building them.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


DAYS = st.one_of(
    st.sampled_from(["today", "today", "today", "2026-13-01", "1999-01-01", "0000-00-00",
                     "9999-12-31", "yesterday", "2026-1-1", "+2026-11-26", "2026-11-26T00",
                     "%00", "\u0662\u0660\u0662\u0666-11-26"]),
    st.text(max_size=12).map(lambda t: quote(t.encode("utf-8", "surrogatepass"), safe="")),
)  # fmt: skip
BOARD_NUMBERS = st.one_of(
    st.integers(0, 10), st.sampled_from([2**15, 2**31, 2**63, 10**30, -1, "x", "01", "1.0"])
)


def test_fuzz_daily(world):
    """The daily challenge's endpoints: start a board, its traveller, the standings, a day."""
    breaches = Breaches()

    @FUZZ
    @given(
        endpoint=st.sampled_from(["start", "start", "results", "standings", "day", "today"]),
        day=DAYS,
        number=BOARD_NUMBERS,
        body=bodies(st.fixed_dictionaries({}, optional={"seat": junk, "board": junk})),
        auth=st.sampled_from(AUTHS),
        who=st.sampled_from(["outsider", "outsider", "seated"]),
    )
    @examples(
        number=[1, 2, 9, 2**15, 2**63, 10**30],
        endpoint="start", day="today", body=Raw(b""), auth="token", who="outsider",
    )  # fmt: skip
    def run(endpoint, day, number, body, auth, who):
        day = world["daily"].day.isoformat() if day == "today" else day
        user = world["outsider"] if who == "outsider" else world["people"][0]
        method, path = {
            "start": ("POST", f"/api/daily/{day}/boards/{number}"),
            "results": ("GET", f"/api/daily/{day}/boards/{number}/results"),
            "standings": ("GET", f"/api/daily/{day}/standings"),
            "day": ("GET", f"/api/daily/{day}"),
            "today": ("GET", "/api/daily"),
        }[endpoint]
        name = {"start": "POST /api/daily/{date}/boards/{n}",
                "results": "GET /api/daily/{date}/boards/{n}/results",
                "standings": "GET /api/daily/{date}/standings",
                "day": "GET /api/daily/{date}", "today": "GET /api/daily"}[endpoint]  # fmt: skip
        send(world, breaches, name, method, path, encode(body) if method == "POST" else b"",
             auth, user=user)  # fmt: skip

    run()
    breaches.assert_none()
