"""Fuzzing the ranked queue's API (alone, with a partner, partner requests) against the
contract of tests/fuzz.py."""

import pytest
from hypothesis import given, strategies as st

from ranked.services import partners as ranked_partners
from social import services as social
from tests.factories import UserFactory
from tests.fuzz import (  # noqa: F401 (the fixtures, pytest finds them here)
    AUTHS,
    DEEP_BODIES,
    FUZZ,
    Breaches,
    bodies,
    encode,
    examples,
    fuzz_counts,
    junk,
    junk_or,
    send,
    world_fixture,
)

# Strategies holding huge strings have huge reprs; Hypothesis warns about building them.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


def test_fuzz_ranked_queue(world):
    """The ranked queue, alone or with a partner: asking friends, strangers, people at a
    table, people who block the caller, bots and junk; leaving; answering requests that
    are the caller's, somebody else's or none."""
    breaches = Breaches()
    caller, friend, blocker, other = world["outsider"], *UserFactory.create_batch(3)
    seated = world["people"][1]
    for first, second in [(caller, friend), (caller, blocker), (caller, other),
                          (caller, seated), (other, friend)]:  # fmt: skip
        request = social.friend_request_send(user=first, other=second)
        social.friend_request_answer(user=second, request_id=request.pk, accept=True)
    social.block(user=blocker, other=caller)
    mine = ranked_partners.partner_request_send(user=friend, partner=caller)  # to the caller
    theirs = ranked_partners.partner_request_send(user=other, partner=friend)  # not to the caller
    names = st.sampled_from(
        [friend.username, friend.username, blocker.username, seated.username, caller.username,
         other.username, "StandardBot", "nobody-here", friend.username.upper(), ""]
    )  # fmt: skip
    queue_fields = st.fixed_dictionaries(
        {},
        optional={
            "partner": junk_or(names),
            "max_wait": junk_or(st.sampled_from([15, 30, 60, 120, 0, 31, -30, 2**63])),
            "extra": junk,
        },
    )
    request_ids = st.one_of(
        st.sampled_from([str(mine.pk), str(mine.pk), str(theirs.pk), "0", str(2**63), "9" * 30,
                         "-1", "abc", "1.0", "\u0661", "%00"]),
        st.integers(min_value=0).map(str),
    )  # fmt: skip

    @FUZZ
    @given(
        body=bodies(queue_fields),
        auth=st.sampled_from(AUTHS),
        request_id=request_ids,
        answer=st.sampled_from(["accept", "decline"]),
        method=st.sampled_from(["POST", "POST", "GET"]),
    )
    @examples(
        body=[{"partner": "a\x00b"}, {"partner": "\ud800"}, {"partner": "x" * 5000},
              {"partner": 1}, {"partner": ["x"]}, {"max_wait": True}, *DEEP_BODIES],
        auth="token", request_id=str(mine.pk), answer="accept", method="POST",
    )  # fmt: skip
    def run(body, auth, request_id, answer, method):
        send(world, breaches, f"{method} /api/ranked/queue", method, "/api/ranked/queue",
             encode(body), auth, user=caller)  # fmt: skip
        send(world, breaches, "POST /api/ranked/queue/leave", "POST", "/api/ranked/queue/leave",
             encode(body), auth, user=caller)  # fmt: skip
        path = f"/api/ranked/partner-requests/{request_id}/{answer}"
        send(world, breaches, "POST /api/ranked/partner-requests/{id}/" + answer, "POST", path,
             encode(body), auth, user=caller)  # fmt: skip

    run()
    breaches.assert_none()
