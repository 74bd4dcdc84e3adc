"""Pylon drawn for people: an SVG for pages, a text diagram for email, a spoken description.

Only what the rules expose is used; nothing here changes a state.
"""

from __future__ import annotations

from html import escape

from .rules import (
    CELLS,
    FILES,
    HEIGHT,
    INDEX,
    OWNERS,
    PLACEMENTS,
    SIZE_LETTERS,
    SIZE_WORDS,
    SPELLINGS,
    STEPS,
    WIDTH,
    PylonRules,
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
LEGEND = (
    "Stacks read bottom to top: A = P1, B = P2; 1 small, 2 medium, 3 large.\n"
    "The owner of a stack's top pyramid scores every pyramid in it."
)


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


def status(state: PylonState) -> str:
    """One line: whose turn and what to do, or the result."""
    a, b = RULES.scores(state)
    seat = RULES.to_move(state)
    if seat is not None:
        verb = "place a pyramid" if state.placing else "move a stack"
        return f"P{seat + 1} ({OWNERS[seat]}) to {verb}; score {a}–{b}"
    if state.resigned is not None:
        winner = 1 - state.resigned
        return f"P{state.resigned + 1} resigned: P{winner + 1} ({OWNERS[winner]}) wins"
    winners = RULES.winners(state)
    if len(winners) == 2:
        return f"game over: a draw, {a}–{b}"
    return f"game over: P{winners[0] + 1} ({OWNERS[winners[0]]}) wins {a}–{b}"


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
            f'Z" style="fill:{COLOURS[code >> 2]}"/>'
        )
        base -= height
    if len(stack) > 1:
        out.append(
            f'<circle cx="{x + 13}" cy="{y + 13}" r="10" style="fill:{COLOURS[stack[-1] >> 2]};'
            f'stroke:#fff;stroke-width:1.5"/><text x="{x + 13}" y="{y + 17.5}" '
            f'style="fill:#fff;font:bold 12px sans-serif;text-anchor:middle">{len(stack)}</text>'
        )
    return out


def _pyramid(cx: float, base_y: float, size: int, colour: str) -> str:
    half, height = 4 + 4 * size, 8 + 6 * size
    return (
        f'<path d="M{cx - half:g} {base_y:g}L{cx + half:g} {base_y:g}L{cx:g} {base_y - height:g}Z"'
        f' style="fill:{colour};stroke:#333;stroke-width:0.6"/>'
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
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="Pylon: {escape(line)}" '
        'style="font-family:sans-serif;background:#fff">',
        f"<title>Pylon: {escape(line)}</title>",
        '<defs><marker id="pylon-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3"'
        ' markerHeight="3" orient="auto"><path d="M0 0L10 5L0 10Z" style="fill:#222"/>'
        "</marker></defs>",
        f'<text x="{LEFT}" y="26" style="font:bold 15px sans-serif;fill:#222">'
        f"{escape(line)}</text>",
    ]
    for i, stack in enumerate(state.board):
        x, y = _cell_xy(i)
        fill = TINTS[stack[-1] >> 2] if stack else EMPTY
        name = CELLS[i]
        words = (
            f"{name}: {' '.join(stack_text((c,)) for c in stack)}, {len(stack)} "
            f"pyramid{'s' * (len(stack) > 1)}, {OWNERS[stack[-1] >> 2]} on top"
            if stack
            else f"{name}: empty"
        )
        out.append(f'<g class="cell" data-cell="{name}">')
        out.append(f"<title>{escape(words)}</title>")
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
            f'style="fill:{fill};stroke:#8a8276;stroke-width:1"/>'
        )
        if stack:
            out.extend(_stack_svg(stack, x, y))
        if i == target:
            out.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                'style="fill:none;stroke:#222;stroke-width:3"/>'
            )
        elif i == source:
            out.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                'style="fill:none;stroke:#222;stroke-width:2;stroke-dasharray:5 4"/>'
            )
        out.append("</g>")
    if source is not None:
        (sx, sy), (tx, ty) = _cell_xy(source), _cell_xy(target)
        half = CELL / 2
        dx, dy = (tx - sx) * 0.3, (ty - sy) * 0.3
        out.append(
            f'<line x1="{sx + half + dx:g}" y1="{sy + half + dy:g}" x2="{tx + half - dx:g}" '
            f'y2="{ty + half - dy:g}" marker-end="url(#pylon-arrow)" style="stroke:#222;'
            'stroke-width:4;pointer-events:none"/>'
        )
    for f, letter in enumerate(FILES):
        out.append(
            f'<text x="{LEFT + f * CELL + CELL / 2:g}" y="{TOP + board_h + 17}" '
            f'style="font:13px sans-serif;fill:#555;text-anchor:middle">{letter}</text>'
        )
    for r in range(HEIGHT):
        out.append(
            f'<text x="{LEFT / 2:g}" y="{TOP + (HEIGHT - 1 - r) * CELL + CELL / 2 + 5:g}" '
            f'style="font:13px sans-serif;fill:#555;text-anchor:middle">{r + 1}</text>'
        )
    for owner in (0, 1):
        y = panel + owner * 40
        weight = "bold" if owner == seat else "normal"
        out.append(
            f'<rect x="{LEFT}" y="{y + 8}" width="16" height="16" rx="3" '
            f'style="fill:{COLOURS[owner]}"/>'
            f'<text x="{LEFT + 22}" y="{y + 21}" style="font:{weight} 13px sans-serif;'
            f'fill:#222">P{owner + 1} ({OWNERS[owner]}): {scores[owner]}</text>'
        )
        if state.placing:
            out.extend(_hand_svg(state, owner, owner == seat, LEFT + 150, y + 30))
    out.append("</svg>")
    return "\n".join(out)


def _hand_svg(state: PylonState, owner: int, moving: bool, x: int, base_y: int) -> list[str]:
    out = []
    for k, size in enumerate((1, 2, 3)):
        count = state.stash[3 * owner + size - 1]
        cx = x + k * 80
        colour = COLOURS[owner] if count else "#ccc"
        shape = _pyramid(cx, base_y - 2, size, colour) + (
            f'<text x="{cx + 18}" y="{base_y - 4}" style="font:12px sans-serif;fill:#333">'
            f"{SIZE_LETTERS[size]}×{count}</text>"
        )
        if moving and count:
            out.append(
                f'<g class="token" data-token="{SIZE_LETTERS[size]}" role="button" '
                f'style="cursor:pointer"><title>place a {SIZE_WORDS[size]} pyramid</title>'
                f'<rect x="{cx - 18}" y="{base_y - 30}" width="60" height="30" '
                f'style="fill:transparent"/>{shape}</g>'
            )
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
        lines.append(f"Last move: {SPELLINGS[''.join(last_move.split()).lower()]} (marked *)")
    lines.append("")
    for r in reversed(range(HEIGHT)):
        row = "".join(cells[r * WIDTH + f].ljust(width) for f in range(WIDTH))
        lines.append(f"{r + 1}  {row}".rstrip())
    lines.append("   " + "".join(letter.ljust(width) for letter in FILES).rstrip())
    lines.append("")
    lines.append(LEGEND)
    a, b = RULES.scores(state)
    lines.append(f"Score: P1 (A) {a}, P2 (B) {b}")
    if state.placing:
        lines.append(f"In hand: P1 (A) {_in_hand(state, 0)}; P2 (B) {_in_hand(state, 1)}")
    return "\n".join(lines) + "\n"


def describe(state: PylonState) -> str:
    """The position in sentences, for screen readers."""
    parts = [f"Pylon, {'placement' if state.placing else 'stacking'} phase.", status(state) + "."]
    occupied, empty = [], []
    for name in sorted(CELLS):
        stack = state.board[INDEX[name]]
        if not stack:
            empty.append(name)
            continue
        pieces = ", ".join(f"{SIZE_WORDS[c & 3]} {OWNERS[c >> 2]}" for c in stack)
        if len(stack) == 1:
            occupied.append(f"{name} {pieces}")
        else:
            occupied.append(f"{name} {len(stack)} pyramids, bottom to top {pieces}")
    if occupied:
        parts.append("Occupied: " + "; ".join(occupied) + ".")
    if empty:
        parts.append(("Empty: " + ", ".join(empty) + ".") if len(empty) < 30 else "All empty.")
    if state.placing:
        hands = f"P1 (A) {_in_hand(state, 0, ' ')}; P2 (B) {_in_hand(state, 1, ' ')}"
        parts.append(f"In hand: {hands}.")
    return " ".join(parts).replace("–", " to ")
