"""Stax (Cameron Browne): stacking hexagonal tiles with pointers; capture the target's king.

The rules follow ``shared/rules/stax.md``; ``RULES`` is the rules object,
``render`` draws it, ``position(...)`` builds a position from the spec's notation.
"""

from . import render
from .notation import position
from .rules import StaxRules
from .state import StaxState

RULES = StaxRules()

__all__ = ["RULES", "StaxRules", "StaxState", "position", "render"]
