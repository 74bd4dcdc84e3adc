"""Stax (Cameron Browne): stacking hexagonal tiles with pointers; capture the target's king.

The rules follow ``shared/rules/stax.md``; ``RULES`` is the rules object, ``render`` draws it.
"""

from . import render
from .rules import StaxRules

RULES = StaxRules()

__all__ = ["RULES", "StaxRules", "render"]
