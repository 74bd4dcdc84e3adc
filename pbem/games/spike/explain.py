"""Why a well-formed Spike ply is not legal, in words a player can act on."""

from __future__ import annotations

from . import refusals as no
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
            raise no.LAUNCH_OR_DONE()
        raise no.LAUNCH_NOW()
    if kind == DONE:
        if not optional:
            raise no.DONE_NOT_OPTIONAL()
        raise no.DONE_FIRST()
    if kind == PASS:
        raise no.CANNOT_PASS()
    if kind == LAUNCH:
        _launch(state, action)
    src = action[1]
    code = state.pieces[src]
    if not code:
        raise no.NO_PIECE(square=CELLS[src])
    if piece_owner(code) != seat:
        raise no.NOT_YOURS(square=CELLS[src])
    size, facing = piece_size(code), piece_facing(code)
    what = {"size": SIZE_NAMES[size - 1], "square": CELLS[src]}
    path = RAYS[src][facing][:size]
    exits = len(path) < size
    if kind == MOVE:
        dst = action[2]
        if dst not in ray(src, facing, 7):
            raise no.WRONG_DIRECTION(**what, direction=DIRECTIONS[facing])
    if exits and facing != FORWARD[seat]:
        raise no.OFF_BOARD(**what, direction=DIRECTIONS[facing], seat=SEAT_NAMES[1 - seat])
    if kind == MOVE and (exits or path[-1] != dst):
        distance = ((no.DISTANCE_ONE_EXIT, no.DISTANCE_EXIT) if exits
                    else (no.DISTANCE_ONE, no.DISTANCE))[size > 1]
        raise distance(**what, count=size)
    if kind == EXIT and not exits:
        raise no.NO_EXIT(**what, end=CELLS[path[-1]])
    _blocked(state, path, exits, no.MOVE_BLOCKED, what)


def _launch(state: SpikeState, action: tuple) -> None:
    _, size, sq, _ = action
    seat = state.seat
    stash = state.stash
    if sum(stash) < 2:
        raise no.ONE_LEFT() if sum(stash) else no.NONE_LEFT()
    name = SIZE_NAMES[size - 1]
    if not stash[size - 1]:
        raise no.SIZE_GONE(size=name)
    rank = LAUNCH_RANKS[seat][size - 1]
    if sq // 8 != rank:
        raise no.WRONG_RANK(size=name, seat=SEAT_NAMES[seat], rank=rank + 1)
    path = LAUNCH_PATHS[seat][sq % 8][:size]
    _blocked(state, path, False, no.LAUNCH_BLOCKED, {"size": name, "file": FILES[sq % 8]})


def _blocked(state: SpikeState, path, exits: bool, blocked: tuple, what: dict) -> None:
    """Refuse the first square of ``path`` in the way, with the ``blocked`` refusal (a foe's
    piece to hop, a piece, a coin) about the piece ``what`` names."""
    foe, piece, coin_in_way = blocked
    own = state.seat + 1
    for i, sq in enumerate(path):
        landing = i == len(path) - 1 and not exits
        code, coin = state.pieces[sq], state.coins[sq]
        if not coin:
            continue
        if state.hop and not landing:
            if not code or code >> 4 == own:
                continue
            raise foe(**what, cell=CELLS[sq])
        if code:
            raise piece(**what, cell=CELLS[sq])
        raise coin_in_way(**what, cell=CELLS[sq], coin=COIN_NAMES[coin - 1])
