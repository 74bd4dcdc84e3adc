"""Drawing a Triumvirate position: SVG for pages, plain text for emails, a spoken description.

The SVG is what the play page clicks on: every square is ``<rect class="cell"
data-cell="d4">`` and every reserve size with pieces left is ``<g class="token"
data-token="2" data-seat="0">``; pieces ignore the pointer so clicks reach the square below.
"""

from __future__ import annotations

import re
from html import escape

from ..svg import axis, cell, group, inert, picture, rect, root, token
from . import words as W
from .board import CELLS, SECTIONS, SIZE_NAME, START, card_pieces, owner, size
from .state import ACT, ARRANGE, DECIDE, OVER

Q = 44  # square size
X0, Y0 = 26, 26  # board origin
PANEL = X0 + 8 * Q + 26  # left edge of the card panels
WIDTH, HEIGHT = PANEL + 300, Y0 + 8 * Q + 34
COLOURS = ("#c0392b", "#2e6fba")  # P1 red, P2 blue, as in the designer's pictures
LIGHT, DARK, MARK = "#f3ead7", "#c9b48e", "#f5d04c"
WIDTHS = {1: 13, 2: 19, 3: 25}


def _marked(last_move: str | None) -> set[str]:
    """The squares a last move (a ply or a whole turn) names."""
    return set(re.findall(r"[a-h][1-8]", (last_move or "").lower()))


def status(state) -> str:
    """One line: whose turn and what is expected, or the result."""
    if state.stage == OVER:
        if state.resigned is not None:
            return W.RESIGNED(loser=state.resigned + 1, seat=2 - state.resigned)
        if len(state.winners) == 2:
            return W.DRAWN(count=state.quiet)
        return W.WON(seat=state.winners[0] + 1)
    seat = state.seat + 1
    if state.stage == ARRANGE:
        return W.ARRANGE(seat=seat)
    if state.stage == ACT:
        return W.ACT(seat=seat, actions=state.actions, points=state.points)
    z = state.taken[state.decided]
    return W.DECIDE(seat=seat, size=SIZE_NAME[z], z=z)


def _section(letter: str) -> str:
    """A section's name (``orthogonal``) by its letter."""
    return W.SECTION_NAMES[letter]()


def _orient(letter: str) -> str:
    """``flat`` or ``upright`` by the card's letter (``f``, ``u``)."""
    return W.FLAT() if letter == "f" else W.UPRIGHT()


# ----- SVG ----------------------------------------------------------------------------------


def _pyramid(
    cx: float, base_y: float, z: int, colour: str, flat: bool = False, scale: float = 1.0
) -> str:
    """A pyramid seen from the side; a flat one lies on its side, tip to the right."""
    w = WIDTHS[z] * scale
    h = w * 1.3
    if flat:
        x0 = cx - h / 2
        points = (
            f"{x0:.1f},{base_y - w:.1f} {x0:.1f},{base_y:.1f} {x0 + h:.1f},{base_y - w / 2:.1f}"
        )
    else:
        left, right = cx - w / 2, cx + w / 2
        points = f"{left:.1f},{base_y:.1f} {right:.1f},{base_y:.1f} {cx:.1f},{base_y - h:.1f}"
    return f'<polygon points="{points}" fill="{colour}" stroke="#222" stroke-width="1"/>'


def _axes() -> list[str]:
    """Files under the board, ranks at its left."""
    return [
        f'<text x="{X0 + i * Q + Q / 2}" y="{Y0 + 8 * Q + 17}" text-anchor="middle" '
        f'font-size="13">{"abcdefgh"[i]}</text>'
        f'<text x="{X0 - 13}" y="{Y0 + (7 - i) * Q + Q / 2 + 5}" text-anchor="middle" '
        f'font-size="13">{i + 1}</text>'
        for i in range(8)
    ]


def _board(state, marked: set[str], axes: list[str]) -> list[str]:
    """The squares (each a cell), the starting squares, ``axes`` (the files' and ranks'
    names) and the pieces."""
    out = []
    for sq, name in enumerate(CELLS):
        f, r = sq % 8, sq // 8
        x, y = X0 + f * Q, Y0 + (7 - r) * Q
        fill = MARK if name in marked else (DARK if (f + r) % 2 == 0 else LIGHT)
        out.append(
            cell(name, "rect", f"<title>{name}</title>", x=x, y=y, width=Q, height=Q, fill=fill)
        )
        if name in marked:  # the fill shows it; the outline names it for the page scripts
            out.append(rect(x + 1, y + 1, Q - 2, Q - 2, class_="last", fill="none",
                            stroke="#b08d10", stroke_width=2, pointer_events="none"))
    for seat, squares in enumerate(START):
        for sq in squares:
            x, y = X0 + sq % 8 * Q + 3, Y0 + (7 - sq // 8) * Q + 3
            out.append(
                f'<rect x="{x}" y="{y}" width="{Q - 6}" height="{Q - 6}" fill="none" '
                f'stroke="{COLOURS[seat]}" stroke-width="2" stroke-dasharray="4 3" '
                f'pointer-events="none"/>'
            )
    out += axes
    for sq, v in enumerate(state.board):
        if v:
            cx, base = X0 + sq % 8 * Q + Q / 2, Y0 + (7 - sq // 8) * Q + Q - 8
            label = W.ON_SQUARE(seat=owner(v) + 1, size=SIZE_NAME[size(v)], square=CELLS[sq])
            drawn = _pyramid(cx, base, size(v), COLOURS[owner(v)])
            out.append(inert([f"<title>{escape(label, quote=False)}</title>", drawn]))
    return out


def _heading(state, seat: int, x: float, y: float) -> str:
    """A seat's name over its card, in its colour, saying whether it is to move."""
    name = W.TO_MOVE(seat=seat + 1) if state.stage != OVER and state.seat == seat else \
        f"P{seat + 1}"
    return (f'<text x="{x}" y="{y}" font-size="14" font-weight="bold" '
            f'fill="{COLOURS[seat]}">{escape(name, quote=False)}</text>')


def _panel(state, seat: int, top: float) -> list[str]:
    out = [_heading(state, seat, PANEL, top + 12), *_card(state, seat, top + 20)]
    out += _holdings(state, seat, top + 20 + CARD)
    return out


#: The side of a section of a card, and the width of a card's three sections.
CARD = 92
CARD_WIDTH = 3 * CARD + 2 * 6


def _card(state, seat: int, box_top: float) -> list[str]:
    """A seat's card from ``box_top`` down, its left edge at ``PANEL``: the three sections,
    each with its Triumvirate piece large and the hostages lined up below it."""
    colour, enemy = COLOURS[seat], COLOURS[1 - seat]
    out = []
    box_w, box_h = CARD, CARD
    by_section: dict[str, list[tuple[int, str, bool]]] = {x: [] for x in SECTIONS}
    pieces = card_pieces(state.cards[seat], state.hostages[seat])
    for i, (z, section, orient) in enumerate(pieces):
        by_section[section].append((z, orient, i >= 3))
    for col, section in enumerate(SECTIONS):
        x = PANEL + col * (box_w + 6)
        out.append(
            f'<rect x="{x}" y="{box_top}" width="{box_w}" height="{box_h}" rx="8" '
            f'fill="#fbf8f1" stroke="{colour}">'
            f"<title>{escape(W.SECTION(section=_section(section)), quote=False)}</title></rect>"
            f'<text x="{x + 7}" y="{box_top + 15}" font-size="13" font-weight="bold">'
            f"{section}</text>"
        )
        for j, (z, orient, hostage) in enumerate(by_section[section]):
            # The Triumvirate piece sits large in the middle; hostages line up below it.
            if not hostage:
                cx, base = x + box_w / 2 + 6, box_top + 48
            else:
                k = j - 1
                cx, base = x + 16 + (k % 4) * 21, box_top + 72 + (k // 4) * 17
                if k >= 8:
                    continue
            scale = 0.6 if hostage else 1.0
            kind = W.HOSTAGE_PIECE if hostage else W.CARD_PIECE
            words = kind(size=SIZE_NAME[z], orient=_orient(orient), section=section)
            out.append(
                f"<g><title>{escape(words, quote=False)}</title>"
                f"{_pyramid(cx, base, z, enemy if hostage else colour, orient == 'f', scale)}</g>"
            )
        extra = len(by_section[section]) - 9
        if extra > 0:
            out.append(
                f'<text x="{x + box_w - 6}" y="{box_top + box_h - 4}" font-size="10" '
                f'text-anchor="end">+{extra}</text>'
            )
    return out


def _holdings(state, seat: int, box_bottom: float) -> list[str]:
    """The prisoners a seat holds and its reserve, under its card; the reserve's sizes are
    tokens to place."""
    colour, enemy = COLOURS[seat], COLOURS[1 - seat]
    out = []
    rows = (
        (W.HELD(), state.holding[seat], enemy, False),
        (W.RESERVE(), state.reserve[seat], colour, True),
    )
    for row, (label, counts, fill, clickable) in enumerate(rows):
        y = box_bottom + 24 + row * 30
        out.append(f'<text x="{PANEL}" y="{y}" font-size="12">{escape(label, quote=False)}</text>')
        for z in (1, 2, 3):
            x = PANEL + 60 + (z - 1) * 70
            title = W.ROW_COUNT(row=label, count=counts[z - 1], size=SIZE_NAME[z])
            drawing = (
                f'<rect x="{x - 4}" y="{y - 22}" width="62" height="28" fill="#ffffff" '
                f'fill-opacity="0"/>'
                f"{_pyramid(x + 12, y + 3, z, fill)}"
                f'<text x="{x + 30}" y="{y}" font-size="13">×{counts[z - 1]}</text>'
            )
            if clickable and counts[z - 1]:
                out.append(token(str(z), title, drawing, data_seat=seat))
            else:
                out.append(group([f"<title>{escape(title, quote=False)}</title>", drawing]))
    return out


def svg(state, last_move: str | None = None) -> str:
    """A self-contained SVG of the board and both players' cards, holdings and reserves."""
    title = f"Triumvirate: {status(state)}"
    parts = [rect(0, 0, WIDTH, HEIGHT, fill="#ffffff")]
    parts += _board(state, _marked(last_move), _axes())
    parts += _panel(state, 1, Y0 - 14)
    parts += _panel(state, 0, Y0 + 4 * Q - 4)
    return root(WIDTH, HEIGHT, parts, label=title)


def mail_svg(state, last_move: str | None = None) -> str:
    """The board for an email's PNG, large, with both cards small beneath it (P1's left,
    P2's right); what each holds and has in reserve is the email's words
    (:func:`mail_notes`)."""
    scale = 0.58  # two cards side by side under the board
    top = Y0 + 8 * Q + 24
    axes = [axis(X0 + Q / 2, Y0 + 8 * Q + 17, Q, "abcdefgh", font_size=13),
            axis(X0 - 13, Y0 + 7 * Q + Q / 2 + 5, Q, "12345678", font_size=13, vertical=True)]
    parts = [rect(0, 0, WIDTH, HEIGHT, fill="#ffffff"), *_board(state, _marked(last_move), axes)]
    for seat, left in ((0, X0), (1, X0 + 8 * Q - CARD_WIDTH * scale)):
        parts.append(_heading(state, seat, left, top + 12))
        parts.append(group(_card(state, seat, 0), transform=f"translate("
                           f"{left - PANEL * scale:.1f} {top + 20}) scale({scale})"))
    return root(X0 + 8 * Q + 8, top + 20 + CARD * scale + 4, parts,
                label=f"Triumvirate: {status(state)}")


def mail_notes(state) -> list[str]:
    """What the email says beside :func:`mail_svg`: whose turn, and each seat's prisoners
    held and reserve."""
    return [status(state)] + [
        W.HOLDS(seat=seat + 1, held=_counts(state.holding[seat]),
                reserve=_counts(state.reserve[seat])) for seat in (0, 1)]

# ----- text ---------------------------------------------------------------------------------


LETTERS = ("SML", "sml")


def _counts(counts) -> str:
    return " ".join(f"{z}×{counts[z - 1]}" for z in (1, 2, 3))


def _card_line(state, seat: int) -> str:
    slots = state.cards[seat].split("/")
    card = "  ".join(f"{x} {slot}" for x, slot in zip(SECTIONS, slots, strict=True))
    hostages = " ".join(state.hostages[seat]) or W.NONE()
    return W.MAIL_CARD(seat=seat + 1, card=card, hostages=hostages,
                       held=_counts(state.holding[seat]), reserve=_counts(state.reserve[seat]))


def text(state, last_move: str | None = None) -> str:
    """The board and both cards in plain text (monospace), for emails."""
    marked = _marked(last_move)
    starts = {sq for squares in START for sq in squares}
    files = "     " + "  ".join("abcdefgh")
    lines = [W.MAIL_TITLE(turn=state.turn, status=status(state)), "", files]
    for r in range(7, -1, -1):
        row = []
        for f in range(8):
            sq = 8 * r + f
            v = state.board[sq]
            mark = LETTERS[owner(v)][size(v) - 1] if v else ("+" if sq in starts else ".")
            row.append(f"({mark})" if CELLS[sq] in marked else f" {mark} ")
        lines.append(f" {r + 1}  {''.join(row)}  {r + 1}")
    lines += [files, ""]
    lines.append(W.MAIL_LEGEND())
    lines += [_card_line(state, 1), _card_line(state, 0)]
    if last_move:
        lines.append(W.MAIL_LAST_MOVE(move=last_move))
    return "\n".join(lines) + "\n"


# ----- description --------------------------------------------------------------------------


def describe(state) -> str:
    """A description for screen readers: the result or turn, every piece, both cards."""
    out = [W.OPENING(turn=state.turn, status=status(state))]
    for seat in (0, 1):
        pieces = [
            W.OWN(size=SIZE_NAME[size(v)], square=CELLS[sq])
            for sq, v in enumerate(state.board)
            if v and owner(v) == seat
        ]
        card = ", ".join(
            W.SLOT(size=SIZE_NAME[z], orient=_orient(o), section=_section(x))
            for z, x, o in card_pieces(state.cards[seat], ())
        )
        hostages = ", ".join(
            W.SLOT(size=SIZE_NAME[int(z)], orient=_orient(o), section=_section(x))
            for z, x, o in state.hostages[seat]
        )
        held = ", ".join(W.COUNT(count=n, size=SIZE_NAME[z + 1])
                         for z, n in enumerate(state.holding[seat]))
        spare = ", ".join(W.COUNT(count=n, size=SIZE_NAME[z + 1])
                          for z, n in enumerate(state.reserve[seat]))
        out.append(W.SEAT(seat=seat + 1, pieces=", ".join(pieces) or W.NONE_ON_BOARD(),
                          card=card, hostages=hostages or W.NONE(), held=held, reserve=spare))
    if state.stage == DECIDE:
        out.append(W.TAKEN(count=len(state.taken)))
    return " ".join(out)


# ----- composing a move by clicks (the routes contract of games.svg) ----------------------------


def routes(move: str) -> list[list[tuple[str, str]]]:
    """An arrangement is three choices, the piece for O, D and L in turn; a move or capture its
    two squares; a placement a reserve size and a square, either first; a decision a button."""
    if move.startswith("T:"):
        return [[("choice", f"{section}:{slot}")
                 for section, slot in zip(SECTIONS, move[2:].split("/"), strict=True)]]
    place = re.fullmatch(r"\+([123])([a-h][1-8])", move)
    if place:
        size_, square = ("token", place[1]), ("cell", place[2])
        return [[size_, square], [square, size_]]
    squares = re.findall(r"[a-h][1-8]", move)
    return [[("cell", s) for s in squares]] if squares else [[("choice", move)]]


def _piece_words(z: str, orient: str) -> str:
    return W.PIECE(size=SIZE_NAME[int(z)], orient=_orient(orient))


def choice(value: str, seat: int) -> tuple[str, str]:
    """A slot of an arrangement (``O:2u``) as the mover's piece standing or lying; a decision
    on a prisoner (``P:2``, ``H:2Du<3Df``) as the prisoner, in the enemy's colour."""
    slot = re.fullmatch(r"([ODL]):([123])([fu])", value)
    if slot:
        section, z, orient = slot.groups()
        words = W.SLOT_CHOICE(section=_section(section), piece=_piece_words(z, orient))
        return _piece_picture(int(z), COLOURS[seat], orient == "f"), words
    hold = re.fullmatch(r"P:([123])", value)
    if hold:
        z = int(hold[1])
        return _piece_picture(z, COLOURS[1 - seat]), W.HOLD(size=SIZE_NAME[z])
    hostage = re.fullmatch(r"H:([123])([ODL])([fu])(?:<([123])[ODL]([fu]))?", value)
    if not hostage:
        return "", value
    z, section, orient, old, old_orient = hostage.groups()
    words = W.AS_HOSTAGE(size=SIZE_NAME[int(z)], section=_section(section),
                         orient=_orient(orient))
    if old:
        words = W.REPLACING(choice=words, piece=_piece_words(old, old_orient))
    return _piece_picture(int(z), COLOURS[1 - seat], orient == "f"), words


def _piece_picture(z: int, colour: str, flat: bool = False) -> str:
    return picture(40, 36, [_pyramid(20, 32, z, colour, flat)])
