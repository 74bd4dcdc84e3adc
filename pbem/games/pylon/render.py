"""Pylon drawn for people: an SVG for pages, a text diagram for email, a spoken description.

Only what the rules expose is used; nothing here changes a state.
"""

from __future__ import annotations

import re
from html import escape

from ..svg import cell, label, rect, root, token
from . import words as W
from .notation import PLACEMENTS, SPELLINGS, STEPS
from .rules import PylonRules
from .state import (
    CELLS,
    FILES,
    HEIGHT,
    INDEX,
    OWNERS,
    SIZE_LETTERS,
    WIDTH,
    PylonState,
    stack_text,
)

COLOURS = ("#d55e00", "#0072b2")  # vermilion and blue: apart for every common colour vision
TINTS = ("#fbe1d0", "#d3e7f5")
EMPTY = "#ece8df"
CELL = 72
LEFT, TOP = 28, 40
BAR_WIDTH = (0, 22, 36, 50)  # small, medium, large pyramids seen from the side
LAYER = (0, 12, 16, 20)


RULES = PylonRules()  # stateless, so a private instance equals the registered one
def _last(last_move: str | None) -> tuple[int | None, int | None]:
    """(source, target) squares of the last move; (None, square) for a placement."""
    if not isinstance(last_move, str):
        return None, None
    ply = SPELLINGS.get("".join(last_move.split()).lower())
    if ply in STEPS:
        return STEPS[ply]
    if ply in PLACEMENTS:
        return None, PLACEMENTS[ply][1]
    return None, None


def status(state: PylonState, spoken: bool = False) -> str:
    """One line: whose turn and what to do, or the result (the score "3 to 2" when
    ``spoken``, for screen readers, else "3–2")."""
    a, b = RULES.scores(state)
    score = W.SCORE_SPOKEN(a=a, b=b) if spoken else f"{a}–{b}"
    seat = RULES.to_move(state)
    if seat is not None:
        verb = W.TO_PLACE if state.placing else W.TO_MOVE
        return verb(seat=seat + 1, owner=OWNERS[seat], score=score)
    if state.resigned is not None:
        winner = 1 - state.resigned
        return W.RESIGNED(loser=state.resigned + 1, seat=winner + 1, owner=OWNERS[winner])
    winners = RULES.winners(state)
    if len(winners) == 2:
        return W.DRAW(score=score)
    return W.WON(seat=winners[0] + 1, owner=OWNERS[winners[0]], score=score)


def _cell_xy(i: int) -> tuple[int, int]:
    return LEFT + (i % WIDTH) * CELL, TOP + (HEIGHT - 1 - i // WIDTH) * CELL


def _stack_svg(stack: tuple[int, ...], x: int, y: int) -> list[str]:
    """The stack seen from the side, bottom to top: each pyramid a trapezoid as wide and tall
    as its size, coloured by its owner; a tall stack is squeezed to fit. Stacks of two or more
    get their height in a badge of the top owner's colour."""
    out = []
    heights = [LAYER[code & 3] for code in stack]
    scale = min(1.0, (CELL - 30) / sum(heights))
    gap = 1.0 if scale > 0.4 else 0.0
    cx, base = x + CELL / 2 + 5, y + CELL - 6
    for code, height in zip(stack, heights, strict=True):
        height *= scale
        half = BAR_WIDTH[code & 3] / 2
        top_half = half - min(half * 0.55, height * 0.8)
        out.append(
            f'<path d="M{cx - half:g} {base:g}L{cx + half:g} {base:g}'
            f"L{cx + top_half:g} {base - height + gap:g}L{cx - top_half:g} {base - height + gap:g}"
            f'Z" fill="{COLOURS[code >> 2]}"/>'
        )
        base -= height
    if len(stack) > 1:
        out.append(
            f'<circle cx="{x + 13}" cy="{y + 13}" r="10" fill="{COLOURS[stack[-1] >> 2]}" '
            'stroke="#fff" stroke-width="1.5"/>'
            + label(x + 13, y + 17.5, len(stack), fill="#fff", font_weight="bold", font_size=12,
                    text_anchor="middle")
        )
    return out


#: How the file letters and rank numbers are written.
AXIS = {"font_size": 13, "fill": "#555", "text_anchor": "middle"}


def _pyramid(cx: float, base_y: float, size: int, colour: str) -> str:
    half, height = 4 + 4 * size, 8 + 6 * size
    return (
        f'<path d="M{cx - half:g} {base_y:g}L{cx + half:g} {base_y:g}L{cx:g} {base_y - height:g}Z"'
        f' fill="{colour}" stroke="#333" stroke-width="0.6"/>'
    )


def svg(state: PylonState, last_move: str | None = None) -> str:
    """The board as a self-contained SVG.

    Every square is a ``<g class="cell" data-cell="c3">``; during placement the sizes the player
    to move still has are ``<g class="token" data-token="S|M|L">``, so a page can build a move
    from clicks.
    """
    source, target = _last(last_move)
    scores = RULES.scores(state)
    seat = RULES.to_move(state)
    board_w, board_h = WIDTH * CELL, HEIGHT * CELL
    panel = TOP + board_h + 26
    width, height = LEFT + board_w + 12, panel + 2 * 40 + 8
    line = status(state)
    out = [
        rect(0, 0, width, height, fill="#fff"),
        '<defs><marker id="pylon-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3"'
        ' markerHeight="3" orient="auto"><path d="M0 0L10 5L0 10Z" fill="#222"/>'
        "</marker></defs>",
        label(LEFT, 26, line, font_weight="bold", font_size=15, fill="#222"),
    ]
    for i, stack in enumerate(state.board):
        x, y = _cell_xy(i)
        fill = TINTS[stack[-1] >> 2] if stack else EMPTY
        name = CELLS[i]
        words = (
            (W.CELL_ONE if len(stack) == 1 else W.CELL_MANY)(
                square=name, stack=" ".join(stack_text((c,)) for c in stack),
                count=len(stack), owner=OWNERS[stack[-1] >> 2])
            if stack
            else W.CELL_EMPTY(square=name)
        )
        parts = [
            f"<title>{escape(words)}</title>",
            rect(x, y, CELL, CELL, fill=fill, stroke="#8a8276", stroke_width=1),
        ]
        if stack:
            parts.extend(_stack_svg(stack, x, y))
        if i in (source, target):
            parts.append(rect(
                x + 3, y + 3, CELL - 6, CELL - 6, class_="last", fill="none", stroke="#222",
                stroke_width=3 if i == target else 2,
                stroke_dasharray=None if i == target else "5 4",
            ))
        out.append(cell(name, "g", "".join(parts)))
    if source is not None:
        (sx, sy), (tx, ty) = _cell_xy(source), _cell_xy(target)
        half = CELL / 2
        dx, dy = (tx - sx) * 0.3, (ty - sy) * 0.3
        out.append(
            f'<line x1="{sx + half + dx:g}" y1="{sy + half + dy:g}" x2="{tx + half - dx:g}" '
            f'y2="{ty + half - dy:g}" marker-end="url(#pylon-arrow)" stroke="#222" '
            'stroke-width="4" pointer-events="none" class="last"/>'
        )
    for f, letter in enumerate(FILES):
        out.append(label(LEFT + f * CELL + CELL / 2, TOP + board_h + 17, letter, **AXIS))
    for r in range(HEIGHT):
        out.append(label(LEFT / 2, TOP + (HEIGHT - 1 - r) * CELL + CELL / 2 + 5, r + 1, **AXIS))
    for owner in (0, 1):
        y = panel + owner * 40
        weight = "bold" if owner == seat else "normal"
        out.append(
            rect(LEFT, y + 8, 16, 16, rx=3, fill=COLOURS[owner])
            + label(LEFT + 22, y + 21, f"P{owner + 1} ({OWNERS[owner]}): {scores[owner]}",
                    font_weight=weight, font_size=13, fill="#222")
        )
        if state.placing:
            out.extend(_hand_svg(state, owner, owner == seat, LEFT + 150, y + 30))
    return root(width, height, out, label=f"Pylon: {line}", width=width, height=height)


#: The email's picture is the page's: the board with its scores, drawn fast enough as it is.
mail_svg = svg


def mail_notes(state: PylonState) -> list[str]:
    """Nothing to add in words: the page's picture names whose turn it is and the scores."""
    return []


def _hand_svg(state: PylonState, owner: int, moving: bool, x: int, base_y: int) -> list[str]:
    out = []
    for k, size in enumerate((1, 2, 3)):
        count = state.stash[3 * owner + size - 1]
        cx = x + k * 80
        colour = COLOURS[owner] if count else "#ccc"
        shape = _pyramid(cx, base_y - 2, size, colour) + label(
            cx + 18, base_y - 4, f"{SIZE_LETTERS[size]}×{count}", font_size=12, fill="#333"
        )
        if moving and count:
            hit = rect(cx - 18, base_y - 30, 60, 30, fill="#fff", fill_opacity=0)
            title = W.PLACE[size]()
            out.append(token(SIZE_LETTERS[size], title, hit, shape))
        else:
            out.append(shape)
    return out


def _in_hand(state: PylonState, owner: int, times: str = "×") -> str:
    counts = state.stash[3 * owner : 3 * owner + 3]
    return " ".join(f"{SIZE_LETTERS[s]}{times}{n}" for s, n in zip((1, 2, 3), counts, strict=True))


def text(state: PylonState, last_move: str | None = None) -> str:
    """A fixed-width diagram for email: each square shows its stack bottom to top."""
    _, target = _last(last_move)
    cells = [stack_text(s) or "." for s in state.board]
    if target is not None:
        cells[target] += "*"
    width = max(4, *map(len, cells)) + 2
    lines = [f"Pylon: {status(state)}"]
    if last_move and target is not None:
        lines.append(W.MAIL_LAST_MOVE(move=SPELLINGS["".join(last_move.split()).lower()]))
    lines.append("")
    for r in reversed(range(HEIGHT)):
        row = "".join(cells[r * WIDTH + f].ljust(width) for f in range(WIDTH))
        lines.append(f"{r + 1}  {row}".rstrip())
    lines.append("   " + "".join(letter.ljust(width) for letter in FILES).rstrip())
    lines.append("")
    lines.append(W.MAIL_LEGEND())
    a, b = RULES.scores(state)
    lines.append(W.MAIL_SCORE(a=a, b=b))
    if state.placing:
        lines.append(W.MAIL_IN_HAND(a=_in_hand(state, 0), b=_in_hand(state, 1)))
    return "\n".join(lines) + "\n"


def describe(state: PylonState) -> str:
    """The position in sentences, for screen readers."""
    phase = W.PLACEMENT_PHASE if state.placing else W.STACKING_PHASE
    parts = [phase(), status(state, spoken=True) + "."]
    occupied, empty = [], []
    for name in sorted(CELLS):
        stack = state.board[INDEX[name]]
        if not stack:
            empty.append(name)
            continue
        pieces = ", ".join(W.PIECE[c & 3](owner=OWNERS[c >> 2]) for c in stack)
        if len(stack) == 1:
            occupied.append(f"{name} {pieces}")
        else:
            occupied.append(W.STACK(square=name, count=len(stack), pieces=pieces))
    if occupied:
        parts.append(W.OCCUPIED(squares="; ".join(occupied)))
    if empty:
        parts.append(W.EMPTY(squares=", ".join(empty)) if len(empty) < 30 else W.ALL_EMPTY())
    if state.placing:
        hands = f"P1 (A) {_in_hand(state, 0, ' ')}; P2 (B) {_in_hand(state, 1, ' ')}"
        parts.append(W.IN_HAND(hands=hands))
    return " ".join(parts)


# ----- composing a move by clicks (the routes contract of games.svg) ----------------------------


def routes(move: str) -> list[list[tuple[str, str]]]:
    """A placement is a size in hand and a square, in either order; a stack move its two
    squares."""
    placement = re.fullmatch(r"([SML])([a-f][1-5])", move)
    if placement:
        size, square = (("token", placement[1]), ("cell", placement[2]))
        return [[size, square], [square, size]]
    squares = re.findall(r"[a-f][1-5]", move)
    return [[("cell", s) for s in squares]] if squares else [[("choice", move)]]


def choice(value: str, seat: int) -> tuple[str, str]:
    """Every Pylon move is on the board; anything else would be offered by its notation."""
    return "", value
