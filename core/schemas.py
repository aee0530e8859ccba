"""The types of what clients send and get, declared once for the API, forms and sockets.

Pydantic types for the JSON API, the htmx forms and the socket frames, each with the
API's own refusal and OpenAPI schema.

A malformed value raises `Invalid` from inside validation, so that the first malformed
field in declaration order is the one reported, as a person reads the fields. Strict: "30"
is not a number and 1 is not true, except in forms mode (`forms=True`), where a whole
number may come as its decimal text, as htmx sends it."""

import json
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import cache
from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    PlainValidator,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)

from core.errors import Invalid

# Plain ASCII digits only: str.isdigit() also admits superscripts and other scripts'
# digits, which int() refuses or reads as another number.
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,9}")
_NULL = {"type": "null"}


def json_object(raw: str | bytes, name: str) -> dict:
    """A JSON object from a request body or a socket frame; `name` says which, in errors."""
    try:
        value = json.loads(raw)
    except RecursionError:
        raise Invalid(f"{name} is nested too deeply") from None
    except ValueError:  # UnicodeDecodeError is one
        raise Invalid(f"{name} is not valid JSON") from None
    if not isinstance(value, dict):
        raise Invalid(f"{name} must be a JSON object")
    return value


def _name(info: ValidationInfo, label: str | None) -> str:
    """The value's name in a refusal: the label, the field's name, or what `value` was given."""
    return label or info.field_name or (info.context or {}).get("name", "The value")


def _forms(info: ValidationInfo) -> bool:
    return bool((info.context or {}).get("forms"))


def _declared(python_type, check, schema: dict, optional: bool):
    """An annotated type checked by `check(value, info)`, None let through when `optional`."""
    if optional:
        schema = {"anyOf": [schema, _NULL]}

    def validate(value, info: ValidationInfo):
        return None if optional and value is None else check(value, info)

    return Annotated[python_type, PlainValidator(validate), WithJsonSchema(schema)]


def whole_number(low: int | None = None, high: int | None = None, *, optional: bool = False):
    """An int (never a bool), from `low` to `high` when given; in forms mode also its
    decimal text."""
    schema = {"type": "integer"}
    if low is not None:
        schema |= {"minimum": low, "maximum": high}

    def check(value, info):
        if _forms(info) and isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value):
            value = int(value)
        if type(value) is not int:
            raise Invalid(f"{_name(info, None)} must be a whole number")
        if low is not None and not low <= value <= high:
            raise Invalid(f"{_name(info, None)} must be a whole number from {low} to {high}")
        return value

    return _declared(int, check, schema, optional)


def flag():
    def check(value, info):
        if type(value) is not bool:
            raise Invalid(f"{_name(info, None)} must be true or false")
        return value

    return _declared(bool, check, {"type": "boolean"}, False)


def string(*, optional: bool = False):
    """Any string (what it names is checked where it is looked up)."""

    def check(value, info):
        if not isinstance(value, str):
            raise Invalid(f"{_name(info, None)} must be a string")
        return value

    return _declared(str, check, {"type": "string"}, optional)


def text(label: str | None = None, *, optional: bool = False):
    """Plain text: a string that UTF-8 can store (no lone surrogates) and no NUL, which
    PostgreSQL refuses. `label` names it in refusals ("A message must be text")."""

    def check(value, info):
        if not isinstance(value, str):
            raise Invalid(f"{_name(info, label)} must be text")
        if "\x00" in value or (not value.isascii() and not _encodable(value)):
            raise Invalid(f"{_name(info, label)} must be plain text")
        return value

    return _declared(str, check, {"type": "string"}, optional)


def _encodable(value: str) -> bool:
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def choice(choices: Callable[[], Iterable[str]]):
    """One of `choices()` (asked when a value comes: an app may add choices once
    started), or "" when the value is missing or empty (no choice made)."""

    def check(value, info):
        if value in (None, ""):
            return ""
        known = tuple(choices())
        if not isinstance(value, str) or value not in known:
            raise Invalid(f"{_name(info, None)} must be one of: {', '.join(known)}")
        return value

    return _declared(str, check, {"type": "string"}, False)


def timestamp():
    """An ISO 8601 date or time, e.g. 2026-11-23 or 2026-11-23T18:00:00Z (UTC unless it
    says otherwise), in UTC; None when missing or empty."""

    def check(value, info):
        if value in (None, ""):
            return None
        try:
            moment = datetime.fromisoformat(value)
            # In UTC, as the database compares it (the first hours of year 1 are not in it).
            return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
        except (TypeError, ValueError, OverflowError):
            example = "2026-11-23T18:00:00Z"
            message = f"{_name(info, None)} must be an ISO 8601 time such as {example}"
            raise Invalid(message) from None

    schema = {"anyOf": [{"type": "string", "format": "date-time"}, _NULL]}
    return _declared(datetime | None, check, schema, False)


class Input(BaseModel):
    """What a client sends. A field left out is checked as null (so a required one is
    refused with its own message); fields the model does not know are ignored unless
    `unknown` says how to refuse them (it gets their names, sorted)."""

    model_config = ConfigDict(frozen=True)
    unknown: ClassVar[Any] = None

    @model_validator(mode="before")
    @classmethod
    def _before(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        known = {field.alias or name for name, field in cls.model_fields.items()}
        names = sorted(map(str, set(data) - known))
        if names and cls.unknown is not None:
            raise Invalid(cls.unknown(names))
        missing = [
            field.alias or name
            for name, field in cls.model_fields.items()
            if field.is_required() and (field.alias or name) not in data
        ]
        return {**data, **dict.fromkeys(missing)} if missing else data


class Output(BaseModel):
    """What the API answers; `data()` is its JSON object, fields in declaration order."""

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    def data(self) -> dict:
        return self.model_dump(mode="json", by_alias=True)


def validate[M: BaseModel](model: type[M], data: object, *, forms: bool = False) -> M:
    """`data` as a `model`, or the refusal of its first malformed field."""
    try:
        return model.model_validate(data, context={"forms": forms})
    except ValidationError as error:
        raise _refusal(error) from None


def value(declared, data: object, name: str, *, forms: bool = False):
    """One value of a declared type (e.g. a form's field); `name` names it in refusals."""
    try:
        return _adapter(declared).validate_python(data, context={"name": name, "forms": forms})
    except ValidationError as error:
        raise _refusal(error) from None


@cache
def _adapter(declared) -> TypeAdapter:
    return TypeAdapter(declared)


def _refusal(error: ValidationError) -> Invalid:
    """A refusal of pydantic's own, which our types never leave to it (they raise theirs):
    its first error, named by where it is."""
    first = error.errors(include_url=False)[0]
    where = ".".join(map(str, first["loc"]))
    return Invalid(f"{where}: {first['msg']}" if where else first["msg"])
