"""The site's URL routes, walked from the resolver: for the API's description (core.api)
and the tests that must cover every route."""

from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver


@dataclass(frozen=True)
class Route:
    route: str  # e.g. "games/<int64:game_id>/replay"; a regex route keeps its regex
    name: str  # namespaced ("duplicate:board"), or "" for an unnamed one
    converters: dict  # argument name -> converter object
    view: object  # the view the route calls


def site_routes() -> list[Route]:
    def walk(patterns, prefix: str, namespace: str, converters: dict):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            found = {**converters, **pattern.pattern.converters}
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, route, inner, found)
            elif isinstance(pattern, URLPattern):
                name = f"{namespace}{pattern.name}" if pattern.name else ""
                yield Route(route, name, found, pattern.callback)

    return list(walk(get_resolver().url_patterns, "", "", {}))
