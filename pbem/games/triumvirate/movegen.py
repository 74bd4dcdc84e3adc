"""Triumvirate's legal plies, and TRIUMVIRATE-R4: how many actions can still be performed
(``maxActions`` of the spec, §2).

Key fact (§2): once a board move is possible, every remaining point can be used, because the
piece that moved can always move straight back. So only placements are ever searched, and
only in positions with no board move. Such a placement cannot vacate a starting square, so the
search is at most three levels deep (one per empty starting square) with at most nine
placements per level (three sizes × three squares): at most 1 + 9 + 54 + 162 positions, each a
check of the one piece just placed. A memo keyed by the starting squares and the reserve
folds the orders in which the same pieces reach the same squares.
"""

from __future__ import annotations

from .board import (
    ARRANGEMENTS,
    INDEX,
    PLACE,
    START,
    START_SIZE,
    board_moves,
    has_board_move,
    piece_can_move,
)
from .state import ACT, ARRANGE, DECIDE, State, move_tables, replaceable


def placements(board, seat: int, reserve, sized: bool) -> list[tuple[int, int]]:
    """(size, square) of every placement (TRIUMVIRATE-R9; ``sized``: entry=sized)."""
    out = []
    for sq in START[seat]:
        if board[sq]:
            continue
        for z in (START_SIZE[sq],) if sized else (1, 2, 3):
            if reserve[z - 1]:
                out.append((z, sq))
    return out


def max_actions(
    board: list, seat: int, reserve: list, k: int, flat_v, prot_v, sized: bool, memo=None
) -> int:
    """``min(k, longest sequence of legal actions)`` from this position.

    ``board`` and ``reserve`` are lists the search changes and restores. ``memo`` may be
    shared by calls on boards that differ only on the starting squares (one turn's stage).
    """
    if k <= 0:
        return 0
    if has_board_move(board, flat_v, prot_v):
        return k
    return _placements_only(
        board, seat, reserve, k, flat_v, prot_v, sized, {} if memo is None else memo
    )


def _placements_only(board, seat, reserve, k, flat_v, prot_v, sized, memo) -> int:
    """``max_actions`` for a position known to have no board move."""
    key = (board[START[seat][0]], board[START[seat][1]], board[START[seat][2]], *reserve, k)
    if key in memo:
        return memo[key]
    best = 0
    for z, sq in placements(board, seat, reserve, sized):
        value = 3 * seat + z
        board[sq] = value
        reserve[z - 1] -= 1
        # Only the piece just placed can have gained a move.
        if k == 1 or piece_can_move(board, sq, flat_v[value], prot_v):
            found = k
        else:
            found = 1 + _placements_only(board, seat, reserve, k - 1, flat_v, prot_v, sized, memo)
        board[sq] = 0
        reserve[z - 1] += 1
        if found > best:
            best = found
            if best == k:
                break
    memo[key] = best
    return best


def legal(state: State) -> tuple[tuple[str, ...], frozenset[str]]:
    """The legal plies, sorted, and their set; cached on the state."""
    if state.cache is None:
        if state.stage == ARRANGE:
            moves = ARRANGEMENTS
        elif state.stage == ACT:
            moves = tuple(_actions(state))
        elif state.stage == DECIDE:
            moves = tuple(_decisions(state))
        else:
            moves = ()
        state.cache = (moves, frozenset(moves))
    return state.cache


def legal_set(state: State) -> frozenset[str]:
    """The set of the legal plies (cached with them)."""
    return legal(state)[1]


def _actions(state: State) -> list[str]:
    """The actions TRIUMVIRATE-R4 allows: every board move keeps all points usable (a piece can
    move back), so only placements need the search."""
    seat, todo = state.seat, state.actions
    flat_v, prot_v = move_tables(state)
    out = board_moves(state.board, flat_v, prot_v)
    reserve = list(state.reserve[seat])
    spots = placements(state.board, seat, reserve, state.entry == "sized")
    if spots:
        board, memo = list(state.board), {}
        for z, sq in spots:
            if todo > 1:
                board[sq] = 3 * seat + z
                reserve[z - 1] -= 1
                found = max_actions(
                    board, seat, reserve, todo - 1, flat_v, prot_v, state.entry == "sized", memo
                )
                board[sq] = 0
                reserve[z - 1] += 1
                if found < todo - 1:
                    continue
            out.append(PLACE[z][sq])
    out.sort()
    return out


def _decisions(state: State) -> list[str]:
    z = state.taken[state.decided]
    out = [f"P:{z}"] + [f"H:{z}{x}{o}" for x in "ODL" for o in "fu"]
    for h in replaceable(state):
        out += [f"H:{z}{h[1]}f<{h}", f"H:{z}{h[1]}u<{h}"]
    out.sort()
    return out


def actions_after(state: State, ply: str, points: int) -> int:
    """``maxActions`` with ``points`` after the placement ``ply`` (``+zc``)."""
    z, sq = int(ply[1]), INDEX[ply[2:]]
    board, reserve = list(state.board), list(state.reserve[state.seat])
    board[sq] = 3 * state.seat + z
    reserve[z - 1] -= 1
    flat_v, prot_v = move_tables(state)
    return max_actions(board, state.seat, reserve, points, flat_v, prot_v, state.entry == "sized")
