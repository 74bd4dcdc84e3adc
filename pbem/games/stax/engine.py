"""Stax for computer opponents (``pbem.games.engine("stax")``): what a heuristic may read of a
state cheaply, without ``to_dict`` (which writes out the whole history). These names are a
promise to ``pbem.bots``: change them together.

- ``view(state)``, ``decode``: the board as cells of tiles; ``split_labels``: a cell's labels;
- ``next_seat``, ``previous_seat``: the seats around the table, skipping those out;
- ``KING``, ``TYPES``, ``STEPS``, ``direction_between``, ``format_cell``: the tiles' geometry.
"""

from .board import split_labels
from .state import decode, next_seat, previous_seat, view
from .tiles import KING, STEPS, TYPES, direction_between, format_cell

__all__ = ["KING", "STEPS", "TYPES", "decode", "direction_between", "format_cell",
           "next_seat", "previous_seat", "split_labels", "view"]
