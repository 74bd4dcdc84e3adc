"""Pylon (Doug Orleans): stack pyramids on a 6×5 board; the top pyramid takes the stack."""

from . import render
from .rules import PylonRules
from .state import PylonState, position

RULES = PylonRules()

__all__ = ["RULES", "PylonRules", "PylonState", "position", "render"]
