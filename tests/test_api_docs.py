"""The API's OpenAPI description covers every endpoint the URL resolver serves under /api/,
with what each takes and answers; and the declared input types refuse as the API always
has (strict types, the first malformed field, the same messages)."""

import json
import re

import pytest
from django.test import Client

from core.errors import Invalid
from core.routes import site_routes
from core.schemas import json_object, validate, value
from games.schemas import ActionIn, GamesQuery, JoinIn, Seat, TableIn
from ranked.schemas import QueueIn

DOCS_PAGES = {"api/openapi.json", "api/docs"}


def api_operations() -> set[str]:
    """ "POST /api/tables/{game_id}/join" for each method of each API route, as the views
    answer them (a wrong method is 405 before anything else)."""
    client = Client()
    operations = set()
    for route in site_routes():
        if not route.route.startswith("api/") or route.route in DOCS_PAGES:
            continue
        path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route.route)
        probe = "/" + re.sub(r"<(?:\w+:)?\w+>", "1", route.route)
        for method in ("GET", "POST"):
            if client.generic(method, probe).status_code != 405:
                operations.add(f"{method} {path}")
    return operations


def unique_keys(pairs: list) -> dict:
    keys = [key for key, _ in pairs]
    assert len(set(keys)) == len(keys), f"a key twice: {keys}"
    return dict(pairs)


@pytest.mark.django_db
def test_the_description_lists_every_api_route_with_its_schemas():
    client = Client()
    assert client.get("/api/docs").status_code == 200
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    # Unique keys: the docs page (Swagger UI) refuses a document with a key twice.
    document = json.loads(response.content, object_pairs_hook=unique_keys)
    described = {
        f"{method.upper()} {path}"
        for path, operations in document["paths"].items()
        for method in operations
    }
    expected = api_operations()
    assert len(expected) >= 27
    assert described == expected, "declare each API view with core.api.api_view"
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert operation["responses"], f"{method} {path} declares no answer"
    table = document["paths"]["/api/tables"]["post"]["requestBody"]["content"]
    assert "#/components/schemas/TableIn" in json.dumps(table)
    assert "from" in document["components"]["schemas"]["InvitationOut"]["properties"]
    assert {"TableIn", "TableCreated", "GamePayload", "InvitationOut", "QueueState"} <= set(
        document["components"]["schemas"]
    )


def refusal(call) -> str:
    with pytest.raises(Invalid) as raised:
        call()
    return raised.value.message


def test_the_types_are_strict_outside_forms():
    assert refusal(lambda: validate(QueueIn, {"max_wait": "30"})) == (
        "max_wait must be a whole number"
    )
    assert refusal(lambda: validate(TableIn, {"private": 1})) == "private must be true or false"
    assert refusal(lambda: validate(JoinIn, {"seat": True})) == "seat must be a whole number"
    assert refusal(lambda: validate(JoinIn, {})) == "seat must be a whole number"
    assert refusal(lambda: validate(JoinIn, {"seat": 4})) == (
        "seat must be a whole number from 0 to 3"
    )
    assert validate(JoinIn, {"seat": 2, "other": 1}).seat == 2


def test_forms_mode_reads_decimal_text():
    assert value(Seat, "3", "seat", forms=True) == 3
    assert refusal(lambda: value(Seat, "3", "seat")) == "seat must be a whole number"
    assert refusal(lambda: value(Seat, "³", "seat", forms=True)) == "seat must be a whole number"
    assert validate(ActionIn, {"version": "7", "type": "look"}, forms=True).version == 7
    assert validate(GamesQuery, {"limit": "10"}, forms=True).limit == 10


def test_the_first_malformed_field_is_the_one_reported():
    body = {"zeta": 1, "alpha": 2, "preset": 3, "private": "yes"}
    assert refusal(lambda: validate(TableIn, body)) == "Unknown field(s): alpha, zeta"
    assert refusal(lambda: validate(TableIn, {"preset": 3, "private": "yes"})) == (
        "preset must be a string"
    )
    assert refusal(lambda: validate(TableIn, {"bots": {"0": "standard"}})) == (
        "Bots can sit at seats 1, 2 and 3 (the creator takes 0), not '0'"
    )
    assert refusal(lambda: validate(QueueIn, {"partner": "", "x": 1})) == (
        "Unknown field 'x': send variant, max_wait and partner"
    )
    assert refusal(lambda: validate(QueueIn, {"partner": ""})) == (
        "partner must be the username of a friend"
    )
    assert refusal(lambda: validate(GamesQuery, {"after": "3", "limit": "0"}, forms=True)) == (
        "after needs since (use the next link of the previous page)"
    )


def test_json_objects():
    assert json_object(b'{"a": 1}', "The body") == {"a": 1}
    assert refusal(lambda: json_object(b"[1]", "The body")) == "The body must be a JSON object"
    assert refusal(lambda: json_object(b"{", "The message")) == "The message is not valid JSON"
    deep = b"[" * 100_000 + b"]" * 100_000
    assert refusal(lambda: json_object(deep, "The body")) == "The body is nested too deeply"
