"""The compiled part of the package (pyproject.toml holds the rest): the double-dummy
search, which pure Python ran some fifty times too slowly for a game's analysis."""

import platform

from setuptools import Extension, setup

# Built on the machine that runs it (pip install -e .): use its popcount and bit extract.
NATIVE = ["-march=native"] if platform.machine() in ("x86_64", "AMD64") else []

setup(
    ext_modules=[
        Extension(
            "games.engine._doubledummy",
            ["games/engine/_doubledummy.c"],
            extra_compile_args=["-O3", *NATIVE],
        )
    ]
)
