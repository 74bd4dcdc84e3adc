"""Why a well-formed ply is illegal: the rules of §3.2 and §3.3 checked one by one, in order.

This is the plain reading of the definitions (fresh boards, whole-board searches), kept apart
from the tuned generator in ``movegen.py``; the tests require both to agree on every ply.
"""

from __future__ import annotations

from ..base import IllegalMove
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
        raise IllegalMove(
            f"you have already placed your {tile_name(mask)} ({DIRSET[mask]} is a "
            f"{type_code(mask)} tile)",
            "already-placed",
        )
    if c in state.board:
        raise IllegalMove(
            f"{where} is occupied: tiles are placed on the table, never on a stack", "occupied"
        )
    neighbours = sum(c + st in state.board for st in STEPS)
    on_table = sum(v.heights.values())
    if on_table == 0 and c != ORIGIN:
        raise IllegalMove("the first tile of the game goes on 0,0", "opening")
    if on_table == 1 and not neighbours:
        raise IllegalMove(
            f"the second tile must be placed next to the first, on {format_cell(v.order[0])}",
            "opening",
        )
    if on_table > 1 and neighbours < 2:
        raise IllegalMove(
            f"{where} touches {neighbours} stack{'s' * (neighbours != 1)}; a tile must be "
            "placed beside at least two",
            "two-neighbours",
        )
    if state.placed[seat] == 0 and mask == QUEEN:
        raise IllegalMove("your first placement cannot be your queen", "first-queen")
    target = next_seat(state, seat)
    king = v.kings.get(target)
    if king is not None:
        for d in range(6):
            path = ray(v.tops, c, d) if mask >> d & 1 else []
            if king in path:
                via = path[: path.index(king)]
                how = f"across {', '.join(map(format_cell, via))}" if via else "from next to it"
                raise IllegalMove(
                    f"this tile points at {SEAT_NAMES[target]}'s king on "
                    f"{format_cell(king)}: its {DIRS[d]} pointer reaches it {how}",
                    "points-at-king",
                )
    heights = dict(v.heights)
    heights[c] = 1
    _check_steps(heights, f"placing on {where}")


def _movement(state: StaxState, s: int, land: int, given: int | None) -> None:
    seat, v, board = state.turn, view(state), state.board
    here, there = format_cell(s), format_cell(land)
    if seat not in v.kings:
        raise IllegalMove(
            "your king is not on the table yet: until you place it you can only place tiles",
            "king-not-placed",
        )
    if s not in board:
        raise IllegalMove(f"there is no tile on {here}", "no-tile")
    owner, mask = board[s][-1]
    if owner != seat:
        raise IllegalMove(f"the top tile on {here} is {SEAT_NAMES[owner]}'s", "not-yours")
    hs = len(board[s])
    if all(v.heights.get(s + st, 0) >= hs for st in STEPS):
        raise IllegalMove(
            f"the stack at {here} has no free side: every neighbour is at least as high",
            "no-free-side",
        )
    lifted = dict(board)
    if hs == 1:
        del lifted[s]
    else:
        lifted[s] = board[s][:-1]
    tops = {c: stack[-1] for c, stack in lifted.items()}
    if mask == KING:
        if land - s not in STEPS:
            raise IllegalMove(
                f"a king moves one step, and {there} is not next to {here}", "king-step"
            )
        if land not in tops and not touches(tops, land):
            raise IllegalMove(
                f"{there} would not touch any other stack (the moving tile does not count)",
                "isolated",
            )
    else:
        _check_ray(tops, s, land, mask)
    top = tops.get(land)
    target = next_seat(state, seat)
    if top is not None and top[1] == KING:
        if top[0] == seat:
            raise IllegalMove("you cannot land on your own king", "own-king")
        if top[0] != target:
            raise IllegalMove(
                f"you may not land on {SEAT_NAMES[top[0]]}'s king: only "
                f"{SEAT_NAMES[target]}'s king can be captured",
                "not-target-king",
            )
    final = mask if given is None else given
    if final not in ROTATIONS[mask]:
        if TYPE_OF[final] == TYPE_OF[mask]:
            raise IllegalMove(
                "the 3h tile cannot be flipped: its face was chosen when it was placed", "flip"
            )
        if mask in (KING, QUEEN):
            raise IllegalMove(
                f"a {tile_name(mask)} has one orientation: write the move as {here}>{there}",
                "rotation",
            )
        raise IllegalMove(
            f"{DIRSET[final]} is not a rotation of this tile's pointers {DIRSET[mask]}",
            "rotation",
        )
    after = dict(board)
    put(after, seat, ("move", s, land, final))
    if not connected(after):
        raise IllegalMove("that move would split the table into separate groups", "splits")
    _check_steps({c: len(stack) for c, stack in after.items()}, f"landing on {there}")
    key = position_key(after)
    if seen(state, key) and is_repeat(state, key, after):
        raise IllegalMove("that position has occurred before (superko)", "superko")


def _check_ray(tops, s: int, land: int, mask: int) -> None:
    here, there = format_cell(s), format_cell(land)
    line = direction_between(s, land)
    if line is None:
        raise IllegalMove(
            f"{there} is not in a straight line from {here}: tiles move straight along a pointer",
            "not-in-line",
        )
    d = line[0]
    if not mask >> d & 1:
        raise IllegalMove(
            f"the {tile_name(mask)} on {here} has no {DIRS[d]} pointer to move along", "no-pointer"
        )
    path = ray(tops, s, d)
    if land in path:
        return
    if path and path[-1] in tops:
        last = path[-1]
        why = (
            f"the king on {format_cell(last)} ends it"
            if tops[last][1] == KING
            else f"the stack on {format_cell(last)} does not point {DIRS[d]}, so it ends there"
        )
    else:
        beyond = (path[-1] if path else s) + STEPS[d]
        why = f"{format_cell(beyond)} touches no other stack"
    raise IllegalMove(f"the tile on {here} cannot reach {there} going {DIRS[d]}: {why}", "blocked")


def _check_steps(heights, doing: str) -> None:
    stranded = sorted(set(heights) - step_reach(heights))
    if stranded:
        c = stranded[0]
        raise IllegalMove(
            f"{doing} breaks the step rule: the stack on {format_cell(c)} (height "
            f"{heights[c]}) would have no way down to the table one level at a time",
            "step-rule",
        )
