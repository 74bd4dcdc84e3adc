"""The per-game heuristics, one module per game, behind one registry (like ``pbem.games``).

Each game's module exposes ``HEURISTICS``, a ``Heuristics`` whose ``slug`` names its game (a
module without one, such as ``spike_endgame``, is a helper of a game's module); a game without
a module is searched with the defaults.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .base import Heuristics

__all__ = ["Heuristics", "heuristics_for"]


@cache
def _registry() -> dict[str, Heuristics]:
    modules = (
        importlib.import_module(f"{__name__}.{info.name}")
        for info in pkgutil.iter_modules(__path__)
        if info.name != "base"
    )
    return {
        module.HEURISTICS.slug: module.HEURISTICS
        for module in modules
        if hasattr(module, "HEURISTICS")
    }


def heuristics_for(slug: str) -> Heuristics:
    """The heuristics of the game ``slug`` (the defaults for a game without its own)."""
    return _registry().get(slug) or Heuristics()
