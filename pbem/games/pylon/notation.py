"""Pylon notation: what a person types (a placement ``Mc3``/``2c3``, a stack move ``c3-c4``)
read into canonical plies, and the quick-start layout option read and checked."""

from __future__ import annotations

import re

from ..notation import squash
from ..refusals import IllegalMove
from . import refusals as no
from .state import CELLS, FILES, HEIGHT, INDEX, OWNERS, PER_SIZE, PIECE, SIZE_LETTERS, WIDTH

#: ``PLACE_NAMES[size][square]`` is the canonical placement, e.g. ``Mc3``.
PLACE_NAMES = tuple(
    tuple(f"{SIZE_LETTERS[size]}{cell}" for cell in CELLS) if size else () for size in range(4)
)
#: Well-formed plies, canonical, legal or not: placement → (size, square), stack → (from, to).
PLACEMENTS = {PLACE_NAMES[s][i]: (s, i) for s in (1, 2, 3) for i in range(len(CELLS))}
STEPS = {f"{a}-{b}": (INDEX[a], INDEX[b]) for a in CELLS for b in CELLS}
#: What a person may type (lower-cased, spaces removed) → the canonical ply.
SPELLINGS = {
    **{f"{SIZE_LETTERS[s].lower()}{CELLS[i]}": ply for ply, (s, i) in PLACEMENTS.items()},
    **{f"{s}{CELLS[i]}": ply for ply, (s, i) in PLACEMENTS.items()},
    **{ply: ply for ply in STEPS},
}


def parse(state, text: str) -> str:
    """The canonical ply for what a person typed (legal or not); the notation does not
    depend on the position, so ``state`` goes unread.

    >>> parse(None, " 2 C3 "), parse(None, "c3 - C4")
    ('Mc3', 'c3-c4')

    :raises IllegalMove: code ``syntax``, saying what is wrong.
    """
    compact = squash(text).lower()
    ply = SPELLINGS.get(compact)
    if ply is None:
        raise _refusal(compact)
    return ply


def _refusal(compact: str) -> IllegalMove:
    """Say what is wrong with a ply that is neither a placement nor a stack move."""
    if not compact:
        return no.NO_MOVE()
    if compact.count("-") == 1:
        for side in compact.split("-"):
            if side not in INDEX:
                return no.NOT_A_SQUARE(text=side)
    elif re.fullmatch(r".[a-z]\d", compact):
        if compact[1:] not in INDEX:
            return no.NOT_A_SQUARE(text=compact[1:])
        return no.NOT_A_SIZE(text=compact[0])
    return no.UNREADABLE(text=compact if len(compact) <= 12 else compact[:12] + "…")


def parse_layout(text: str) -> str:
    """Validate a quick-start layout; return it canonical (upper case, no spaces).

    Five ranks from 5 down to 1 separated by ``/``, six squares a–f each, a square an owner and
    a size (``A3B1B2A1A2B3/…``). Abstract Play's export, 30 comma-separated tokens in the same
    reading order, is accepted too.

    :raises ValueError: naming the first problem.
    """
    compact = re.sub(r"\s+", "", str(text)).upper()
    if "," in compact:
        tokens = compact.split(",")
        if len(tokens) != WIDTH * HEIGHT:
            raise ValueError(f"a comma-separated layout has 30 squares, not {len(tokens)}")
        ranks = ["".join(tokens[k : k + WIDTH]) for k in range(0, len(tokens), WIDTH)]
    else:
        ranks = compact.split("/")
    if len(ranks) != HEIGHT:
        raise ValueError(f"a layout has 5 ranks separated by '/', not {len(ranks)}")
    for k, rank in enumerate(ranks):
        squares = re.findall(r"..?", rank)
        for f, square in enumerate(squares):
            if not PIECE.fullmatch(square):
                where = f"{FILES[f]}{HEIGHT - k}" if f < WIDTH else f"rank {HEIGHT - k}"
                raise ValueError(f"{where}: {square!r} is not an owner (A, B) and a size (1-3)")
        if len(squares) != WIDTH:
            raise ValueError(f"rank {HEIGHT - k} has {len(squares)} squares, not 6")
    pieces = "".join(ranks)
    wrong = [
        f"{count} {kind}"
        for kind in (f"{o}{s}" for o in OWNERS for s in "123")
        if (count := len(re.findall(kind, pieces))) != PER_SIZE
    ]
    if wrong:
        raise ValueError(f"a layout has five of each of A1-A3 and B1-B3, not {', '.join(wrong)}")
    return "/".join(ranks)
