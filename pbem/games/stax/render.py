"""Stax drawn for people: an SVG for the web page, the email's picture, and (from ``text``)
plain text for emails and a spoken summary; where the hexes stand comes from ``geometry``.

Cells carry ``data-cell="q,r"`` (class ``cell``): every stack and every empty cell beside the
table, so the page can compose a move by clicking; tiles in hand carry ``data-token`` with
their canonical pointer set.
"""

from __future__ import annotations

from html import escape

from ..svg import MONO_ADVANCE, Shapes, cell, label, names_in_line, picture, root, token
from . import words as W
from .geometry import (
    SIZE,
    centre,
    corner_points,
    corners,
    empty_cells,
    last_cells,
    pointer_triangles,
)
from .notation import format_stack, parse_dirset
from .state import SEAT_NAMES
from .text import describe, mail_notes, status, text
from .tiles import (
    CANONICAL,
    DIRS,
    DIRSET,
    FACE_B,
    FACE_OF,
    KING,
    QUEEN,
    ROTATIONS,
    TYPES,
    format_cell,
    tile_name,
    type_code,
)

__all__ = ["choice", "describe", "mail_notes", "mail_svg", "routes", "svg", "text"]

COLOURS = ("#f3ead8", "#3b3b4a", "#c8553d")  # Light, Dark, Red
INK = ("#3b3b4a", "#f3ead8", "#fff6ee")  # text and pointers on each colour
NAME_SIZE = 10.5  # the font size of the hexes' names in an email's picture


def _pointers(x: float, y: float, mask: int, radius: float, colour: str) -> str:
    return "".join(
        f'<polygon points="{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} '
        f'{right[0]:.1f},{right[1]:.1f}" fill="{colour}"/>'
        for tip, left, right in pointer_triangles(x, y, mask, radius)
    )


def _tile(x: float, y: float, owner: int, mask: int, radius: float) -> str:
    ink = INK[owner]
    out = [
        f'<polygon points="{corners(x, y, radius * 0.92)}" fill="{COLOURS[owner]}" '
        f'stroke="{ink}" stroke-width="1"/>',
        _pointers(x, y, mask, radius, ink),
    ]
    if mask == KING:
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius * 0.34:.1f}" fill="none" '
            f'stroke="{ink}" stroke-width="2.5"/>'
        )
    elif mask == QUEEN:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius * 0.3:.1f}" fill="{ink}"/>')
    return "".join(out)


def svg(state, last_move: str | None = None) -> str:
    """The table (each stack's top tile with its pointers, the tiles beneath as stripes, the
    height), the last move outlined, and each player's tiles in hand."""
    board = state.board
    cells = set(board) | empty_cells(board)
    marked = last_cells(last_move)
    xs, ys = zip(*(centre(c) for c in cells), strict=True)
    pad = SIZE * 1.2
    left, top = min(xs) - pad, min(ys) - pad
    width = max(xs) - left + pad
    hand_top = max(ys) + pad + 10
    hands = [_hand_tiles(state, seat) for seat in range(state.players)]
    # A hand wraps after HAND_ROW tiles, so the picture stays narrow enough for a phone.
    rows = [max(1, -(-len(tiles) // HAND_ROW)) for tiles in hands]
    height = hand_top - top + 44 * sum(rows)
    width = max(width, HAND_ROW * 32 + 96)
    parts = []
    for c in sorted(cells):
        x, y = centre(c)
        stack = board.get(c, ())
        outline = "#e0a030" if c in marked else "#9a9a9a"
        width_line = 3 if c in marked else 1
        name = format_cell(c)
        tip = f"{name}: {format_stack(stack)}" if stack else W.CELL_EMPTY(cell=name)
        inside = [
            f"<title>{escape(tip)}</title>"
            f'<polygon points="{corners(x, y, SIZE)}" fill="{"#e8e4da" if stack else "#faf8f2"}" '
            f'stroke="{outline}" stroke-width="{width_line}"/>'
        ]
        if stack:
            owner, mask = stack[-1]
            inside.append(_tile(x, y, owner, mask, SIZE))
            for i, (under, _) in enumerate(stack[:-1]):  # the tiles beneath, bottom first
                sx = x - SIZE * 0.45 + i * 6
                inside.append(
                    f'<rect x="{sx:.1f}" y="{y + SIZE * 0.42:.1f}" width="5" height="5" '
                    f'fill="{COLOURS[under]}" stroke="#777" stroke-width="0.5"/>'
                )
            if len(stack) > 1:
                inside.append(label(
                    x + SIZE * 0.3, y - SIZE * 0.25, len(stack), class_="label",
                    fill=INK[owner], font_size=11, font_weight="bold",
                ))
        inside.append(_coordinate(x, y, name, stack[-1][0] if stack else None))
        parts.append(cell(name, "g", "".join(inside), class_="last" if c in marked else ""))
    row = 0
    for seat, tiles in enumerate(hands):
        y = hand_top + 44 * row + 18
        name = (W.HAND_SEAT if state.active[seat] else W.HAND_RESIGNED)(seat=SEAT_NAMES[seat])
        parts.append(label(left + 6, y + 4, name, class_="hand", font_size=12))
        for i, mask in enumerate(tiles):
            x, y = left + 80 + 32 * (i % HAND_ROW), hand_top + 44 * (row + i // HAND_ROW) + 18
            title = W.HAND_TILE(seat=SEAT_NAMES[seat], tile=tile_name(mask),
                                directions=DIRSET[mask])
            parts.append(token(DIRSET[mask], title, _tile(x, y, seat, mask, 15), data_seat=seat))
        row += rows[seat]
    return root(width, height, parts, label=describe(state), min_x=left, min_y=top, class_="stax")


#: Tiles in hand per row of the picture: a hand of 14 takes two rows.
HAND_ROW = 7


def _hand_tiles(state, seat: int) -> list[int]:
    """The pointer masks of ``seat``'s tiles in hand, in the order of ``TYPES`` (the
    three-pointer hook twice: its two faces)."""
    tiles = []
    for i, code in enumerate(TYPES):
        if not state.placed[seat] >> i & 1:
            tiles += [CANONICAL[code], FACE_B] if code == "3h" else [CANONICAL[code]]
    return tiles


def _coordinate(x: float, y: float, name: str, owner: int | None) -> str:
    """A hex's name along its lower edge. On a tile (class ``on-tile``) the page shows it only
    while the pointer or the focus is on the hex (the pointers cross that edge; the hex's
    title names it too), in the tile's ink with a halo of the tile's colour."""
    if owner is None:
        return label(x, y + SIZE * 0.8, name, class_="coord", fill="#777", font_size=8,
                     text_anchor="middle", pointer_events="none")
    return label(x, y + SIZE * 0.8, name, class_="coord on-tile", fill=INK[owner], font_size=8,
                 text_anchor="middle", pointer_events="none", stroke=COLOURS[owner],
                 stroke_width=3, paint_order="stroke", stroke_linejoin="round")


def mail_svg(state, last_move: str | None = None) -> str:
    """The table alone for an email's PNG, framed tightly: stacks as the page draws them, the
    last move outlined, and every hex named in type large enough to copy into a reply. The
    tiles in hand are the email's words (:func:`mail_notes`); each kind of shape is one
    element (nobody clicks it)."""
    board = state.board
    cells = set(board) | empty_cells(board)
    marked = last_cells(last_move)
    hexes, marks, names = Shapes(), Shapes(), []
    lines: dict[float, list] = {}  # the hexes' names by baseline: a text run per row
    tiles = Shapes(), Shapes(), Shapes()  # tiles, then their pointers, then the stripes
    for c in sorted(cells):
        x, y = centre(c)
        stack = board.get(c, ())
        hexes.polygon(corner_points(x, y, SIZE), fill="#e8e4da" if stack else "#faf8f2",
                      stroke="#9a9a9a", stroke_width=1, shape_rendering="crispEdges")
        if c in marked:
            marks.polygon(corner_points(x, y, SIZE - 1.5), fill="none", stroke="#e0a030",
                          stroke_width=3)
        ink = INK[stack[-1][0]] if stack else "#666"
        if stack:
            _mail_stack(tiles, stack, x, y)
            if len(stack) > 1:
                names.append(label(x + SIZE * 0.3, y - SIZE * 0.25, len(stack), fill=ink,
                                   font_size=11, font_weight="bold"))
        # In the middle, clear of the pointers; above a king's ring or a queen's disc, on a
        # patch of the tile's colour over the pointers there.
        name, middle = format_cell(c), not stack or stack[-1][1] not in (KING, QUEEN)
        baseline = y + (3.5 if middle else -SIZE * 0.45)
        if not middle:
            wide = len(name) * MONO_ADVANCE * NAME_SIZE + 2
            marks.rect(x - wide / 2, baseline - NAME_SIZE * 0.8, wide, NAME_SIZE,
                       fill=COLOURS[stack[-1][0]], shape_rendering="crispEdges")
        lines.setdefault(baseline, []).append((x, name, ink))
    xs, ys = zip(*(centre(c) for c in cells), strict=True)
    left, top = min(xs) - SIZE, min(ys) - SIZE - 2
    names += [names_in_line(y, row, font_size=NAME_SIZE) for y, row in lines.items()]
    body = [hexes.markup(), *(layer.markup() for layer in tiles), marks.markup(), *names]
    return root(max(xs) + SIZE - left, max(ys) + SIZE + 2 - top, body, min_x=left, min_y=top,
                label=W.OPENING(players=state.players, status=status(state)))


def _mail_stack(layers: tuple[Shapes, Shapes, Shapes], stack, x: float, y: float) -> None:
    """A stack as :func:`svg` draws it into ``layers``: the top tile (outlined, so drawn
    without anti-aliasing, which costs a third of the time), its pointers and king's ring or
    queen's disc, the tiles beneath as stripes."""
    tiles, pointers, stripes = layers
    owner, mask = stack[-1]
    ink = INK[owner]
    tiles.polygon(corner_points(x, y, SIZE * 0.92), fill=COLOURS[owner], stroke=ink,
                  stroke_width=1, shape_rendering="crispEdges")
    for triangle in pointer_triangles(x, y, mask, SIZE):
        pointers.polygon(triangle, fill=ink)
    if mask == KING:
        pointers.circle(x, y, SIZE * 0.34, fill="none", stroke=ink, stroke_width=2.5)
    elif mask == QUEEN:
        pointers.circle(x, y, SIZE * 0.3, fill=ink)
    for i, (under, _) in enumerate(stack[:-1]):
        stripes.rect(x - SIZE * 0.45 + i * 6, y + SIZE * 0.42, 5, 5, fill=COLOURS[under],
                    stroke="#777", stroke_width=0.5)


# ----- composing a move by clicks (the routes contract of games.svg) ----------------------------


def _hand_token(mask: int) -> str:
    """The ``data-token`` of the tile in hand that can be placed with pointers ``mask``."""
    return DIRSET[FACE_B] if FACE_OF[mask] == "B" else DIRSET[CANONICAL[type_code(mask)]]


def routes(move: str) -> list[list[tuple[str, str]]]:
    """A placement is a tile in hand and a hex (either first), then, for a tile that can turn,
    its orientation among pictures; a move is its two hexes, then the orientation after it."""
    if "@" in move:
        dirset, hex_ = move.split("@")
        mask = parse_dirset(dirset)
        turn = [("choice", dirset)] if len(ROTATIONS[mask]) > 1 else []
        tile, where = ("token", _hand_token(mask)), ("cell", hex_)
        return [[tile, where, *turn], [where, tile, *turn]]
    path, _, dirset = move.partition("=")
    return [[("cell", h) for h in path.split(">")] + ([("choice", dirset)] if dirset else [])]


def choice(value: str, seat: int) -> tuple[str, str]:
    """An orientation: the tile drawn with its pointers, in the colour of the seat to move."""
    mask = parse_dirset(value)
    pointing = [DIRS[d] for d in range(6) if mask >> d & 1]
    words = f"pointing {', '.join(pointing)}"
    return picture(36, 36, [_tile(0, 0, seat, mask, 17)], min_x=-18, min_y=-18), words
