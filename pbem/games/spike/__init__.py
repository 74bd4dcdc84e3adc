"""Spike (Jonathan Leistiko): launch pyramids across a board of coins and race them home.

The rules follow ``shared/rules/spike.md``; ``position(...)`` builds a position directly.
"""

from . import render
from .rules import SpikeRules
from .state import SpikeState, position

RULES = SpikeRules()

__all__ = ["RULES", "SpikeRules", "SpikeState", "position", "render"]
