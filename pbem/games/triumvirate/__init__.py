"""Triumvirate (Thomas R. Brendel, 2005): rules in ``rules.py``, drawing in ``render.py``."""

from . import render
from .rules import TriumvirateRules
from .state import State, position

RULES = TriumvirateRules()

__all__ = ["RULES", "State", "TriumvirateRules", "position", "render"]
