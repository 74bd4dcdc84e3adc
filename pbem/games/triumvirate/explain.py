"""Why a well-formed Triumvirate ply is refused: a sentence to act on and a stable code.

Only ever raises; ``Rules.canonical`` refuses whatever the generator did not list anyway, so a
gap here can cost a message but never let an illegal ply through.
"""

from __future__ import annotations

from ..base import IllegalMove
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


def _plural(z: int) -> str:
    return SIZE_NAME[z] + "s"


def _manners(mask: int) -> str:
    return " or ".join(MANNER_WORD[x] for x in "ODL" if BIT[x] & mask)


def _sections(mask: int) -> str:
    return " and ".join(x for x in "ODL" if BIT[x] & mask)


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
        raise IllegalMove(
            f"arrange your card first (T:…; T:{state.cards[state.seat]} keeps it as it is)",
            "wrong-stage",
        )
    if state.stage == ACT:
        what = (
            "your card is already arranged for this turn"
            if kind == ARRANGE
            else "prisoners are decided after the last action"
        )
        raise IllegalMove(
            f"{what}; {state.actions} action(s) remain (a move, a capture or a placement)",
            "wrong-stage",
        )
    z = state.taken[state.decided]
    raise IllegalMove(
        f"decide first what becomes of the {SIZE_NAME[z]} prisoner (P:{z} or H:{z}…)",
        "wrong-stage",
    )


def _arrangement(ply: str) -> None:
    sizes = sorted(ply[2::3])
    if sizes != ["1", "2", "3"]:
        missing = ", ".join(SIZE_NAME[int(z)] for z in "123" if z not in sizes)
        raise IllegalMove(
            f"an arrangement puts each size on the card once; {ply} leaves out the {missing}",
            "arrangement",
        )


def _placement(state, ply: str) -> None:
    seat, z, sq = state.seat, int(ply[1]), INDEX[ply[2:]]
    mine = ", ".join(CELLS[s] for s in sorted(START[seat]))
    if sq not in START[seat]:
        raise IllegalMove(f"{CELLS[sq]} is not one of your starting squares ({mine})", "not-start")
    if not state.reserve[seat][z - 1]:
        raise IllegalMove(f"you have no {SIZE_NAME[z]} piece in reserve", "no-reserve")
    if state.board[sq]:
        whose = (
            "your own piece"
            if owner(state.board[sq]) == seat
            else (f"P{2 - seat}'s piece: capture it first")
        )
        raise IllegalMove(f"{CELLS[sq]} is occupied by {whose}", "occupied")
    if state.entry == "sized" and START_SIZE[sq] != z:
        raise IllegalMove(
            f"with sized entry {CELLS[sq]} takes only {_plural(START_SIZE[sq])}", "entry"
        )
    # A placement can only cost points when every point is usable (actions == points): with
    # fewer actions possible nothing ever moves and all runs of placements are equally long.
    left = state.points - 1
    after = actions_after(state, ply, left)
    if after < state.actions - 1:
        total = 3 + len(state.hostages[seat])
        which = f"all {total}" if state.points == total else f"all {state.points} remaining"
        raise IllegalMove(
            f"you must use {which} movement points; {ply} leaves {left - after} "
            f"that no move can use",
            "points",
        )


def _move(state, ply: str) -> None:
    seat = state.seat
    src, dst, capture = INDEX[ply[:2]], INDEX[ply[3:]], ply[2] == "x"
    piece, target = state.board[src], state.board[dst]
    if not piece:
        raise IllegalMove(f"there is no piece on {ply[:2]}", "no-piece")
    if owner(piece) != seat:
        raise IllegalMove(f"{ply[:2]} holds P{2 - seat}'s piece, not yours", "not-yours")
    manner = MANNER_OF.get((src, dst))
    if manner is None:
        raise IllegalMove(
            f"{ply[:2]} to {ply[3:]} is no move: pieces go one or two squares orthogonally or "
            f"diagonally, or jump like a chess knight",
            "geometry",
        )
    z = size(piece)
    flat = masks(state.cards[seat], state.hostages[seat])[0][z]
    if not flat:
        raise IllegalMove(
            f"your {SIZE_NAME[z]} pieces cannot move: no flat {SIZE_NAME[z]} on your card",
            "cannot-move",
        )
    if not flat & BIT[manner]:
        raise IllegalMove(
            f"your {_plural(z)} move only {_manners(flat)} (flat in {_sections(flat)}), "
            f"not {MANNER_WORD[manner]}",
            "manner",
        )
    if target and owner(target) == seat:
        raise IllegalMove(f"{ply[3:]} holds your own piece", "own-piece")
    if capture and not target:
        raise IllegalMove(f"there is nothing to capture on {ply[3:]}", "nothing-to-capture")
    mid = MIDDLE[(src, dst)]
    if mid >= 0 and state.board[mid]:
        raise IllegalMove(
            f"the slide from {ply[:2]} to {ply[3:]} is blocked on {CELLS[mid]}", "blocked"
        )
    if target:
        zt, other = size(target), 1 - seat
        guard = masks(state.cards[other], state.hostages[other])[1][zt]
        if guard and not guard & BIT[manner]:
            raise IllegalMove(
                f"P{other + 1}'s {_plural(zt)} are upright in {_sections(guard)}: they can "
                f"only be captured {_manners(guard)}",
                "protected",
            )


def _decision(state, ply: str) -> None:
    z = state.taken[state.decided]
    if int(ply[2]) != z:
        raise IllegalMove(
            f"the prisoner to decide now is a {SIZE_NAME[z]}: write P:{z} or H:{z}…",
            "wrong-prisoner",
        )
    if len(ply) > 5:
        old = ply[6:]
        if ply[3] != old[1]:
            raise IllegalMove(
                f"a new hostage takes the section of the one it replaces: "
                f"H:{z}{old[1]}{ply[4]}<{old}, not {ply}",
                "section",
            )
        if old not in replaceable(state):
            why = (
                f"the hostage {old} came onto your card this turn and cannot be replaced yet"
                if old in state.fresh
                else f"your card has no hostage {old} to replace"
            )
            raise IllegalMove(why, "no-hostage")
