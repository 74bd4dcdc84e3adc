"""Pictures of a Spike position: SVG for pages, plain text for email, words for screen readers.

The SVG is built on ``games.svg`` (no inline styles). Every square is a ``<g class="cell"
data-cell="c3">``
and the stash sizes and the facing picker carry ``data-token`` (``S``/``M``/``L``,
``N``/``E``/``S``/``W``), so the page composes a ply from clicks.
"""

from __future__ import annotations

import re
from html import escape

from ..svg import (
    MONO_ADVANCE,
    Shapes,
    axis,
    cell,
    label,
    names_in_line,
    picture,
    rect,
    root,
    token,
)
from . import words as W
from .board import (
    CELLS,
    DECODE,
    DIRECTIONS,
    EXIT,
    FACINGS,
    LAUNCH,
    MOVE,
    SEAT_NAMES,
    SIZE_NAMES,
    SIZES,
    piece_facing,
    piece_owner,
    piece_size,
)
from .notation import split_plies
from .rules import SpikeRules
from .state import SpikeState

_RULES = SpikeRules()
SQ = 48
LEFT, TOP = 24, 10
COIN_FILL = ("#b87333", "#c4c7cc")  # pennies copper, nickels silver
COIN_EDGE = ("#7a4a1f", "#85888d")
PIECE_EDGE = ("#7a2e0a", "#2b2f36")  # the controller's colour, darker than the coin
PIECE_FILL = "#2f6db5"
ARROWS = "^>v<"
COIN_LETTERS = ".pn"
#: The font size of the controller's number by each piece in an email's picture.
OWNER_SIZE = 11


def _last_squares(last_move) -> tuple[set[int], set[int]]:
    """(squares left, squares landed on) by the plies of ``last_move`` (one or several)."""
    left, landed = set(), set()
    try:
        plies = split_plies(last_move) if last_move else []
    except ValueError:
        plies = []
    for ply in plies:
        action = DECODE.get(ply)
        if not action:
            continue
        if action[0] in (MOVE, EXIT):
            left.add(action[1])
        if action[0] in (MOVE, LAUNCH):
            landed.add(action[2])
    return left, landed


def _status(state: SpikeState) -> str:
    if state.seat is not None:
        return (W.TO_LAUNCH if state.turn else W.TO_MOVE)(seat=SEAT_NAMES[state.seat])
    winners = _RULES.winners(state)
    score = "–".join(str(n) for n in _RULES.scores(state))
    if state.resigned is not None:
        return W.RESIGNED(loser=SEAT_NAMES[state.resigned], seat=SEAT_NAMES[winners[0]])
    if state.goal_winner is not None:
        return W.GOAL(seat=SEAT_NAMES[state.goal_winner], goal=state.goal)
    if len(winners) == 2:
        return W.DRAW(score=score)
    return W.WON(seat=SEAT_NAMES[winners[0]], score=score)


def _chest_totals(chest) -> str:
    pips = chest[0] + 2 * chest[1] + 3 * chest[2]
    pieces = W.ONE_PIECE() if sum(chest) == 1 else W.PIECES(count=sum(chest))
    return f"{pieces}, {W.ONE_PIP() if pips == 1 else W.PIPS(count=pips)}"


def _chest_words(chest) -> str:
    return W.CHEST(small=chest[0], medium=chest[1], large=chest[2], totals=_chest_totals(chest))


def _stash_words(stash) -> str:
    return W.STASH(small=stash[0], medium=stash[1], large=stash[2])


def _piece_words(code: int) -> str:
    return W.PIECE(seat=SEAT_NAMES[piece_owner(code)], size=SIZE_NAMES[piece_size(code) - 1],
                   direction=DIRECTIONS[piece_facing(code)])


def _triangle_parts(cx: float, cy: float, size: int):
    """A pyramid lying on its side, pointing north: its corners and the centres of its
    ``size`` pips (turned to its facing by whoever draws it)."""
    half = 7 + 3 * size
    base = cy + half * 0.8
    corners = ((cx, cy - half), (cx - half * 0.8, base), (cx + half * 0.8, base))
    pips = [(cx + (i - (size - 1) / 2) * 6, cy + half * 0.45) for i in range(size)]
    return corners, pips


def _triangle(cx: float, cy: float, size: int, facing: int, edge: str, fill: str) -> str:
    """A pyramid lying on its side: a triangle pointing ``facing`` with ``size`` pips."""
    corners, centres = _triangle_parts(cx, cy, size)
    points = " ".join(f"{x},{y}" for x, y in corners)
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="2" fill="#fff"/>' for x, y in centres)
    return (
        f'<g transform="rotate({90 * facing} {cx} {cy})">'
        f'<polygon points="{points}" fill="{fill}" stroke="{edge}" stroke-width="2.5"/>'
        f"{pips}</g>"
    )


def svg(state: SpikeState, last_move=None) -> str:
    """The board, coins, pieces, both chests and the stash; the last move outlined."""
    width, height = LEFT + 8 * SQ + 230, TOP + 8 * SQ + 30
    title = f"Spike: {_status(state)}"
    if last_move:
        title = W.LAST_MOVE(status=title, move=last_move)
    out = _board(state, last_move)
    out.append(_panel(state, LEFT + 8 * SQ + 16))
    return root(width, height, out, label=title, font_size=13)


def _square_xy(sq: int) -> tuple[int, int]:
    """Top-left corner of a square (rank 8, P2's home row, at the top)."""
    return LEFT + sq % 8 * SQ, TOP + (7 - sq // 8) * SQ


def _shade(sq: int) -> str:
    return "#e8d8b0" if (sq % 8 + sq // 8) % 2 else "#a9855a"


def _axes() -> list[str]:
    """Files under the board, ranks at its left."""
    out = []
    for i in range(8):
        out.append(label(LEFT + i * SQ + SQ / 2, TOP + 8 * SQ + 18, "abcdefgh"[i],
                         text_anchor="middle"))
        out.append(label(LEFT / 2, TOP + (7 - i) * SQ + SQ / 2 + 5, i + 1, text_anchor="middle"))
    return out


def _board(state: SpikeState, last_move) -> list[str]:
    """The squares (each a cell), coins, pieces and the last move outlined, with files and
    ranks."""
    left, landed = _last_squares(last_move)
    out = []
    for sq, name in enumerate(CELLS):
        x, y = _square_xy(sq)
        cx, cy = x + SQ / 2, y + SQ / 2
        parts = [rect(x, y, SQ, SQ, fill=_shade(sq))]
        coin = state.coins[sq]
        if coin:
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="19" fill="{COIN_FILL[coin - 1]}" '
                f'stroke="{COIN_EDGE[coin - 1]}" stroke-width="1.5"/>'
            )
        code = state.pieces[sq]
        if code:
            owner = piece_owner(code)
            parts.append(f"<title>{name}: {_piece_words(code)}</title>")
            parts.append(
                _triangle(cx, cy, piece_size(code), piece_facing(code), PIECE_EDGE[owner],
                          PIECE_FILL)
            )
            parts.append(label(x + 3, y + 12, owner + 1, font_size=10, fill=PIECE_EDGE[owner]))
        if sq in left or sq in landed:
            parts.append(rect(
                x + 2, y + 2, SQ - 4, SQ - 4, class_="last", fill="none", stroke="#e8b400",
                stroke_width=3, stroke_dasharray="5 3" if sq in left else None,
            ))
        out.append(cell(name, "g", "".join(parts)))
    return out + _axes()


def _turned(points, cx: float, cy: float, facing: int):
    """``points`` turned a quarter ``facing`` times clockwise about (cx, cy) (y down)."""
    for _ in range(facing):
        points = [(cx - (y - cy), cy + (x - cx)) for x, y in points]
    return points


def mail_svg(state: SpikeState, last_move=None) -> str:
    """The board alone for an email's PNG, drawn as :func:`svg` draws it but each kind of
    shape one element (nobody clicks it); the chests and the stash are the email's words
    (:func:`mail_notes`), and the pickers beside the page's board are for clicking."""
    left, landed = _last_squares(last_move)
    squares, coins, pieces, pips, marks = Shapes(), Shapes(), Shapes(), Shapes(), Shapes()
    controllers: dict[float, list] = {}  # each piece's controller, by baseline: a run per rank
    for sq in range(64):
        x, y = _square_xy(sq)
        cx, cy = x + SQ / 2, y + SQ / 2
        squares.rect(x, y, SQ, SQ, fill=_shade(sq), shape_rendering="crispEdges")
        if state.coins[sq]:
            coin = state.coins[sq] - 1
            coins.circle(cx, cy, 19, fill=COIN_FILL[coin], stroke=COIN_EDGE[coin],
                         stroke_width=1.5)
        code = state.pieces[sq]
        if code:
            owner, facing = piece_owner(code), piece_facing(code)
            corners, centres = _triangle_parts(cx, cy, piece_size(code))
            pieces.polygon(_turned(corners, cx, cy, facing), fill=PIECE_FILL,
                           stroke=PIECE_EDGE[owner], stroke_width=2.5)
            for px, py in _turned(centres, cx, cy, facing):
                pips.circle(px, py, 2, fill="#fff")
            controllers.setdefault(y + 12, []).append(
                (x + 3 + MONO_ADVANCE * OWNER_SIZE / 2, str(owner + 1), PIECE_EDGE[owner]))
        if sq in left or sq in landed:
            marks.rect(x + 2, y + 2, SQ - 4, SQ - 4, fill="none", stroke="#e8b400",
                       stroke_width=3, stroke_dasharray="5 3" if sq in left else None)
    body = [*(layer.markup() for layer in (squares, coins, pieces, pips, marks)),
            *(names_in_line(y, row, font_size=OWNER_SIZE) for y, row in controllers.items()),
            axis(LEFT + SQ / 2, TOP + 8 * SQ + 18, SQ, "abcdefgh", font_size=13),
            axis(LEFT / 2, TOP + 7 * SQ + SQ / 2 + 5, SQ, "12345678", font_size=13,
                 vertical=True)]
    return root(LEFT + 8 * SQ + 6, TOP + 8 * SQ + 26, body,
                label=f"Spike: {_status(state)}", font_size=13)


def mail_notes(state: SpikeState) -> list[str]:
    """What the email says beside :func:`mail_svg`: whose turn, the chests, the stash."""
    return [_status(state), *(W.CHEST_LINE(seat=SEAT_NAMES[seat],
                                            chest=_chest_words(state.chests[seat]))
                              for seat in (1, 0)),
            W.STASH_LINE(stash=_stash_words(state.stash)), W.KEY()]


def _panel(state: SpikeState, x: int) -> str:
    """Status, chests (P2's at the top, beside P2's home edge), the stash and a facing picker."""
    status = escape(_status(state))
    out = [f'<text x="{x}" y="{TOP + 14}" font-weight="bold">{status}</text>']
    for seat, y in ((1, TOP + 44), (0, TOP + 8 * SQ - 24)):
        chest = state.chests[seat]
        out.append(
            f'<circle cx="{x + 7}" cy="{y - 4}" r="7" fill="{COIN_FILL[seat]}" '
            f'stroke="{COIN_EDGE[seat]}"/>'
            + label(x + 20, y, W.CHEST_LINE(
                seat=SEAT_NAMES[seat], chest=f"S {chest[0]} · M {chest[1]} · L {chest[2]}"))
            + label(x + 20, y + 16, _chest_totals(chest), font_size=11)
        )
    y = TOP + 130
    out.append(label(x, y - 8, W.STASH_HEAD()))
    for i, letter in enumerate(SIZES):
        cx = x + 30 + i * 64
        out.append(
            _button(
                letter,
                W.LAUNCH(size=SIZE_NAMES[i], count=state.stash[i]),
                (cx - 28, y, 56, 62),
                _triangle(cx, y + 26, i + 1, 0, "#1d3f6e", PIECE_FILL),
                label(cx, y + 56, f"{letter} × {state.stash[i]}", text_anchor="middle"),
            )
        )
    y += 100
    out.append(label(x, y - 8, W.FACING_HEAD()))
    for i, letter in enumerate(FACINGS):
        cx = x + 30 + i * 48
        out.append(
            _button(
                f":{letter}",
                W.FACE(direction=DIRECTIONS[i]),
                (cx - 20, y, 40, 40),
                _triangle(cx, y + 20, 1, i, "#1d3f6e", "#555"),
                label(cx + 12, y + 36, letter, font_size=10),
            )
        )
    return "\n".join(out)


def _button(value: str, title: str, box: tuple, glyph: str, caption: str) -> str:
    """A picker button: a click adds ``value`` (its ``data-token``) to the move being typed."""
    x, y, width, height = box
    face = rect(x, y, width, height, rx=6, fill="#f4f1ea", stroke="#888")
    return token(value, title, face, glyph, caption)


def _token(state: SpikeState, sq: int) -> str:
    code = state.pieces[sq]
    if code:
        return f"{piece_owner(code) + 1}{SIZES[piece_size(code) - 1]}{ARROWS[piece_facing(code)]}"
    return COIN_LETTERS[state.coins[sq]]


def text(state: SpikeState, last_move=None) -> str:
    """A monospaced board for emails, rank 8 (P2's home row) at the top."""
    lines = [f"Spike: {_status(state)}",
             W.MAIL_CHEST(seat=2, chest=_chest_words(state.chests[1])), ""]
    lines.append(("    " + "".join(f"{f:^4}" for f in "abcdefgh")).rstrip())
    for rank in range(7, -1, -1):
        row = "".join(f"{_token(state, rank * 8 + f):^4}" for f in range(8))
        lines.append(f"{rank + 1:>2}  {row}  {rank + 1}")
    lines.append(lines[3])
    lines += [
        "",
        W.MAIL_CHEST(seat=1, chest=_chest_words(state.chests[0])),
        W.MAIL_STASH(stash=_stash_words(state.stash)),
    ]
    if state.turn:
        lines.append(W.MAIL_TURN(steps=" ".join(state.turn)))
    if last_move:
        lines.append(W.MAIL_LAST_MOVE(move=last_move))
    lines += ["", W.MAIL_LEGEND()]
    return "\n".join(lines)


def describe(state: SpikeState) -> str:
    """The position in sentences, for screen readers."""
    parts = [W.OPENING(status=_status(state))]
    for seat in (0, 1):
        pieces = [
            W.OWN_PIECE(size=SIZE_NAMES[piece_size(c) - 1], square=CELLS[sq],
                        direction=DIRECTIONS[piece_facing(c)])
            for sq, c in enumerate(state.pieces)
            if c and piece_owner(c) == seat
        ]
        parts.append(W.CONTROLS(seat=SEAT_NAMES[seat], pieces=", ".join(pieces)) if pieces
                     else W.CONTROLS_NONE(seat=SEAT_NAMES[seat]))
    for coin, some, none in ((1, W.PENNIES, W.PENNIES_NONE), (2, W.NICKELS, W.NICKELS_NONE)):
        cells = [CELLS[sq] for sq, c in enumerate(state.coins) if c == coin]
        parts.append(some(squares=", ".join(cells)) if cells else none())
    parts.append(W.STASH_SENTENCE(stash=_stash_words(state.stash)))
    for seat in (0, 1):
        parts.append(W.CHEST_SENTENCE(seat=SEAT_NAMES[seat],
                                      chest=_chest_words(state.chests[seat])))
    if state.turn:
        parts.append(W.SO_FAR(plies=", ".join(state.turn)))
    return " ".join(parts)


# ----- composing a move by clicks (the routes contract of games.svg) ----------------------------


def routes(move: str) -> list[list[tuple[str, str]]]:
    """A launch is a stash size and its landing square (either first), then a facing; a move
    its two squares and a facing; an exit its square and "off"; ``pass`` and ``done`` are
    buttons. Facings are the panel's arrows (``data-token=":N"``)."""
    launch = re.fullmatch(r"([SML])@([a-h][1-8]):([NESW])", move)
    if launch:
        size, square = ("token", launch[1]), ("cell", launch[2])
        facing = ("token", f":{launch[3]}")
        return [[size, square, facing], [square, size, facing]]
    step = re.fullmatch(r"([a-h][1-8])-([a-h][1-8]):([NESW])", move)
    if step:
        return [[("cell", step[1]), ("cell", step[2]), ("token", f":{step[3]}")]]
    exit_ = re.fullmatch(r"([a-h][1-8])-off", move)
    if exit_:
        return [[("cell", exit_[1]), ("choice", "off")]]
    return [[("choice", move)]]


CHOICE_WORDS = {"off": W.OFF, "done": W.DONE}


def choice(value: str, seat: int) -> tuple[str, str]:
    """Leaving the board drawn as an arrow over the edge; ``pass`` and ``done`` by words."""
    if value != "off":
        return "", CHOICE_WORDS[value]() if value in CHOICE_WORDS else value
    arrow = (
        '<path d="M4 14H30M22 6L30 14L22 22" fill="none" stroke="currentColor" '
        'stroke-width="3"/><path d="M34 2V26" stroke="currentColor" stroke-dasharray="3 2"/>'
    )
    return picture(36, 28, [arrow]), W.OFF()
