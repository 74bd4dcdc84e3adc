"""Chess-style square names on a rectangular board: files ``a``, ``b`` … left to right,
ranks ``1``, ``2`` … from the bottom. Standard library only, like every rule module.

>>> names(3, 2)
('a1', 'b1', 'c1', 'a2', 'b2', 'c2')
>>> names(2, 2, file_major=True)
('a1', 'a2', 'b1', 'b2')
>>> index(names(8, 8))["h8"]
63
"""

from __future__ import annotations

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def names(width: int, height: int, *, file_major: bool = False) -> tuple[str, ...]:
    """Every square's name by square number: rank by rank (``a1`` = 0, ``b1`` = 1 …), or
    with ``file_major`` file by file (``a1`` = 0, ``a2`` = 1 …, so numbers sort as names)."""
    files, ranks = LETTERS[:width], range(1, height + 1)
    if file_major:
        return tuple(f"{f}{r}" for f in files for r in ranks)
    return tuple(f"{f}{r}" for r in ranks for f in files)


def index(cells: tuple[str, ...]) -> dict[str, int]:
    """The square number of every name in ``cells``."""
    return {name: number for number, name in enumerate(cells)}
