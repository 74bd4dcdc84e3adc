"""Translation-invariant position keys for the superko rule (STAX-R4, rules/stax.md §3.1).

A board is hashed as a polynomial over the prime P = 2**127 - 1 (as wide as two 64-bit
moduli, with one multiplication)::

    raw(B) = sum over cells (q, r), levels i:  Z[i, owner, pointers] * a**q * b**r
    key(B) = raw(B) * a**-q0 * b**-r0           (q0, r0) = the smallest occupied cell

Translating a board multiplies ``raw`` by ``a**dq * b**dr`` and moves the smallest cell by the
same amount, so ``key`` is the same for every translate; a move changes at most three terms of
``raw``, so a candidate's key costs O(1). ``Z``, ``a`` and ``b`` come from a fixed-seed
``random.Random`` (never ``hash()``, which differs per process), so keys are stable across
processes and versions of Python. Equal keys are confirmed against the exact ``snapshot``
before a move is refused, so even a collision cannot make a legal move illegal.
"""

from __future__ import annotations

import random

from .tiles import coords

P = (1 << 127) - 1
#: A stack is never taller than 37 tiles (36 non-kings and a king on top); spare levels.
LEVELS = 40
_OWNERS = 3


def _tables() -> tuple[int, int, tuple[int, ...]]:
    rng = random.Random(0x5_7A_C5)  # fixed forever: stored keys depend on it

    def draw() -> int:
        return 2 + rng.getrandbits(127) % (P - 3)

    a, b = draw(), draw()
    return a, b, tuple(draw() for _ in range(LEVELS * _OWNERS * 64))


_A, _B, _Z = _tables()
_FACTOR: dict[int, int] = {}


def tile_term(level: int, owner: int, mask: int) -> int:
    """``Z[level, owner, mask]``: a tile's contribution before its cell's factor."""
    return _Z[(level * _OWNERS + owner) * 64 + mask]


def cell_factor(c: int) -> int:
    """``a**q * b**r mod P`` for the packed cell ``c`` (negative powers are inverses)."""
    value = _FACTOR.get(c)
    if value is None:
        q, r = coords(c)
        value = _FACTOR[c] = pow(_A, q, P) * pow(_B, r, P) % P
    return value


def raw_hash(board) -> int:
    """``raw(B)``: the position's polynomial before normalisation."""
    total = 0
    for c, stack in board.items():
        stack_sum = 0
        for level, (owner, mask) in enumerate(stack):
            stack_sum += _Z[(level * _OWNERS + owner) * 64 + mask]
        total += stack_sum * cell_factor(c)
    return total % P


def normalise(raw: int, smallest: int) -> int:
    """The key of a board with polynomial ``raw`` whose smallest occupied cell is ``smallest``."""
    return raw * cell_factor(-smallest) % P


def position_key(board) -> int:
    """The superko key of a board; the empty table's key is 0."""
    return normalise(raw_hash(board), min(board)) if board else 0


def snapshot(board) -> tuple:
    """The exact position up to translation: (cell - smallest cell, stack) pairs, sorted."""
    if not board:
        return ()
    smallest = min(board)
    return tuple(sorted((c - smallest, stack) for c, stack in board.items()))
