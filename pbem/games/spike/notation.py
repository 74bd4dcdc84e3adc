"""Spike notation: a typed ply (``c3-c5:E``, ``d7-off``, ``M@d2:N``, ``pass``, ``done``) read
into its action and written back canonical, and a typed turn cut into plies."""

from __future__ import annotations

import re

from ..notation import squash
from ..refusals import NO_MOVE, NOT_TEXT
from . import refusals as no
from .board import CELLS, DECODE, EXIT, EXIT_PLIES, FACINGS, INDEX, LAUNCH, MOVE, PASS, SIZES

_JOIN = re.compile(r"\s*([-:@])\s*")
_MOVE = re.compile(r"([a-z])([0-9]+)-(?:([a-z])([0-9]+):([a-z]+)|(off))")
_LAUNCH = re.compile(r"([a-z0-9])@([a-z])([0-9]+):([a-z]+)")


def _cell(file: str, rank: str) -> int:
    cell = file + rank
    if cell not in INDEX:
        raise no.NO_SQUARE(square=cell)
    return INDEX[cell]


def _facing(text: str) -> int:
    word = text.upper()
    if word in ("NE", "NW", "SE", "SW"):
        raise no.DIAGONAL(text=word)
    if len(word) != 1 or word not in FACINGS:
        raise no.NOT_A_FACING(text=word)
    return FACINGS.index(word)


def parse(state, text) -> str:
    """The canonical ply for what a person typed (legal or not); the notation does not
    depend on the position, so ``state`` goes unread.

    >>> parse(None, " m @ D2 : n "), parse(None, "c3 - c5 : e")
    ('M@d2:N', 'c3-c5:E')

    :raises IllegalMove: code ``syntax``, saying what is wrong.
    """
    if isinstance(text, str) and text in DECODE:
        return text
    return write(read(text))


def read(text) -> tuple:
    """Decode a typed ply into its action tuple (see ``DECODE``). :raises IllegalMove: syntax."""
    squash(text)  # refuses what is not text, too long, or not ASCII
    squashed = _JOIN.sub(r"\1", text.strip()).lower()
    if squashed in ("pass", "done"):
        return DECODE[squashed]
    if not squashed:
        raise NO_MOVE()
    if any(ch.isspace() for ch in squashed):
        raise no.MANY_PLIES(text=text.strip())
    match = _MOVE.fullmatch(squashed)
    if match:
        src = _cell(match[1], match[2])
        if match[6]:
            return (EXIT, src)
        return (MOVE, src, _cell(match[3], match[4]), _facing(match[5]))
    if re.fullmatch(r"[a-z][0-9]+-[a-z][0-9]+", squashed):
        raise no.NO_FACING(ply=squashed)
    match = _LAUNCH.fullmatch(squashed)
    if match:
        size = "sml123".find(match[1])
        if size < 0:
            raise no.NOT_A_SIZE(text=match[1].upper())
        return (LAUNCH, size % 3 + 1, _cell(match[2], match[3]), _facing(match[4]))
    raise no.NOT_A_PLY(text=text.strip())


def write(action: tuple) -> str:
    kind = action[0]
    if kind == MOVE:
        return f"{CELLS[action[1]]}-{CELLS[action[2]]}:{FACINGS[action[3]]}"
    if kind == EXIT:
        return EXIT_PLIES[action[1]]
    if kind == LAUNCH:
        return f"{SIZES[action[1] - 1]}@{CELLS[action[2]]}:{FACINGS[action[3]]}"
    return "pass" if kind == PASS else "done"


def split_plies(text) -> list[str]:
    """A typed turn cut into plies: spaces next to ``-``, ``:`` or ``@`` stay inside a ply."""
    if not isinstance(text, str):
        raise NOT_TEXT()
    return _JOIN.sub(r"\1", text.strip()).split()
