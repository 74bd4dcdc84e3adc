"""Where Stax's hexes stand on the picture: the centre and corners of a cell, the triangles
of a tile's pointers, the cells a move touched and the empty cells beside the table. Shared
by the page's SVG and the email's picture (``render``)."""

from __future__ import annotations

import math

from .state import decode
from .tiles import ORIGIN, STEPS, coords

SIZE = 28  # hex radius in SVG units
_ROOT3 = math.sqrt(3)


def centre(c: int) -> tuple[float, float]:
    """The centre of cell ``c`` on the picture (pointy-top hexes, row r down the page)."""
    q, r = coords(c)
    return SIZE * _ROOT3 * (q + r / 2), SIZE * 1.5 * r


def corner_points(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    """The six corners of a hex of ``radius`` centred on (x, y)."""
    return [(x + radius * math.cos(math.radians(60 * k - 30)),
             y + radius * math.sin(math.radians(60 * k - 30))) for k in range(6)]


def corners(x: float, y: float, radius: float) -> str:
    """:func:`corner_points` as an SVG ``points`` attribute."""
    return " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corner_points(x, y, radius))


def _edge_angle(d: int) -> float:
    """Screen angle (radians, y down) of the edge a pointer in direction d crosses."""
    return math.radians(-60 * d)


def pointer_triangles(x: float, y: float, mask: int, radius: float):
    """The pointers of a tile with pointers ``mask``: a triangle (tip, left, right) per edge."""
    apothem = radius * _ROOT3 / 2
    for d in range(6):
        if mask >> d & 1:
            a = _edge_angle(d)
            tip = (x + apothem * 0.98 * math.cos(a), y + apothem * 0.98 * math.sin(a))
            base = apothem * 0.62
            side = radius * 0.2
            left = (
                x + base * math.cos(a) - side * math.sin(a),
                y + base * math.sin(a) + side * math.cos(a),
            )
            right = (
                x + base * math.cos(a) + side * math.sin(a),
                y + base * math.sin(a) - side * math.cos(a),
            )
            yield tip, left, right


def last_cells(last_move: str | None) -> set[int]:
    """The cells ``last_move`` touched, to outline; none for no move or one not understood."""
    if not last_move:
        return set()
    try:
        action = decode(last_move)
    except (KeyError, ValueError):
        return set()
    return {action[2]} if action[0] == "place" else {action[1], action[2]}


def empty_cells(board) -> set[int]:
    """The empty cells beside the table (where a tile may go), or the origin on an empty one."""
    if not board:
        return {ORIGIN}
    return {c + st for c in board for st in STEPS} - set(board)
