"""Why a well-formed ply is illegal: the rules of §3.2 and §3.3 checked one by one, in order.

This is the plain reading of the definitions (fresh boards, whole-board searches), kept apart
from the tuned generator in ``movegen.py``; the tests require both to agree on every ply.
"""

from __future__ import annotations

from . import refusals as no
from .board import connected, ray, step_reach, touches
from .hashing import position_key
from .state import SEAT_NAMES, StaxState, decode, is_repeat, next_seat, put, seen, view
from .tiles import (
    DIRS,
    DIRSET,
    KING,
    ORIGIN,
    QUEEN,
    ROTATIONS,
    STEPS,
    TYPE_OF,
    direction_between,
    format_cell,
    tile_name,
    type_code,
)


def explain(state: StaxState, ply: str) -> None:
    """Raise ``IllegalMove`` with the first rule ``ply`` breaks; return if it breaks none."""
    action = decode(ply)
    if action[0] == "place":
        _placement(state, action[1], action[2])
    else:
        _movement(state, *action[1:])


def _placement(state: StaxState, mask: int, c: int) -> None:
    seat, v, where = state.turn, view(state), format_cell(c)
    if state.placed[seat] >> TYPE_OF[mask] & 1:
        raise no.ALREADY_PLACED(tile=tile_name(mask), pointers=DIRSET[mask],
                                type=type_code(mask))
    if c in state.board:
        raise no.OCCUPIED(square=where)
    neighbours = sum(c + st in state.board for st in STEPS)
    on_table = sum(v.heights.values())
    if on_table == 0 and c != ORIGIN:
        raise no.FIRST_TILE()
    if on_table == 1 and not neighbours:
        raise no.SECOND_TILE(square=format_cell(v.order[0]))
    if on_table > 1 and neighbours < 2:
        raise (no.ONE_NEIGHBOUR if neighbours else no.NO_NEIGHBOURS)(square=where)
    if state.placed[seat] == 0 and mask == QUEEN:
        raise no.FIRST_QUEEN()
    target = next_seat(state, seat)
    king = v.kings.get(target)
    if king is not None:
        for d in range(6):
            path = ray(v.tops, c, d) if mask >> d & 1 else []
            if king in path:
                via = path[: path.index(king)]
                where = {"seat": SEAT_NAMES[target], "square": format_cell(king),
                         "direction": DIRS[d]}
                if via:
                    raise no.AT_KING_ACROSS(**where, cells=", ".join(map(format_cell, via)))
                raise no.AT_KING_NEXT(**where)
    heights = dict(v.heights)
    heights[c] = 1
    _check_steps(heights, no.STEP_RULE_PLACING, where)


def _movement(state: StaxState, s: int, land: int, given: int | None) -> None:
    seat, v, board = state.turn, view(state), state.board
    here, there = format_cell(s), format_cell(land)
    if seat not in v.kings:
        raise no.KING_NOT_PLACED()
    if s not in board:
        raise no.NO_TILE(square=here)
    owner, mask = board[s][-1]
    if owner != seat:
        raise no.NOT_YOURS(square=here, seat=SEAT_NAMES[owner])
    hs = len(board[s])
    if all(v.heights.get(s + st, 0) >= hs for st in STEPS):
        raise no.NO_FREE_SIDE(square=here)
    lifted = dict(board)
    if hs == 1:
        del lifted[s]
    else:
        lifted[s] = board[s][:-1]
    tops = {c: stack[-1] for c, stack in lifted.items()}
    if mask == KING:
        if land - s not in STEPS:
            raise no.KING_STEP(end=there, start=here)
        if land not in tops and not touches(tops, land):
            raise no.ISOLATED(end=there)
    else:
        _check_ray(tops, s, land, mask)
    top = tops.get(land)
    target = next_seat(state, seat)
    if top is not None and top[1] == KING:
        if top[0] == seat:
            raise no.OWN_KING()
        if top[0] != target:
            raise no.NOT_TARGET_KING(seat=SEAT_NAMES[top[0]], target=SEAT_NAMES[target])
    final = mask if given is None else given
    if final not in ROTATIONS[mask]:
        if TYPE_OF[final] == TYPE_OF[mask]:
            raise no.FLIP()
        if mask in (KING, QUEEN):
            raise no.ONE_ORIENTATION(tile=tile_name(mask), start=here, end=there)
        raise no.NOT_A_ROTATION(pointers=DIRSET[final], tile_pointers=DIRSET[mask])
    after = dict(board)
    put(after, seat, ("move", s, land, final))
    if not connected(after):
        raise no.SPLITS()
    _check_steps({c: len(stack) for c, stack in after.items()}, no.STEP_RULE_LANDING, there)
    key = position_key(after)
    if seen(state, key) and is_repeat(state, key, after):
        raise no.SUPERKO()


def _check_ray(tops, s: int, land: int, mask: int) -> None:
    here, there = format_cell(s), format_cell(land)
    line = direction_between(s, land)
    if line is None:
        raise no.NOT_IN_LINE(end=there, start=here)
    d = line[0]
    if not mask >> d & 1:
        raise no.NO_POINTER(tile=tile_name(mask), start=here, direction=DIRS[d])
    path = ray(tops, s, d)
    if land in path:
        return
    if path and path[-1] in tops:
        last = path[-1]
        ends = no.KING_ENDS if tops[last][1] == KING else no.STACK_ENDS
    else:
        ends, last = no.GAP_ENDS, (path[-1] if path else s) + STEPS[d]
    raise ends(start=here, end=there, direction=DIRS[d], square=format_cell(last))


def _check_steps(heights, refusal, square: str) -> None:
    """Refuse (with ``refusal``, about ``square``) heights that strand a stack."""
    stranded = sorted(set(heights) - step_reach(heights))
    if stranded:
        c = stranded[0]
        raise refusal(square=square, stack=format_cell(c), height=heights[c])
