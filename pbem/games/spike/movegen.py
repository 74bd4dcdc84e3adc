"""Spike's legal plies: moves along a piece's facing, launches across the home edge.

The generators work on the state's raw tuples, which is what the hot loops want (and what lets
``state.begin_turn`` ask them who can act before a state exists).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import ply_cache
from .board import EXIT_PLIES, FORWARD, LAUNCH_PATHS, LAUNCH_PLIES, MOVE_PLIES, RAYS

if TYPE_CHECKING:
    from .state import SpikeState

def _moves(pieces, coins, seat: int, hop: bool, out: list) -> None:
    own = seat + 1
    forward = FORWARD[seat]
    for sq in range(64):
        code = pieces[sq]
        if not code or code >> 4 != own:
            continue
        size = code & 3
        facing = (code >> 2) & 3
        path = RAYS[sq][facing][:size]
        between = path if len(path) < size else path[:-1]
        if hop:
            if any(pieces[s] and pieces[s] >> 4 != own for s in between):
                continue
        elif any(coins[s] for s in between):
            continue
        if len(path) < size:
            if facing == forward:
                out.append(EXIT_PLIES[sq])
        elif not coins[path[-1]]:
            out.extend(MOVE_PLIES[sq, path[-1]])


def launches(pieces, coins, stash, seat: int, hop: bool, out: list) -> None:
    if stash[0] + stash[1] + stash[2] < 2:
        return
    own = seat + 1
    for path in LAUNCH_PATHS[seat]:
        for size, sq in enumerate(path, 1):
            if stash[size - 1] and not coins[sq]:
                out.extend(LAUNCH_PLIES[size, sq])
            if coins[sq] and not (hop and (not pieces[sq] or pieces[sq] >> 4 == own)):
                break


def turn_actions(pieces, coins, stash, seat: int, hop: bool) -> list[str]:
    """Every move and launch ``seat`` could start a turn with (unsorted)."""
    out: list[str] = []
    _moves(pieces, coins, seat, hop, out)
    launches(pieces, coins, stash, seat, hop, out)
    return out


def _generate(state: SpikeState) -> tuple[str, ...]:
    seat = state.seat
    if seat is None:
        return ()
    if state.turn:  # after a move: only launches (and done) remain
        out: list[str] = []
        launches(state.pieces, state.coins, state.stash, seat, state.hop, out)
        if state.launch == "optional":
            out.append("done")
        return tuple(sorted(out))
    out = turn_actions(state.pieces, state.coins, state.stash, seat, state.hop)
    return tuple(sorted(out)) if out else ("pass",)


legal, legal_set = ply_cache(_generate)
