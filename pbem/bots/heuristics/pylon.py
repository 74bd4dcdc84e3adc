"""Pylon: random playouts are short (about 50 plies) and fast, so they run to the end."""

from __future__ import annotations

from .base import Heuristics


class PylonHeuristics(Heuristics):
    slug = "pylon"
    scale = 3.0  # scores share the 30 pyramids


HEURISTICS = PylonHeuristics()
