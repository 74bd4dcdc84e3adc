"""Board geometry and the move generator of Triumvirate, on flat arrays of ints.

Squares are indices 0–63 (``a1`` = 0, ``h1`` = 7, ``a2`` = 8 … ``h8`` = 63). A board is a
sequence of 64 ints: 0 empty, 1–3 a P1 piece of that size, 4–6 a P2 piece of size ``v - 3``.
Manners are bits (``O`` = 1, ``D`` = 2, ``L`` = 4) so that a card's flat and upright pieces
reduce to one mask per size. Every table is built once at import, so generating moves is a
few list look-ups per candidate.
"""

from __future__ import annotations

from functools import lru_cache

from .. import squares

FILES = squares.LETTERS[:8]
CELLS = squares.names(8, 8)
INDEX = squares.index(CELLS)

SECTIONS = "ODL"
BIT = {"O": 1, "D": 2, "L": 4}
SIZE_NAME = {1: "small", 2: "medium", 3: "large"}
MANNER_WORD = {"O": "orthogonally", "D": "diagonally", "L": "by an L-shaped jump"}

#: Each seat's starting squares, largest first (TRIUMVIRATE-R1), and the size each began with.
START = ((INDEX["h1"], INDEX["g1"], INDEX["f1"]), (INDEX["a8"], INDEX["b8"], INDEX["c8"]))
START_SIZE = {sq: 3 - i for squares in START for i, sq in enumerate(squares)}

_STEPS = {
    "O": ((1, 0), (-1, 0), (0, 1), (0, -1)),
    "D": ((1, 1), (1, -1), (-1, 1), (-1, -1)),
}
_KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def _geometry(manner: str, sq: int) -> list[tuple[int, int, int]]:
    """(destination, square slid over or -1, manner bit) of every move from ``sq``."""
    f, r = sq % 8, sq // 8
    bit = BIT[manner]
    out = []
    if manner == "L":
        for df, dr in _KNIGHT:
            if _on_board(f + df, r + dr):
                out.append((f + df + 8 * (r + dr), -1, bit))
        return out
    for df, dr in _STEPS[manner]:
        if _on_board(f + df, r + dr):
            out.append((f + df + 8 * (r + dr), -1, bit))
            if _on_board(f + 2 * df, r + 2 * dr):
                out.append((f + 2 * df + 8 * (r + 2 * dr), f + df + 8 * (r + dr), bit))
    return out


#: The manner of a displacement, or None (the three geometries never overlap).
MANNER_OF = {
    (src, dst): manner
    for manner in SECTIONS
    for src in range(64)
    for dst, _mid, _bit in _geometry(manner, src)
}

MOVE = [[f"{a}-{b}" for b in CELLS] for a in CELLS]
CAPTURE = [[f"{a}x{b}" for b in CELLS] for a in CELLS]
PLACE = [None] + [[f"+{z}{c}" for c in CELLS] for z in (1, 2, 3)]

#: The 48 arrangement plies, sorted (§2: three sizes in O/D/L, each flat or upright).
ARRANGEMENTS = tuple(
    sorted(
        f"T:{a}{oa}/{b}{ob}/{c}{oc}"
        for a, b, c in ((3, 2, 1), (3, 1, 2), (2, 3, 1), (2, 1, 3), (1, 3, 2), (1, 2, 3))
        for oa in "fu"
        for ob in "fu"
        for oc in "fu"
    )
)


#: GEOM[mask][sq]: every move from ``sq`` in the manners of ``mask`` (1–7), as
#: (destination, square slid over or -1, manner bit, move ply, capture ply).
GEOM = [
    [
        tuple(
            (dst, mid, bit, MOVE[sq][dst], CAPTURE[sq][dst])
            for manner in SECTIONS
            if BIT[manner] & mask
            for dst, mid, bit in _geometry(manner, sq)
        )
        for sq in range(64)
    ]
    for mask in range(8)
]
MIDDLE = {(src, g[0]): g[1] for src in range(64) for g in GEOM[7][src]}


def owner(value: int) -> int:
    """The seat owning a non-empty square value."""
    return (value - 1) // 3


def size(value: int) -> int:
    return (value - 1) % 3 + 1


def card_pieces(arrangement: str, hostages: tuple[str, ...]) -> list[tuple[int, str, str]]:
    """(size, section, orientation) of every piece on a card: the Triumvirate, then hostages."""
    slots = arrangement.split("/")
    pieces = [(int(slot[0]), SECTIONS[i], slot[1]) for i, slot in enumerate(slots)]
    return pieces + [(int(h[0]), h[1], h[2]) for h in hostages]


@lru_cache(maxsize=4096)
def masks(arrangement: str, hostages: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(flat, upright) manner masks indexed by size 0–3 (index 0 unused) for one card."""
    flat, upright = [0, 0, 0, 0], [0, 0, 0, 0]
    for z, section, orient in card_pieces(arrangement, hostages):
        (flat if orient == "f" else upright)[z] |= BIT[section]
    return tuple(flat), tuple(upright)


@lru_cache(maxsize=4096)
def tables(seat: int, mine: tuple, theirs: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per board value: the mover's flat mask (0 for enemy pieces) and the enemy's protection.

    ``mine``/``theirs`` are (arrangement, hostages). Protection is 8 for the mover's own
    pieces (no manner has that bit: never capturable), 0 for an unprotected enemy size, else
    the mask of capturing manners (TRIUMVIRATE-R7: the union of the sections of upright pieces
    of that size).
    """
    flat = masks(*mine)[0]
    upright = masks(*theirs)[1]
    flat_v, prot_v = [0] * 7, [8] * 7
    for z in (1, 2, 3):
        flat_v[3 * seat + z] = flat[z]
        prot_v[3 * (1 - seat) + z] = upright[z]
    return tuple(flat_v), tuple(prot_v)


def board_moves(board, flat_v, prot_v) -> list[str]:
    """Every board move and capture of the seat whose pieces ``flat_v`` lets move.

    ``prot_v`` is 8 for the mover's own pieces: no manner bit matches, so never captured.
    """
    out = []
    append = out.append
    for sq, v in enumerate(board):
        if v and flat_v[v]:
            for dst, mid, bit, move, capture in GEOM[flat_v[v]][sq]:
                if mid >= 0 and board[mid]:
                    continue
                target = board[dst]
                if not target:
                    append(move)
                elif not prot_v[target] or prot_v[target] & bit:
                    append(capture)
    return out


def piece_can_move(board, sq: int, mask: int, prot_v) -> bool:
    for dst, mid, bit, _move, _capture in GEOM[mask][sq]:
        if mid >= 0 and board[mid]:
            continue
        target = board[dst]
        if not target or not prot_v[target] or prot_v[target] & bit:
            return True
    return False


def has_board_move(board, flat_v, prot_v) -> bool:
    for sq, v in enumerate(board):
        if v and flat_v[v] and piece_can_move(board, sq, flat_v[v], prot_v):
            return True
    return False
