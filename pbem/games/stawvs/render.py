"""Stawvs pictures and words: an SVG board for pages, a text diagram for mail, a description
for screen readers. Outside the rules core; reads states, never changes them."""

from __future__ import annotations

import re
from html import escape

from ..svg import Shapes, axis, cell, group, inert, names_in_line, rect, root
from . import words as W
from .rules import StawvsRules
from .state import CODES, INDEX, NAMES, StawvsState

_RULES = StawvsRules()  # stateless: the results helpers (collections, scores, winners)

CELL = 56
MARGIN = 28
BOARD = 8 * CELL
#: Pyramid colours: (light face, side faces, dark face) per colour letter PBGO.
PYRAMID_FILLS = (
    ("#ffc2dc", "#f06ca8", "#b8336f"),
    ("#b7d3ff", "#3b7dd8", "#1f4f94"),
    ("#b9e8c4", "#3ca55c", "#21693a"),
    ("#ffd5a8", "#f08c28", "#a85a0c"),
)
#: Pyramid half-widths by size 1, 2, 3: visibly different steps.
HALF = (11, 16, 21)
#: Cap colours by seat (fill, outline, number): none is a pyramid colour.
SEAT_COLOURS = (
    ("#1d1d1d", "#ffffff", "#ffffff"),
    ("#fafafa", "#1d1d1d", "#1d1d1d"),
    ("#7b3fa0", "#ffffff", "#ffffff"),
    ("#6b4423", "#ffffff", "#ffffff"),
)


def _squares(last_move: str | None) -> tuple[str | None, str | None, str | None]:
    """(from, to, claim) square names of a canonical ply; a placement is only a ``to``."""
    if not last_move or last_move == "pass":
        return None, None, None
    if len(last_move) == 2:
        return None, last_move, None
    return last_move[:2], last_move[3:5], last_move[6:8]


def _status(state: StawvsState) -> str:
    seat = state.to_move
    if seat is None:
        winners = _RULES.winners(state)
        names = _listing([f"P{w + 1}" for w in winners])
        return (W.WIN if len(winners) > 1 else W.WINS)(seats=names)
    phase = W.TO_PLACE if state.in_hand[seat] else W.TO_MOVE
    if seat in state.out:
        phase = W.TO_PASS
    return phase(seat=seat + 1)


def _seat_line(state: StawvsState, seat: int, scores: list[int]) -> str:
    caps = " ".join(NAMES[s] for s in state.caps[seat]) or W.NO_CAPS()
    owned = _RULES.collection(state, seat)
    notes = []
    if state.in_hand[seat]:
        notes.append(W.NOTE_TO_PLACE(count=state.in_hand[seat]))
    if seat in state.resigned:
        notes.append(W.NOTE_RESIGNED())
    elif seat in state.out:
        notes.append(W.NOTE_OUT())
    note = f" ({', '.join(notes)})" if notes else ""
    return W.SEAT_LINE(seat=seat + 1, notes=note, caps=caps, count=len(owned),
                       score=scores[seat])


# ----- SVG ---------------------------------------------------------------------------------


def _xy(square: int) -> tuple[int, int]:
    """Top-left corner of a square in SVG coordinates (rank 8 at the top)."""
    f, r = divmod(square, 8)
    return MARGIN + f * CELL, MARGIN + (7 - r) * CELL


def _pyramid_parts(code: int, cx: float, cy: float):
    """A pyramid seen from above: its four faces ``(fill, corners)`` meeting at the apex, its
    outline ``(x, y, side, colour)`` and the centres of its pips (one per size step)."""
    colour, size = divmod(code - 1, 3)
    light, side, dark = PYRAMID_FILLS[colour]
    h = HALF[size]
    x0, y0, x1, y1 = cx - h, cy - h, cx + h, cy + h
    faces = (
        (light, ((x0, y0), (x1, y0), (cx, cy))),
        (side, ((x0, y0), (x0, y1), (cx, cy))),
        (side, ((x1, y0), (x1, y1), (cx, cy))),
        (dark, ((x0, y1), (x1, y1), (cx, cy))),
    )
    py = cy + h * 0.62
    pips = [(cx + (i - size / 2) * 4.5, py) for i in range(size + 1)]
    return faces, (x0, y0, 2 * h, dark), pips


def _pyramid(code: int, cx: float, cy: float) -> str:
    faces, (x0, y0, side, dark), pips = _pyramid_parts(code, cx, cy)
    out = [f'<polygon points="{" ".join(f"{x},{y}" for x, y in pts)}" fill="{fill}"/>'
           for fill, pts in faces]
    out.append(
        f'<rect x="{x0}" y="{y0}" width="{side}" height="{side}" fill="none" '
        f'stroke="{dark}" stroke-width="1"/>'
    )
    out.extend(f'<circle cx="{px}" cy="{py:.1f}" r="1.5" fill="#ffffff"/>' for px, py in pips)
    return "".join(out)


def _cap(seat: int, cx: float, cy: float) -> str:
    fill, outline, ink = SEAT_COLOURS[seat]
    return (
        f'<circle cx="{cx}" cy="{cy}" r="10" fill="{fill}" stroke="{outline}" stroke-width="2.5"/>'
        f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" font-weight="bold" '
        f'fill="{ink}">{seat + 1}</text>'
    )


def _marks(origin: str | None, target: str | None, claim: str | None) -> list[str]:
    """The last move drawn over the board: the square left (dashed), a line to the square
    reached (outlined), a red cross on the pyramid claimed."""
    marks = []
    if origin and target:
        (ax, ay), (bx, by) = _xy(INDEX[origin]), _xy(INDEX[target])
        marks.append(
            f'<rect x="{ax + 2}" y="{ay + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" '
            'stroke="#e0a800" stroke-width="3" stroke-dasharray="6 4"/>'
            f'<line x1="{ax + CELL / 2}" y1="{ay + CELL / 2}" x2="{bx + CELL / 2}" '
            f'y2="{by + CELL / 2}" stroke="#e0a800" stroke-width="3" stroke-opacity="0.8" '
            'stroke-linecap="round"/>'
        )
    if target:
        bx, by = _xy(INDEX[target])
        marks.append(
            f'<rect x="{bx + 2}" y="{by + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" '
            'stroke="#e0a800" stroke-width="3"/>'
        )
    if claim:
        cx, cy = _xy(INDEX[claim])
        d = 14
        marks.append(
            f'<path d="M{cx + d} {cy + d}L{cx + CELL - d} {cy + CELL - d}M{cx + CELL - d} '
            f'{cy + d}L{cx + d} {cy + CELL - d}" stroke="#e23b3b" stroke-width="4" '
            'stroke-linecap="round"/>'
        )
    return marks


def svg(state: StawvsState, last_move: str | None = None) -> str:
    """The position as a self-contained SVG; every square is ``<rect class="cell"
    data-cell="d4">`` so a page can build moves from clicks (pieces ignore the pointer)."""
    players = len(state.caps)
    scores = _RULES.scores(state)
    owner = {square: seat for seat, caps in enumerate(state.caps) for square in caps}
    origin, target, claim = _squares(last_move)
    legend_top = MARGIN * 2 + BOARD + 6
    width = MARGIN * 2 + BOARD
    height = legend_top + 22 * (players + 3)
    title = f"Stawvs: {_status(state)}"
    out = [rect(0, 0, width, height, fill="#faf7f0")]
    for square in range(64):
        x, y = _xy(square)
        f, r = divmod(square, 8)
        gap = not state.board[square]
        fill = "#3d362e" if gap else ("#d9cba8" if (f + r) % 2 == 0 else "#efe6d2")
        out.append(cell(
            NAMES[square], "rect", class_="gap" if gap else "", x=x, y=y, width=CELL,
            height=CELL, fill=fill, stroke="#b5a583", stroke_width=0.5,
        ))
    pieces = []
    for square in range(64):
        code = state.board[square]
        if code:
            x, y = _xy(square)
            pieces.append(_pyramid(code, x + CELL / 2, y + CELL / 2))
    marks = _marks(origin, target, claim)
    pieces.append(group(marks, class_="last"))
    for square, seat in owner.items():
        x, y = _xy(square)
        pieces.append(_cap(seat, x + CELL / 2, y + CELL / 2))
    out.append(inert(pieces))
    label = 'font-size="13" fill="#5a4e3a" text-anchor="middle"'
    for i in range(8):
        cx = MARGIN + i * CELL + CELL / 2
        cy = MARGIN + (7 - i) * CELL + CELL / 2 + 4
        for ly in (MARGIN - 9, MARGIN + BOARD + 18):
            out.append(f'<text x="{cx}" y="{ly}" {label}>{"abcdefgh"[i]}</text>')
        for lx in (MARGIN / 2, MARGIN + BOARD + MARGIN / 2):
            out.append(f'<text x="{lx}" y="{cy}" {label}>{i + 1}</text>')
    for seat in range(players):
        y = legend_top + 22 * seat
        out.append(_cap(seat, MARGIN + 10, y + 8))
        bold = ' font-weight="bold"' if seat == state.to_move else ""
        out.append(
            f'<text x="{MARGIN + 28}" y="{y + 13}" font-size="13" fill="#2b2418"{bold}>'
            f"{escape(_seat_line(state, seat, scores))}</text>"
        )
    y = legend_top + 22 * players
    out.append(
        f'<text x="{MARGIN}" y="{y + 13}" font-size="12" fill="#5a4e3a">'
        f"{escape(W.KEY_PYRAMIDS())}</text>"
        f'<text x="{MARGIN}" y="{y + 29}" font-size="12" fill="#5a4e3a">'
        f"{escape(W.KEY_SQUARES())}</text>"
    )
    out.append(
        f'<text x="{MARGIN}" y="{y + 55}" font-size="13" fill="#2b2418" font-weight="bold">'
        f"{escape(W.LAST_MOVE(status=title, move=last_move) if last_move else title)}</text>"
    )
    return root(width, height, out, label=title)


def mail_svg(state: StawvsState, last_move: str | None = None) -> str:
    """The board alone for an email's PNG: the page's squares, pyramids, caps and last move,
    with files and ranks on two edges, each kind of shape one element (nobody clicks it). The
    email's words give the scores and the key (:func:`mail_notes`)."""
    shapes = Shapes()
    for square in range(64):
        x, y = _xy(square)
        f, r = divmod(square, 8)
        gap = not state.board[square]
        fill = "#3d362e" if gap else ("#d9cba8" if (f + r) % 2 == 0 else "#efe6d2")
        shapes.rect(x, y, CELL, CELL, fill=fill, stroke="#b5a583", stroke_width=0.5,
                    shape_rendering="crispEdges")
    outlines, pips = Shapes(), Shapes()  # layers over the faces, which are in ``shapes``
    for square in range(64):
        if state.board[square]:
            x, y = _xy(square)
            faces, (x0, y0, side, dark), centres = _pyramid_parts(
                state.board[square], x + CELL / 2, y + CELL / 2)
            # The side faces as the square beneath, then the top and bottom ones: each slanted
            # edge drawn once, as they are what the rasteriser spends its time on.
            (light, top), (side_fill, _), _, (dark_fill, bottom) = faces
            shapes.rect(x0, y0, side, side, fill=side_fill, shape_rendering="crispEdges")
            shapes.polygon(top, fill=light)
            shapes.polygon(bottom, fill=dark_fill)
            outlines.rect(x0, y0, side, side, fill="none", stroke=dark, stroke_width=1,
                          shape_rendering="crispEdges")
            for px, py in centres:
                pips.circle(px, py, 1.5, fill="#ffffff")
    caps, seats = Shapes(), {}  # the caps' seat numbers by baseline: a text run per rank
    for seat, squares in enumerate(state.caps):
        fill, outline, ink = SEAT_COLOURS[seat]
        for square in squares:
            x, y = _xy(square)
            caps.circle(x + CELL / 2, y + CELL / 2, 10, fill=fill, stroke=outline,
                        stroke_width=2.5)
            seats.setdefault(y + CELL / 2 + 4, []).append((x + CELL / 2, str(seat + 1), ink))
    numbers = [names_in_line(y, row, font_size=12, font_weight="bold")
               for y, row in seats.items()]
    numbers.append(axis(MARGIN + CELL / 2, MARGIN + BOARD + 20, CELL, "abcdefgh",
                        font_size=15, fill="#5a4e3a"))
    numbers.append(axis(MARGIN / 2, MARGIN + 7 * CELL + CELL / 2 + 5, CELL, "12345678",
                        vertical=True, font_size=15, fill="#5a4e3a"))
    body = [shapes.markup(), outlines.markup(), pips.markup(), *_marks(*_squares(last_move)),
            caps.markup(), *numbers]
    return root(MARGIN + BOARD + 4, BOARD + MARGIN + 4, body, min_y=MARGIN - 4,
                label=f"Stawvs: {_status(state)}")


def mail_notes(state: StawvsState) -> list[str]:
    """What the email says beside :func:`mail_svg`: whose turn, each seat's caps and score,
    and the key to the picture."""
    scores = _RULES.scores(state)
    colours = ", ".join(W.CAP_COLOURS[seat](seat=seat + 1) for seat in range(len(state.caps)))
    return [
        _status(state),
        *(_seat_line(state, seat, scores) for seat in range(len(state.caps))),
        W.KEY_MAIL(colours=colours),
    ]


# ----- plain text --------------------------------------------------------------------------


def text(state: StawvsState, last_move: str | None = None) -> str:
    """A monospace diagram for mail: ``G2`` an open pyramid, ``1:G2`` one capped by P1."""
    owner = {square: seat for seat, caps in enumerate(state.caps) for square in caps}
    scores = _RULES.scores(state)
    files = "".join(f"{f:>5}" for f in "abcdefgh")
    lines = [f"Stawvs: {_status(state)}", "", f"   {files}"]
    for r in reversed(range(8)):
        cells = []
        for f in range(8):
            square = f * 8 + r
            code = CODES[state.board[square]]
            cells.append(f"{owner[square] + 1}:{code}" if square in owner else code)
        lines.append(f"{r + 1:>2} " + "".join(f"{c:>5}" for c in cells) + f"   {r + 1}")
    lines += [f"   {files}", ""]
    lines += [_seat_line(state, seat, scores) for seat in range(len(state.caps))]
    if last_move:
        lines.append(W.MAIL_LAST_MOVE(move=last_move))
    lines += ["", W.MAIL_KEY()]
    return "\n".join(lines) + "\n"


def _pyramid_words(code: int) -> str:
    colour, size = divmod(code - 1, 3)
    return W.PYRAMIDS[colour][size]()


def _listing(words: list[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return W.AND(items=", ".join(words[:-1]), last=words[-1])


def describe(state: StawvsState) -> str:
    """The position in sentences, for screen readers: turn, caps, collections, scores, and
    the board rank by rank."""
    owner = {square: seat for seat, caps in enumerate(state.caps) for square in caps}
    scores = _RULES.scores(state)
    opening = W.OPENING_VACATED if state.claims == "vacated" else W.OPENING_IN_LINE
    out = [opening(players=len(state.caps), status=_status(state))]
    for seat in range(len(state.caps)):
        caps = _listing([NAMES[s] for s in state.caps[seat]])
        owned = _listing([_pyramid_words(c) for c in _RULES.collection(state, seat)])
        status = []
        if seat in state.resigned:
            status.append(W.HAS_RESIGNED())
        elif seat in state.out:
            status.append(W.IS_OUT())
        if state.in_hand[seat]:
            status.append(W.CAPS_TO_PLACE(count=state.in_hand[seat]))
        facts = [", ".join(status)] if status else []
        facts.append(W.CAPS_ON(squares=caps) if caps else W.NO_CAPS_ON_BOARD())
        facts.append(W.OWNS(pyramids=owned) if owned else W.OWNS_NOTHING())
        out.append(W.SEAT_SENTENCE(seat=seat + 1, facts="; ".join(facts), score=scores[seat]))
    for r in reversed(range(8)):
        words = []
        for f in range(8):
            square = f * 8 + r
            code = state.board[square]
            word = (f"{NAMES[square]} {_pyramid_words(code)}" if code
                    else W.GAP(square=NAMES[square]))
            if square in owner:
                word = W.WITH_CAP(square=word, seat=owner[square] + 1)
            words.append(word)
        out.append(W.RANK(rank=r + 1, squares=", ".join(words)))
    return "\n".join(out)


# ----- composing a move by clicks (the routes contract of games.svg) ----------------------------


def routes(move: str) -> list[list[tuple[str, str]]]:
    """A placement, move or claim is its squares clicked in order; ``pass`` is a button."""
    squares = re.findall(r"[a-h][1-8]", move)
    return [[("cell", s) for s in squares]] if squares else [[("choice", move)]]


def choice(value: str, seat: int) -> tuple[str, str]:
    """The only choice is ``pass``, which its word says best."""
    return "", value
