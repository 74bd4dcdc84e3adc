"""Stawvs (Russ Williams, 2–4 players): move caps like queens over pyramids and claim them."""

from . import render
from .rules import StawvsRules, StawvsState

__all__ = ["RULES", "StawvsRules", "StawvsState", "render"]

RULES = StawvsRules()
