"""Spike notation: a typed ply (``c3-c5:E``, ``d7-off``, ``M@d2:N``, ``pass``, ``done``) read
into its action and written back canonical, and a typed turn cut into plies."""

from __future__ import annotations

import re

from ..base import IllegalMove, squash
from .board import CELLS, DECODE, EXIT, EXIT_PLIES, FACINGS, INDEX, LAUNCH, MOVE, PASS, SIZES

_JOIN = re.compile(r"\s*([-:@])\s*")
_MOVE = re.compile(r"([a-z])([0-9]+)-(?:([a-z])([0-9]+):([a-z]+)|(off))")
_LAUNCH = re.compile(r"([a-z0-9])@([a-z])([0-9]+):([a-z]+)")


def _syntax(reason: str) -> IllegalMove:
    return IllegalMove(reason, "syntax")


def _cell(file: str, rank: str) -> int:
    cell = file + rank
    if cell not in INDEX:
        raise _syntax(f"there is no square {cell}: squares are a1 to h8")
    return INDEX[cell]


def _facing(text: str) -> int:
    word = text.upper()
    if word in ("NE", "NW", "SE", "SW"):
        raise _syntax(f"{word} is diagonal: a piece faces N, E, S or W")
    if len(word) != 1 or word not in FACINGS:
        raise _syntax(f"{word!r} is not a facing: use N, E, S or W")
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
        raise _syntax("no move was given")
    if any(ch.isspace() for ch in squashed):
        raise _syntax(
            f"{text.strip()!r} is more than one ply: play a move, a launch, pass or done"
        )
    match = _MOVE.fullmatch(squashed)
    if match:
        src = _cell(match[1], match[2])
        if match[6]:
            return (EXIT, src)
        return (MOVE, src, _cell(match[3], match[4]), _facing(match[5]))
    if re.fullmatch(r"[a-z][0-9]+-[a-z][0-9]+", squashed):
        raise _syntax(f"a move names the facing after landing, e.g. {squashed}:N")
    match = _LAUNCH.fullmatch(squashed)
    if match:
        size = "sml123".find(match[1])
        if size < 0:
            raise _syntax(f"{match[1].upper()!r} is not a size: use S, M or L (or 1, 2, 3)")
        return (LAUNCH, size % 3 + 1, _cell(match[2], match[3]), _facing(match[4]))
    raise _syntax(
        f"{text.strip()!r} is not a Spike ply: write a move c3-c5:E, an exit d7-off, "
        "a launch M@d2:N, pass or done"
    )


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
        raise _syntax("a move must be text")
    return _JOIN.sub(r"\1", text.strip()).split()
