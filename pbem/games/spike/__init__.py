"""Spike (Jonathan Leistiko): launch pyramids across a board of coins and race them home.

The rules follow ``shared/rules/spike.md``; ``RULES.position(...)`` builds a position directly.
"""

from . import render
from .rules import SpikeRules, SpikeState

RULES = SpikeRules()

__all__ = ["RULES", "SpikeRules", "SpikeState", "render"]
