"""Why a well-formed Stawvs ply is not legal, in words a player can act on."""

from __future__ import annotations

from ..base import IllegalMove
from .movegen import PREFIXES, legal
from .state import INDEX, NAMES, StawvsState


def explain(state: StawvsState, ply: str) -> None:
    """Raise ``IllegalMove`` naming the rule the canonical ``ply`` breaks."""
    seat = state.to_move
    placing = state.in_hand[seat] > 0
    if ply == "pass":
        if placing:
            raise IllegalMove("you cannot pass while placing caps", "no-pass")
        raise IllegalMove("you have a legal move, so you cannot pass", "no-pass")
    if seat in state.out:
        raise IllegalMove("you are out of the game and must pass", "out")
    example = legal(state)[0]
    if placing:
        if len(ply) != 2:
            raise IllegalMove(
                f"place your caps first: name an open square, e.g. {example}",
                "placement-phase",
            )
        _check_open(state, INDEX[ply], state.caps)
        return
    if example == "pass":
        raise IllegalMove("you have no legal move and must pass", "must-pass")
    if len(ply) == 2:
        raise IllegalMove(
            f"your caps are all placed: move one as from-to/claim, e.g. {example}",
            "movement-phase",
        )
    origin, target, claim = INDEX[ply[:2]], INDEX[ply[3:5]], INDEX[ply[6:]]
    if origin not in state.caps[seat]:
        raise IllegalMove(f"you have no cap on {NAMES[origin]}", "no-cap")
    if origin == target:
        raise IllegalMove("a cap must move to another square", "no-move")
    _check_line(state, origin, target, state.caps)
    if state.claims == "vacated" and claim != origin:
        raise IllegalMove(
            f"with claims=vacated you claim the square you left: "
            f"{PREFIXES[origin][target]}{NAMES[origin]}",
            "claim-not-vacated",
        )
    if claim == target:
        raise IllegalMove(
            f"you cannot claim {NAMES[target]}: your cap has just moved there",
            "claim-own-square",
        )
    moved = tuple(
        tuple(target if s == origin else s for s in seat_caps) for seat_caps in state.caps
    )
    _check_line(state, target, claim, moved)


def between(a: int, b: int) -> tuple[int, ...] | None:
    """The squares strictly between ``a`` and ``b``, or ``None`` if no line joins them."""
    fa, ra = divmod(a, 8)
    fb, rb = divmod(b, 8)
    df, dr = fb - fa, rb - ra
    if a == b or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    steps = max(abs(df), abs(dr))
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    return tuple((fa + sf * i) * 8 + ra + sr * i for i in range(1, steps))


def _check_open(state: StawvsState, square: int, caps: tuple[tuple[int, ...], ...]) -> None:
    """Refuse a square that is a gap or capped (with ``caps`` as the caps stand)."""
    if not state.board[square]:
        raise IllegalMove(f"{NAMES[square]} is a gap", "gap")
    if any(square in seat_caps for seat_caps in caps):
        raise IllegalMove(f"{NAMES[square]} is capped", "capped")


def _check_line(state: StawvsState, start: int, end: int, caps) -> None:
    """Refuse ``end`` unless it is visible from ``start`` with ``caps`` on the board."""
    path = between(start, end)
    if path is None:
        raise IllegalMove(
            f"{NAMES[end]} is not in a straight line from {NAMES[start]}", "not-a-line"
        )
    _check_open(state, end, caps)
    for square in path:
        try:
            _check_open(state, square, caps)
        except IllegalMove as exc:
            what = "gap" if exc.code == "gap" else "cap"
            raise IllegalMove(
                f"the {what} on {NAMES[square]} blocks the line from "
                f"{NAMES[start]} to {NAMES[end]}",
                "blocked",
            ) from None
