"""Why a well-formed Triumvirate ply is refused: a sentence to act on and a stable code.

Only ever raises; ``Rules.canonical`` refuses whatever the generator did not list anyway, so a
gap here can cost a message but never let an illegal ply through.
"""

from __future__ import annotations

from . import refusals as no
from .board import (
    BIT,
    CELLS,
    INDEX,
    MANNER_OF,
    MANNER_WORD,
    MIDDLE,
    SIZE_NAME,
    START,
    START_SIZE,
    masks,
    owner,
    size,
)
from .movegen import actions_after
from .state import ACT, ARRANGE, DECIDE, replaceable


def explain(state, ply: str) -> None:
    """Raise ``IllegalMove`` for ``ply`` (canonical, not listed) in ``state``, if a reason is
    known; codes: wrong-stage, arrangement, not-start, no-reserve, occupied, entry, points,
    no-piece, not-yours, geometry, cannot-move, manner, own-piece, nothing-to-capture, blocked,
    protected, wrong-prisoner, section, no-hostage."""
    kind = {"T": ARRANGE, "P": DECIDE, "H": DECIDE}.get(ply[0], ACT)
    _stage(state, kind)
    if kind == ARRANGE:
        _arrangement(ply)
    elif kind == DECIDE:
        _decision(state, ply)
    elif ply[0] == "+":
        _placement(state, ply)
    else:
        _move(state, ply)


def _stage(state, kind: str) -> None:
    if state.stage == kind:
        return
    if state.stage == ARRANGE:
        raise no.ARRANGE_FIRST(ply=f"T:{state.cards[state.seat]}")
    if state.stage == ACT:
        refusal = no.ARRANGED if kind == ARRANGE else no.DECIDE_LATER
        raise refusal(count=state.actions)
    z = state.taken[state.decided]
    raise no.DECIDE_FIRST(size=SIZE_NAME[z], z=z)


def _arrangement(ply: str) -> None:
    sizes = sorted(ply[2::3])
    if sizes != ["1", "2", "3"]:
        raise no.ARRANGEMENT(ply=ply, missing=no.missing("".join(sizes)))


def _placement(state, ply: str) -> None:
    seat, z, sq = state.seat, int(ply[1]), INDEX[ply[2:]]
    mine = ", ".join(CELLS[s] for s in sorted(START[seat]))
    if sq not in START[seat]:
        raise no.NOT_START(square=CELLS[sq], starts=mine)
    if not state.reserve[seat][z - 1]:
        raise no.NO_RESERVE(size=SIZE_NAME[z])
    if state.board[sq]:
        if owner(state.board[sq]) == seat:
            raise no.OCCUPIED_OWN(square=CELLS[sq])
        raise no.OCCUPIED_FOE(square=CELLS[sq], seat=f"P{2 - seat}")
    if state.entry == "sized" and START_SIZE[sq] != z:
        raise no.ENTRY(square=CELLS[sq], sizes=no.plural(START_SIZE[sq]))
    # A placement can only cost points when every point is usable (actions == points): with
    # fewer actions possible nothing ever moves and all runs of placements are equally long.
    left = state.points - 1
    after = actions_after(state, ply, left)
    if after < state.actions - 1:
        total = 3 + len(state.hostages[seat])
        refusal = no.ALL_POINTS if state.points == total else no.POINTS_LEFT
        raise refusal(total=state.points, ply=ply, count=left - after)


def _move(state, ply: str) -> None:
    seat = state.seat
    src, dst, capture = INDEX[ply[:2]], INDEX[ply[3:]], ply[2] == "x"
    piece, target = state.board[src], state.board[dst]
    if not piece:
        raise no.NO_PIECE(square=ply[:2])
    if owner(piece) != seat:
        raise no.NOT_YOURS(square=ply[:2], seat=f"P{2 - seat}")
    manner = MANNER_OF.get((src, dst))
    if manner is None:
        raise no.GEOMETRY(start=ply[:2], end=ply[3:])
    z = size(piece)
    flat = masks(state.cards[seat], state.hostages[seat])[0][z]
    if not flat:
        raise no.CANNOT_MOVE(size=SIZE_NAME[z])
    if not flat & BIT[manner]:
        raise no.MANNER(sizes=no.plural(z), manners=no.manners(flat),
                        sections=no.sections(flat), manner=MANNER_WORD[manner])
    if target and owner(target) == seat:
        raise no.OWN_PIECE(square=ply[3:])
    if capture and not target:
        raise no.NOTHING_TO_CAPTURE(square=ply[3:])
    mid = MIDDLE[(src, dst)]
    if mid >= 0 and state.board[mid]:
        raise no.SLIDE_BLOCKED(start=ply[:2], end=ply[3:], square=CELLS[mid])
    if target:
        zt, other = size(target), 1 - seat
        guard = masks(state.cards[other], state.hostages[other])[1][zt]
        if guard and not guard & BIT[manner]:
            raise no.PROTECTED(seat=f"P{other + 1}", sizes=no.plural(zt),
                               sections=no.sections(guard), manners=no.manners(guard))


def _decision(state, ply: str) -> None:
    z = state.taken[state.decided]
    if int(ply[2]) != z:
        raise no.WRONG_PRISONER(size=SIZE_NAME[z], z=z)
    if len(ply) > 5:
        old = ply[6:]
        if ply[3] != old[1]:
            raise no.SECTION(expected=f"H:{z}{old[1]}{ply[4]}<{old}", ply=ply)
        if old not in replaceable(state):
            raise (no.FRESH_HOSTAGE if old in state.fresh else no.NO_HOSTAGE)(hostage=old)
