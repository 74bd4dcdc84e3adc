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

def _path(sq: int, facing: int, size: int) -> tuple[tuple[int, ...], int | None]:
    """The squares a piece of ``size`` on ``sq`` facing ``facing`` passes over, and the one it
    lands on (``None``: it leaves the board)."""
    path = RAYS[sq][facing][:size]
    if len(path) < size or not size:
        return path, None
    return path[:-1], path[-1]


#: ``PATHS[sq][code & 15]``: ``_path`` of the piece with that ``code`` on ``sq`` (its low four
#: bits are its facing and size), looked up by the hot loop below rather than sliced from the
#: rays each time.
PATHS = tuple(tuple(_path(sq, low >> 2, low & 3) for low in range(16)) for sq in range(64))


def _moves(pieces, coins, seat: int, hop: bool, out: list) -> None:
    own = seat + 1
    forward = FORWARD[seat]
    for sq, code in enumerate(pieces):
        if code >> 4 != own:  # an empty square's code is 0
            continue
        facing = (code >> 2) & 3
        between, landing = PATHS[sq][code & 15]
        if hop:
            if any(pieces[s] and pieces[s] >> 4 != own for s in between):
                continue
        elif between and (coins[between[0]] or len(between) > 1 and coins[between[1]]):
            continue  # at most two squares to pass over (a large piece's)
        if landing is None:
            if facing == forward:
                out.append(EXIT_PLIES[sq])
        elif not coins[landing]:
            out.extend(MOVE_PLIES[sq, landing])


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
