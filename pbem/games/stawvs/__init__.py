"""Stawvs (Russ Williams, 2–4 players): move caps like queens over pyramids and claim them."""

from . import render
from .rules import StawvsRules
from .state import StawvsState, position

__all__ = ["RULES", "StawvsRules", "StawvsState", "position", "render"]

RULES = StawvsRules()
