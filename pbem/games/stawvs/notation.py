"""Stawvs notation: a typed placement (``d4``), move-and-claim (``c3-f6/e5``) or ``pass`` read
into a canonical ply, and the ``layout`` option read and checked."""

from __future__ import annotations

import re

from ..notation import squash
from .movegen import legal_set
from .refusals import NO_CLAIM, NOT_A_MOVE
from .state import CODES, GAP, StawvsState, board_from_text, board_text

_PLY = re.compile(r"([a-h][1-8])(?:-([a-h][1-8])(?:/([a-h][1-8]))?)?")


def parse(state: StawvsState, text: str) -> str:
    """Lower case, no spaces, ``/`` for ``,``; ``from-to`` means ``from-to/from`` with
    ``claims=vacated``. :raises IllegalMove: code ``syntax``."""
    if isinstance(text, str) and text in legal_set(state):
        return text  # already canonical: the common case when a page or bot moves
    ply = squash(text).lower().replace(",", "/")
    if ply == "pass":
        return ply
    match = _PLY.fullmatch(ply)
    if match is None:
        raise NOT_A_MOVE(text=text)
    origin, target, claim = match.groups()
    if target and not claim:
        if state.claims != "vacated":
            raise NO_CLAIM(ply=ply)
        ply = f"{ply}/{origin}"
    return ply


def parse_layout(text: str) -> str:
    """The canonical spelling of a layout option: 4 gaps and five of each pyramid.

    :raises ValueError: saying what is wrong.
    """
    board = board_from_text(text)
    if board.count(GAP) != 4:
        raise ValueError(f"a layout has exactly 4 gaps, not {board.count(GAP)}")
    for byte in range(1, len(CODES)):
        if board.count(byte) != 5:
            raise ValueError(f"a layout has five {CODES[byte]} pyramids, not {board.count(byte)}")
    return board_text(board)
