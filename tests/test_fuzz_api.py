"""Fuzzing the whole JSON API at once against the contract of tests/fuzz.py: wrong methods,
content types and sizes, unknown paths and bad ids, authorization headers."""

from urllib.parse import quote

import pytest
from hypothesis import given, strategies as st

from tests.factories import fast_passwords  # noqa: F401 (autouse here)
from tests.fuzz import (  # noqa: F401 (the fixtures, pytest finds them here)
    FUZZ,
    GAME_IDS,
    RAW,
    Breaches,
    check_response,
    fuzz_counts,
    rolled_back,
    send,
    short,
    world_fixture,
)

# Strategies holding huge strings have huge reprs; Hypothesis warns about building them.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


API_PATHS = ["/api/tables", "/api/tables/{id}/join", "/api/tables/{id}/leave",
             "/api/games/{id}", "/api/games/{id}/actions", "/api/ranked/queue",
             "/api/ranked/queue/leave", "/api/ranked/partner-requests/{id}/accept",
             "/api/ranked/partner-requests/{id}/decline", "/api/daily",
             "/api/daily/{day}/boards/1", "/api/daily/{day}/boards/1/results",
             "/api/daily/{day}/standings", "/api/friends", "/api/friends/requests",
             "/api/blocks", "/api/invitations", "/api/me/preferences",
             "/api/notifications", "/api/arenas", "/api/arenas/{id}",
             "/api/arenas/{id}/join", "/api/arenas/{id}/leave", "/api/me/data",
             "/api/me/close"]  # fmt: skip
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND",
           "get", "CONNECT"]  # fmt: skip


def test_fuzz_wrong_methods(world):
    breaches = Breaches()

    @FUZZ
    @given(
        path=st.sampled_from(API_PATHS),
        method=st.sampled_from(METHODS),
        auth=st.sampled_from(["token", "none", "bad-token"]),
        body=st.sampled_from([b"", b"{}", b'{"seat": 1}']),
    )
    def run(path, method, auth, body):
        path = path.format(id=world["waiting"].pk, day=world["daily"].day)
        send(world, breaches, "wrong methods", method, path, body, auth)

    run()
    breaches.assert_none()


CONTENT_TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=xyz", "multipart/form-data",
                 "application/json; charset=latin-1", "application/json; charset=nope", "",
                 "application/xml", "application/json\x00"]  # fmt: skip
SIZES = [16 * 1024, 16 * 1024 + 1, 100_000, 2_700_000]


def test_fuzz_content_types_and_sizes(world):
    breaches = Breaches()

    @FUZZ
    @given(
        path=st.sampled_from([p for p in API_PATHS if p != "/api/games/{id}"]),
        content_type=st.sampled_from(CONTENT_TYPES),
        auth=st.sampled_from(["token", "session-no-csrf"]),
        body=st.one_of(
            RAW,
            st.sampled_from(SIZES).map(lambda size: b'{"a": "' + b"x" * size + b'"}'),
            st.sampled_from(SIZES).map(lambda size: b"a=" + b"1" * size),
            st.just(b'--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--'),
        ),
    )
    def run(path, content_type, auth, body):
        path = path.format(id=world["waiting"].pk, day=world["daily"].day)
        send(world, breaches, "content types and sizes", "POST", path, body, auth,
             content_type=content_type)  # fmt: skip

    run()
    breaches.assert_none()


def test_fuzz_unknown_api_paths_and_bad_ids(world):
    breaches = Breaches()
    path_text = st.text(max_size=30).map(lambda t: quote(t.encode("utf-8", "surrogatepass")))

    @FUZZ
    @given(
        path=st.one_of(
            path_text.map(lambda t: f"/api/{t}"),
            st.sampled_from(
                [
                    "/api/",
                    "/api/tables/",
                    "/api/games",
                    "/api/games/",
                    "/api/tables/1/join/",
                    "/api/games/1/actions/",
                    "/api//tables",
                    "/api/tables/%2e%2e/join",
                    "/api/games/1/../1",
                ]
            ),
            st.tuples(st.sampled_from(API_PATHS), GAME_IDS).map(
                lambda pair: pair[0].replace("{id}", pair[1])
            ),
        ),
        method=st.sampled_from(["GET", "POST"]),
        auth=st.sampled_from(["token", "none"]),
    )
    def run(path, method, auth):
        path = path.replace("{id}", "own").replace("own", str(world["playing"].pk))
        path = path.replace("{day}", world["daily"].day.isoformat())
        send(world, breaches, "unknown paths and bad ids", method, path, b"{}", auth)

    run()
    breaches.assert_none()


def test_fuzz_authorization_headers(world):
    breaches = Breaches()
    client = world["client"]
    token = world["tokens"][world["people"][0].pk]
    latin1 = st.text(max_size=60).map(
        lambda t: t.encode("utf-8", "surrogatepass").decode("latin-1")
    )

    @FUZZ
    @given(
        # A server hands over header bytes decoded as Latin-1: any byte, no surrogates.
        header=st.one_of(
            latin1,
            st.sampled_from(
                [
                    "Bearer",
                    "Bearer ",
                    "bearer " + token,
                    "BEARER " + token,
                    "Bearer  " + token,
                    "Bearer " + token + " x",
                    "Token " + token,
                    "Bearer " + token[:-1],
                    "Bearer " + token.upper(),
                    "Bearer \x00",
                    "Bearer " + "x" * 10_000,
                    "Bearer \xff\xfe",
                ]
            ),
            latin1.map(lambda t: "Bearer " + t),
        ),
        path=st.sampled_from(API_PATHS),
    )
    def run(header, path):
        path = path.format(id=world["playing"].pk, day=world["daily"].day)
        method = "GET" if path.endswith(str(world["playing"].pk)) else "POST"
        example = f"{method} {path} Authorization={short(header)}"
        with rolled_back():
            response = client.generic(method, path, b"{}", content_type="application/json",
                                      HTTP_AUTHORIZATION=header)  # fmt: skip
            check_response(breaches, "authorization headers", response, example, method)

    run()
    breaches.assert_none()
