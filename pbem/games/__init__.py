"""The rule modules: pure Python game rules behind one protocol (see ``base.Rules``).

Every subpackage of this package is a game. It exposes ``RULES`` (its rules object) and a
``render`` module (``svg(state, last_move=None)``, ``text(state, last_move=None)`` and
``describe(state)``). Other code reaches a game only through this registry::

    >>> from pbem.games import get_rules
    >>> get_rules("pylon").name
    'Pylon'
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import ModuleType

from .base import IllegalMove, InvalidOptions, Option, Rules, UnknownGame

__all__ = [
    "IllegalMove",
    "InvalidOptions",
    "Option",
    "Rules",
    "UnknownGame",
    "all_rules",
    "get_renderer",
    "get_rules",
]


@cache
def _games() -> dict[str, ModuleType]:
    packages = (
        importlib.import_module(f"{__name__}.{info.name}")
        for info in pkgutil.iter_modules(__path__)
        if info.ispkg
    )
    return {package.RULES.slug: package for package in packages}


def get_rules(slug: str) -> Rules:
    """The rules object of the game ``slug``.

    :raises UnknownGame: naming the known slugs.
    """
    try:
        return _games()[slug].RULES
    except (KeyError, TypeError):
        known = ", ".join(sorted(_games()))
        raise UnknownGame(f"no game {slug!r}; the games are: {known}") from None


def get_renderer(slug: str) -> ModuleType:
    """The render module of the game ``slug`` (SVG, plain text, a description)."""
    get_rules(slug)
    return _games()[slug].render


def all_rules() -> list[Rules]:
    """Every game's rules, in slug order."""
    return [_games()[slug].RULES for slug in sorted(_games())]
