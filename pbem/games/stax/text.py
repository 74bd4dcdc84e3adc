"""Stax in words: the plain text of an email (a hex map and every stack), the lines said
under the email's picture, and the summary a screen reader reads."""

from __future__ import annotations

from . import words as W
from .geometry import empty_cells, last_cells
from .state import SEAT_NAMES
from .tiles import DIRS, KING, QUEEN, TYPES, coords, format_cell, tile_name, type_code


def mail_notes(state) -> list[str]:
    """What the email says beside ``render.mail_svg``: whose turn, and the tiles in hand."""
    return [status(state)] + [W.HOLDS(seat=SEAT_NAMES[seat], hand=_hand(state, seat))
                              for seat in range(state.players)]


def _map(board) -> list[str]:
    """An ASCII hex map: rows of cells, each row shifted half a cell from the one above, with
    the row numbers (r) at the left and the column numbers (q) above and below. A column runs
    diagonally down to the right, so its number stands where it would meet the line above the
    first row and the line below the last."""
    cells = set(board) | empty_cells(board)
    spots = {c: coords(c) for c in cells}
    rows = sorted({r for _, r in spots.values()})
    columns = sorted({q for q, _ in spots.values()})
    top, bottom = rows[0] - 1, rows[-1] + 1
    # Half-cell steps from the left: a cell (q, r) stands at 2q + r.
    steps = [2 * q + r for q, r in spots.values()] + [2 * columns[0] + top]
    shift, width = min(steps), 2 * (max(steps + [2 * columns[-1] + bottom]) - min(steps)) + 4

    def line(r: int, labels: dict[int, str], margin: str) -> str:
        chars = [" "] * width
        for q, written in labels.items():
            at = 2 * (2 * q + r - shift)
            chars[at : at + len(written)] = written
        return margin + "".join(chars).rstrip()

    names = {q: str(q) for q in columns}
    lines = [line(top, names, "   q ")]
    for r in rows:
        labels = {q: _cell_label(board.get(c)) for c, (q, rr) in spots.items() if rr == r}
        lines.append(line(r, labels, f"{r:>4} "))
    lines.append(line(bottom, names, "   q "))
    return lines


def _cell_label(stack) -> str:
    """A stack as its top tile's owner (L, D, R), K or Q for a king or a queen, and its height;
    ``.`` for an empty cell."""
    if not stack:
        return "."
    owner, mask = stack[-1]
    return "LDR"[owner] + {KING: "K", QUEEN: "Q"}.get(mask, "") + str(len(stack))


def text(state, last_move: str | None = None) -> str:
    """Plain text for emails: a hex map, each stack with its pointers, the tiles in hand."""
    board = state.board
    out = [W.OPENING(players=state.players, status=status(state))]
    if last_move:
        out.append(W.MAIL_LAST_MOVE(move=last_move))
    out.append("")
    if board:
        out.append(W.MAIL_MAP())
        out.extend(_map(board))
        out.append("")
        out.append(W.MAIL_STACKS())
        marked = last_cells(last_move)
        for c in sorted(board, key=lambda c: coords(c)[::-1]):
            out.append(_stack_line(c, board[c], c in marked))
    else:
        out.append(W.MAIL_EMPTY())
    out.append("")
    out.append(W.MAIL_IN_HAND())
    for seat in range(state.players):
        out.append(f"  {W.HAND_SEAT(seat=SEAT_NAMES[seat])}: {_hand(state, seat)}")
    return "\n".join(out) + "\n"


def _stack_line(c: int, stack, last: bool) -> str:
    """One stack in words: ``* 1,-2  Dark queen, points every way; beneath: Light 2n``."""
    owner, mask = stack[-1]
    if mask == KING:
        top = W.MAIL_KING(seat=SEAT_NAMES[owner])
    elif mask == QUEEN:
        top = W.MAIL_QUEEN(seat=SEAT_NAMES[owner])
    else:
        top = W.MAIL_POINTS(seat=SEAT_NAMES[owner], tile=type_code(mask),
                            directions=" ".join(DIRS[d] for d in range(6) if mask >> d & 1))
    beneath = ", ".join(f"{SEAT_NAMES[o]} {'K' if m == KING else type_code(m)}"
                        for o, m in reversed(stack[:-1]))
    line = f"{'*' if last else ' '} {format_cell(c):>6}  {top}"
    return f"  {W.MAIL_BENEATH(line=line, beneath=beneath)}" if beneath else f"  {line}"


def _hand(state, seat: int) -> str:
    if not state.active[seat]:
        return W.RESIGNED()
    left = [code for i, code in enumerate(TYPES) if not state.placed[seat] >> i & 1]
    return ", ".join(left) if left else W.NOTHING()


def status(state) -> str:
    """Who won, or whose turn it is: the first sentence of every form of the position."""
    if state.winner is not None:
        return W.WON(seat=SEAT_NAMES[state.winner])
    return W.TO_MOVE(seat=SEAT_NAMES[state.turn])


def describe(state) -> str:
    """A sentence-by-sentence description for screen readers."""
    board = state.board
    parts = [W.OPENING(players=state.players, status=status(state))]
    if not board:
        parts.append(W.EMPTY_TABLE())
    else:
        parts.append(W.ONE_STACK() if len(board) == 1 else W.STACKS(count=len(board)))
        for c in sorted(board):
            stack = board[c]
            owner, mask = stack[-1]
            pointing = [DIRS[d] for d in range(6) if mask >> d & 1]
            what = W.TILE(seat=SEAT_NAMES[owner], tile=tile_name(mask))
            if mask not in (KING, QUEEN):
                what = W.POINTING(tile=what, directions=", ".join(pointing))
            if len(stack) > 1:
                beneath = ", ".join(
                    W.TILE(seat=SEAT_NAMES[o], tile=tile_name(m)) for o, m in reversed(stack[:-1])
                )
                what = W.ON_STACK(tile=what, count=len(stack), beneath=beneath)
            parts.append(W.AT(cell=format_cell(c), what=what))
    for seat in range(state.players):
        parts.append(W.HOLDS(seat=SEAT_NAMES[seat], hand=_hand(state, seat)))
    return " ".join(parts)
