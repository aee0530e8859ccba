"""The OpenAPI description of the JSON API (django-ninja): /api/docs and /api/openapi.json.

Its operations are the API's views, read from the URL resolver and from what each view
declares to core.api.api_view; ninja only describes them, it serves none. Imported only
when a docs page is asked for (config.urls.docs_page)."""

import inspect
import re
import threading
from dataclasses import replace
from pathlib import Path

import ninja
from django.http import HttpRequest, HttpResponse
from ninja import Body, NinjaAPI, Query
from ninja.constants import NOT_SET
from ninja.openapi import views

from core.api import API_PREFIX, DOCS_NAMESPACE, Declaration, api_routes, openapi_path

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


class Swagger(ninja.Swagger):
    """ninja's Swagger UI page with its scripts from this site's static files (the CSP
    allows no CDN). ninja serves them only as an installed app, which would load it in
    every process; config.settings finds its page and files instead. ninja draws this
    page (the local one) as it draws its CDN page when it is no installed app."""

    template_cdn = str(Path(ninja.__file__).parent / "templates" / "ninja" / "swagger.html")


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
    urls_namespace=DOCS_NAMESPACE,
    docs=Swagger(),
)


def openapi_json(request: HttpRequest) -> HttpResponse:
    return views.openapi_json(request, api=description)


def docs_page(request: HttpRequest) -> HttpResponse:
    return views.openapi_view(request, api=description)
