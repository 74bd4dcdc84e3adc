"""The rule modules: pure Python game rules behind one protocol (see ``base.Rules``).

Every subpackage of this package is a game, named after its slug. It exposes ``RULES`` (its
rules object) and a ``render`` module (``svg(state, last_move=None)`` for pages,
``mail_svg(state, last_move=None)`` and ``mail_notes(state)`` for the picture an email carries
and the lines said under it, ``text(state, last_move=None)`` and ``describe(state)``). A game
is imported when it is first asked for, so a process that handles one game's move
(``ingest-mail``, a process per message) imports that game only. Other code reaches a game
only through this registry (and computer opponents through :func:`engine`, a game's documented
hook for their heuristics)::

    >>> from pbem.games import get_rules
    >>> get_rules("pylon").name
    'Pylon'
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import ModuleType

from .base import END_REASONS, Rules, UnknownGame
from .options import InvalidOptions, Option, format_option_value
from .phrases import Phrase
from .refusals import IllegalMove, Refusal

__all__ = [
    "END_REASONS",
    "IllegalMove",
    "InvalidOptions",
    "Option",
    "Phrase",
    "Refusal",
    "Rules",
    "UnknownGame",
    "all_rules",
    "engine",
    "format_option_value",
    "get_renderer",
    "get_rules",
]


@cache
def _slugs() -> tuple[str, ...]:
    """The games' slugs: the names of this package's subpackages, none of them imported."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg))


def _game(slug: str) -> ModuleType:
    """The package of the game ``slug``, imported on first use.

    :raises UnknownGame: naming the known slugs.
    """
    if not isinstance(slug, str) or slug not in _slugs():
        known = ", ".join(_slugs())
        raise UnknownGame(f"no game {slug!r}; the games are: {known}")
    return _imported(slug)


@cache
def _imported(slug: str) -> ModuleType:
    """The game's package, kept: a move asks for its game's rules about eight times, and
    asking the import system each time cost more than a hundredth of the move."""
    return importlib.import_module(f"{__name__}.{slug}")


def get_rules(slug: str) -> Rules:
    """The rules object of the game ``slug``.

    :raises UnknownGame: naming the known slugs.
    """
    return _game(slug).RULES


def get_renderer(slug: str) -> ModuleType:
    """The render module of the game ``slug`` (SVG, plain text, a description)."""
    return _game(slug).render


def engine(slug: str) -> ModuleType:
    """The game's documented hook for computer opponents (``pbem.bots``): its ``engine``
    module, which names the parts of its board and state a heuristic may read cheaply (the
    rules protocol stays the way to make moves). A game without one raises ``UnknownGame``.
    """
    try:
        return importlib.import_module(f"{_game(slug).__name__}.engine")
    except ModuleNotFoundError:
        raise UnknownGame(f"the game {slug!r} has no engine hook for bots") from None


def all_rules() -> list[Rules]:
    """Every game's rules, in slug order."""
    return [_game(slug).RULES for slug in _slugs()]
