"""The layers of pyproject's import-linter contract, applied to what import-linter cannot
see: a template's `{% load %}` of a tag library and its `{% include %}`/`{% extends %}` of
another app's template, and a model's relation to another app's model (named by a string,
so no import shows it). An app may name itself or an app of a lower layer, never one above
it nor an independent one beside it."""

import re
import tomllib
from pathlib import Path

import pytest
from django.apps import apps
from django.template.backends.django import get_installed_libraries

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = "Apps import only downward"


def layers() -> list[tuple[set[str], bool]]:
    """The contract's layers, lowest first: each layer's apps and whether they are
    independent of each other ("a | b") or not ("a : b")."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["name"] == CONTRACT]
    found = []
    for layer in reversed(contract["layers"]):
        independent = ":" not in layer
        names = {name.strip() for name in re.split(r"[|:]", layer)}
        found.append((names, independent))
    return found


LAYERS = layers()
RANK = {app: rank for rank, (names, _) in enumerate(LAYERS) for app in names}


def allowed(source: str, target: str) -> bool:
    """May app `source` name app `target`? Apps outside the layers (Django's own, allauth)
    are below them all."""
    if target not in RANK or source == target:
        return True
    if RANK[target] < RANK[source]:
        return True
    return RANK[target] == RANK[source] and not LAYERS[RANK[source]][1]


def template_files() -> dict[str, Path]:
    """Every template of the apps in the layers, Django's and Jinja2's, by file."""
    return {
        str(path.relative_to(ROOT)): path
        for app in sorted(RANK)
        for folder in ("templates", "jinja2")
        for path in sorted((ROOT / app / folder).glob("**/*.html"))
    }


def owner_of_template(name: str) -> str | None:
    """The app whose templates folder holds the template `name` (as Django finds it: the
    first in INSTALLED_APPS)."""
    for config in apps.get_app_configs():
        for folder in ("templates", "jinja2"):
            if (Path(config.path) / folder / name).is_file():
                return config.label
    return None


LOAD = re.compile(r"{%-?\s*load\s+(.+?)\s*-?%}")
INCLUDE = re.compile(r"""{%-?\s*(?:include|extends|import|from)\s+["']([^"']+)["']""")


def references(text: str) -> list[tuple[str, str]]:
    """What a template names of other apps: (what, app) for each tag library it loads and
    each template it includes or extends by a fixed name."""
    libraries = get_installed_libraries()
    found = []
    for match in LOAD.finditer(text):
        words = match.group(1).split()
        names = words[words.index("from") + 1 :] if "from" in words else words
        for name in names:
            module = libraries.get(name, "")
            found.append((f"{{% load {name} %}}", module.split(".")[0]))
    for match in INCLUDE.finditer(text):
        app = owner_of_template(match.group(1))
        if app is not None:
            found.append((f'"{match.group(1)}"', app))
    return found


def test_the_layers_are_read_from_the_contract():
    assert RANK["core"] < RANK["games"] < RANK["clubs"] < RANK["duplicate"] < RANK["leagues"]
    assert allowed("leagues", "clubs") and not allowed("clubs", "leagues")
    assert not allowed("social", "analysis")  # independent: neither names the other
    assert allowed("clubs", "django")


def test_an_upward_tag_or_template_is_found():
    # What clubs' page did before the panels: loaded duplicate's tag, included leagues'.
    text = '{% load panels club_sessions leagues %}{% include "leagues/_standings.html" %}'
    upward = [(what, app) for what, app in references(text) if not allowed("clubs", app)]
    assert upward == [
        ("{% load leagues %}", "leagues"),
        ('"leagues/_standings.html"', "leagues"),
    ]


@pytest.mark.parametrize("name", list(template_files()))
def test_no_template_names_an_app_above_its_own(name):
    text = template_files()[name].read_text()
    app = name.split("/")[0]
    wrong = [f"{what} of {target}" for what, target in references(text) if not allowed(app, target)]
    assert wrong == []


@pytest.mark.parametrize("app", sorted(set(RANK) - {"config"}))  # config: the project, no app
def test_no_model_relates_to_a_model_of_an_app_above_its_own(app):
    wrong = [
        f"{model.__name__}.{field.name} -> {field.related_model._meta.label}"
        for model in apps.get_app_config(app).get_models()
        for field in model._meta.get_fields()
        if field.is_relation
        and not field.auto_created
        and field.related_model is not None
        and not allowed(app, field.related_model._meta.app_label)
    ]
    assert wrong == []


def test_the_engine_and_bots_contracts_name_every_other_module_of_games():
    """import-linter cannot say "all of games but the engine": the two contracts list
    games' other modules, and a new one must join the lists."""
    import pkgutil

    import games

    others = {
        f"games.{module.name}"
        for module in pkgutil.iter_modules(games.__path__)
        if module.name not in {"bots", "engine", "migrations"}
    }
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    for contract in config["contracts"]:
        if contract.get("source_modules") in (["games.engine"], ["games.bots"]):
            listed = {name for name in contract["forbidden_modules"] if name.startswith("games.")}
            assert others <= listed, contract["name"]
