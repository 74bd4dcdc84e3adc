"""The per-game heuristics (like ``pbem.games``): the module named by a game's slug exposes
``HEURISTICS``, a ``Heuristics`` for that game; the other modules here are what those share
(``base``) or use (``spike_endgame``). A game without a module is searched with the defaults.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from .base import Heuristics

__all__ = ["Heuristics", "heuristics_for"]


@cache
def heuristics_for(slug: str) -> Heuristics:
    """The heuristics of the game ``slug`` (the defaults for a game without its own)."""
    name = f"{__name__}.{slug}"
    if importlib.util.find_spec(name) is None:
        return Heuristics()
    return importlib.import_module(name).HEURISTICS
