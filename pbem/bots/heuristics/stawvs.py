"""Stawvs: random playouts are short (about 60 plies for two players) and run to the end."""

from __future__ import annotations

from .base import Heuristics


class StawvsHeuristics(Heuristics):
    slug = "stawvs"
    scale = 4.0  # a tree is worth 5 to 7 points


HEURISTICS = StawvsHeuristics()
