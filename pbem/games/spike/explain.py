"""Why a well-formed Spike ply is not legal, in words a player can act on."""

from __future__ import annotations

from ..base import IllegalMove
from .board import (
    CELLS,
    COIN_NAMES,
    DECODE,
    DIRECTIONS,
    DONE,
    EXIT,
    FILES,
    FORWARD,
    LAUNCH,
    LAUNCH_PATHS,
    LAUNCH_RANKS,
    MOVE,
    PASS,
    RAYS,
    SEAT_NAMES,
    SIZE_NAMES,
    piece_facing,
    piece_owner,
    piece_size,
    ray,
)
from .notation import read
from .state import SpikeState


def explain(state: SpikeState, ply: str) -> None:
    """Raise ``IllegalMove`` naming the rule the canonical ``ply`` breaks."""
    action = DECODE.get(ply) or read(ply)
    kind = action[0]
    seat = state.seat
    optional = state.launch == "optional"
    if state.turn:
        if kind == LAUNCH:
            _launch(state, action)
        if optional:
            raise IllegalMove(
                "you have moved this turn: launch a piece, or end the turn with done",
                "launch-required",
            )
        raise IllegalMove("you must launch now (you have moved this turn)", "launch-required")
    if kind == DONE:
        if not optional:
            raise IllegalMove(
                "done is only for games with launch=optional: a turn ends by itself",
                "no-done",
            )
        raise IllegalMove("done ends a turn after a move: move or launch first", "no-done")
    if kind == PASS:
        raise IllegalMove(
            "you have a move or a launch: you may pass only when you have neither",
            "cannot-pass",
        )
    if kind == LAUNCH:
        _launch(state, action)
    src = action[1]
    code = state.pieces[src]
    if not code:
        raise IllegalMove(f"there is no piece on {CELLS[src]}", "no-piece")
    if piece_owner(code) != seat:
        raise IllegalMove(f"you don't control the piece on {CELLS[src]}", "not-yours")
    size, facing = piece_size(code), piece_facing(code)
    what = f"the {SIZE_NAMES[size - 1]} on {CELLS[src]}"
    path = RAYS[src][facing][:size]
    exits = len(path) < size
    if kind == MOVE:
        dst = action[2]
        if dst not in ray(src, facing, 7):
            raise IllegalMove(
                f"{what} faces {DIRECTIONS[facing]}: it can only move {DIRECTIONS[facing]}",
                "wrong-direction",
            )
    if exits and facing != FORWARD[seat]:
        raise IllegalMove(
            f"{what} would leave the board across the {DIRECTIONS[facing]} edge "
            f"(pieces leave only across {SEAT_NAMES[1 - seat]}'s home edge)",
            "off-board",
        )
    if kind == MOVE and (exits or path[-1] != dst):
        hint = f": {CELLS[src]}-off takes it off the board" if exits else ""
        raise IllegalMove(
            f"a {SIZE_NAMES[size - 1]} must travel {size} square{'s' * (size > 1)}{hint}",
            "wrong-distance",
        )
    if kind == EXIT and not exits:
        raise IllegalMove(
            f"{what} lands on {CELLS[path[-1]]}: it does not reach the edge", "no-exit"
        )
    _blocked(state, path, exits, f"{what} is blocked")


def _launch(state: SpikeState, action: tuple) -> None:
    _, size, sq, _ = action
    seat = state.seat
    stash = state.stash
    if sum(stash) < 2:
        left = "only one piece is left" if sum(stash) else "no piece is left"
        raise IllegalMove(f"{left} in the stash: no launches", "stash")
    name = SIZE_NAMES[size - 1]
    if not stash[size - 1]:
        raise IllegalMove(f"no {name} is left in the stash", "stash")
    rank = LAUNCH_RANKS[seat][size - 1]
    if sq // 8 != rank:
        raise IllegalMove(
            f"a {name} launched by {SEAT_NAMES[seat]} lands on rank {rank + 1}",
            "wrong-rank",
        )
    path = LAUNCH_PATHS[seat][sq % 8][:size]
    _blocked(
        state, path, False, f"a {name} launched on the {FILES[sq % 8]}-file is blocked"
    )


def _blocked(state: SpikeState, path, exits: bool, blocked: str) -> None:
    own = state.seat + 1
    for i, sq in enumerate(path):
        landing = i == len(path) - 1 and not exits
        code, coin = state.pieces[sq], state.coins[sq]
        if not coin:
            continue
        if state.hop and not landing:
            if not code or code >> 4 == own:
                continue
            raise IllegalMove(
                f"{CELLS[sq]} holds a piece you don't control: {blocked}", "blocked"
            )
        holds = "holds a piece" if code else f"has a {COIN_NAMES[coin - 1]}"
        raise IllegalMove(f"{CELLS[sq]} {holds}: {blocked}", "blocked")
