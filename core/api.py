"""The JSON API's adapter: `api_view` (method, caller, body) and the OpenAPI description.

`api_view` checks the method, the token or session (with CSRF) and reads the JSON body.
The description at /api/docs (django-ninja) is built from the schemas each view declares
and the paths of the URL resolver, so the two cannot drift apart.

The views stay Django views rather than ninja operations: ninja would answer a wrong
method, a bad body and a failed check with its own statuses, messages and order, where the
API keeps its own (core.middleware's JSON errors, the first malformed field refused)."""

import functools
import inspect
import re
import threading
from dataclasses import dataclass, field, replace

from django.http import HttpRequest
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods
from ninja import Body, NinjaAPI, Query
from ninja.constants import NOT_SET
from ninja.openapi.urls import get_openapi_urls
from pydantic import BaseModel

from core import hooks
from core.errors import Forbidden, TooLarge, Unauthenticated
from core.routes import site_routes
from core.schemas import json_object

MAX_BODY = 16 * 1024
API_PREFIX = "api/"


@dataclass(frozen=True)
class Declaration:
    """What an API view takes and answers, for the OpenAPI description. `body` and
    `query` are Input models; `responses` maps a status to an Output model (or to a
    description, for what is not JSON)."""

    methods: tuple[str, ...]
    anonymous: bool = False
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    responses: dict = field(default_factory=dict)


def api_view(*, methods=("POST",), anonymous=False, body=None, query=None, responses=None):
    """Checks the method, authenticates (token, else session with CSRF) and parses the
    JSON body into a dict, in that order; the view validates the dict with its `body`
    model where its checks come (the first error reported is the first check that fails).
    With `anonymous`, a caller without token or session may call it too (reads of public
    games); a bad token is refused all the same.

    Refusals, raised here or by the services, become JSON errors in core.middleware."""
    declaration = Declaration(tuple(methods), anonymous, body, query, dict(responses or {}))

    def decorate(view):
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs):
            _authenticate(request, anonymous)
            data = _json_body(request) if request.method == "POST" else {}
            return view(request, data, *args, **kwargs)

        checked = csrf_exempt(require_http_methods(list(methods))(wrapper))
        checked.api = declaration
        return checked

    return decorate


def _authenticate(request: HttpRequest, anonymous: bool) -> None:
    header = request.headers.get("Authorization", "")
    if header:
        users = (caller(header) for caller in hooks.api_callers)
        user = next((user for user in users if user is not None), None)
        if user is None:
            raise Unauthenticated("Invalid or revoked API token")
        request.user = user
    # Session callers are browsers: the usual CSRF protection applies.
    elif request.method == "POST" and csrf_protect(lambda request: None)(request) is not None:
        raise Forbidden("CSRF check failed: send the X-CSRFToken header")
    if not (anonymous or request.user.is_authenticated):
        raise Unauthenticated("Log in or send an API token")


def _json_body(request: HttpRequest) -> dict:
    """The request's JSON object; reads no more than the limit. A body with nothing in it
    is {}: empty, blank, or an empty form (what e.g. Django's test client and a form
    without fields send), so that an action with nothing to send needs no body at all."""
    raw = request.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise TooLarge(f"The body must be at most {MAX_BODY // 1024} KB")
    if not raw.strip() or _empty_form(request, raw):
        return {}
    return json_object(raw, "The body")


def _empty_form(request: HttpRequest, raw: bytes) -> bool:
    """A multipart form without a single field: only its closing boundary."""
    if request.content_type != "multipart/form-data":
        return False
    boundary = request.content_params.get("boundary", "")
    return bool(boundary) and raw.strip() == f"--{boundary}--".encode("utf-8", "replace")


# The description


def api_routes() -> list[tuple[str, object]]:
    """(route, view) of every path under /api/ that the URL resolver serves, e.g.
    ("api/tables/<int64:game_id>/join", table_join); the description's own pages aside."""
    return [
        (r.route, r.view)
        for r in site_routes()
        if r.route.startswith(API_PREFIX) and not getattr(r.view, "api_docs", False)
    ]


def openapi_path(route: str) -> str:
    """The OpenAPI spelling of a Django route: api/games/<int64:game_id> is
    /api/games/{game_id}."""
    return "/" + re.sub(r"<(?:[^>:]+:)?([^>]+)>", r"{\1}", route)


_PATH_TYPES = {"int": int, "int64": int, "str": str}


def _described(route: str, view, declaration: Declaration):
    """A stand-in with the view's parameters, for ninja to read: path parameters from the
    route, the body and query models from the declaration. It is never called."""
    parameters = [
        inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, annotation=_PATH_TYPES.get(kind, str)
        )
        for kind, name in re.findall(r"<([^>:]+):([^>]+)>", route)
    ]
    if declaration.body is not None:
        annotation = Body[declaration.body]  # type: ignore[valid-type]
        # A body whose fields all have defaults may be left out (empty is {}).
        optional = not any(f.is_required() for f in declaration.body.model_fields.values())
        default = None if optional else inspect.Parameter.empty
        parameters.append(
            inspect.Parameter(
                "body", inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
            )
        )
    if declaration.query is not None:
        annotation = Query[declaration.query]  # type: ignore[valid-type]
        parameters.append(
            inspect.Parameter("query", inspect.Parameter.KEYWORD_ONLY, annotation=annotation)
        )

    def stand_in(request, **kwargs):
        raise NotImplementedError  # pragma: no cover: described, never served by ninja

    stand_in.__signature__ = inspect.Signature(
        [inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD), *parameters]
    )
    stand_in.__name__ = view.__name__
    stand_in.__module__ = view.__module__
    stand_in.__doc__ = view.__doc__
    return stand_in


class Description(NinjaAPI):
    """The NinjaAPI that only describes: its operations are added from the URL resolver
    the first time the description is asked for (the URLs are not all known before)."""

    _lock = threading.Lock()

    def get_openapi_schema(self, **kwargs):
        with self._lock:
            if not self.default_router.path_operations:
                self._describe()
        schema = super().get_openapi_schema(**kwargs)
        schema.setdefault("components", {})["securitySchemes"] = SECURITY_SCHEMES
        return schema

    def get_root_path(self, path_params) -> str:
        return API_PREFIX  # ninja reverses its own root view, which is not served here

    def _describe(self) -> None:
        for route, view in api_routes():
            declaration = getattr(view, "api", None)
            if declaration is None:
                continue  # undescribed: tests/test_api_docs.py fails on it
            for method in declaration.methods:
                self._add(route, view, declaration, method)

    def _add(self, route: str, view, declaration: Declaration, method: str) -> None:
        """One method's operation: a GET sends no body and answers 200; a POST beside a
        GET answers the other statuses (e.g. 201), if it has any."""
        if method == "GET":
            declaration = replace(declaration, body=None)
            responses = {200: declaration.responses[200]} if 200 in declaration.responses else {}
        else:
            declaration = replace(declaration, query=None)
            responses = dict(declaration.responses)
            if "GET" in declaration.methods and set(responses) - {200}:
                responses.pop(200, None)
        extra = {}
        if not declaration.anonymous:
            extra["security"] = [{name: []} for name in SECURITY_SCHEMES]
        if texts := {s: m for s, m in responses.items() if isinstance(m, str)}:
            # What is not JSON (NDJSON): described in words.
            extra["responses"] = {s: {"description": m} for s, m in texts.items()}
        stand_in = _described(route, view, declaration)
        name = f"{view.__module__}_{view.__name__}".replace(".", "_")
        if len(declaration.methods) > 1:
            name += f"_{method.lower()}"
        self.default_router.add_api_operation(
            openapi_path(route)[len("/api") :],
            [method],
            stand_in,
            response={s: m for s, m in responses.items() if not isinstance(m, str)} or NOT_SET,
            operation_id=name,
            by_alias=True,  # "from", as the API answers
            tags=[view.__module__.split(".")[0]],
            summary=view.__name__.replace("_", " ").capitalize(),  # the docstring describes
            openapi_extra=extra or None,
        )


SECURITY_SCHEMES = {
    "token": {"type": "http", "scheme": "bearer", "description": "A personal API token"},
    "session": {
        "type": "apiKey",
        "in": "cookie",
        "name": "sessionid",
        "description": "A browser's session; a POST sends the X-CSRFToken header too",
    },
}


description = Description(
    title="Spades API",
    version="1",
    description="Session (with the X-CSRFToken header) or `Authorization: Bearer <token>`."
    ' Errors are {"error": message} with the status.',
    urls_namespace="api-docs",
)


def docs_urls():
    """/api/openapi.json and /api/docs (config.urls includes them under api/)."""
    urls = get_openapi_urls(description)
    for url in urls:
        url.callback.api_docs = True  # the description's own pages, not described
    return urls, description.urls_namespace
