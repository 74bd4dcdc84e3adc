"""Why a well-formed Stawvs ply is not legal, in words a player can act on."""

from __future__ import annotations

from ..refusals import IllegalMove
from . import refusals as no
from .movegen import PREFIXES, legal
from .state import INDEX, NAMES, StawvsState


def explain(state: StawvsState, ply: str) -> None:
    """Raise ``IllegalMove`` naming the rule the canonical ``ply`` breaks."""
    seat = state.to_move
    placing = state.in_hand[seat] > 0
    if ply == "pass":
        if placing:
            raise no.NO_PASS_PLACING()
        raise no.NO_PASS()
    if seat in state.out:
        raise no.OUT()
    example = legal(state)[0]
    if placing:
        if len(ply) != 2:
            raise no.PLACE_FIRST(example=example)
        _check_open(state, INDEX[ply], state.caps)
        return
    if example == "pass":
        raise no.MUST_PASS()
    if len(ply) == 2:
        raise no.ALL_PLACED(example=example)
    origin, target, claim = INDEX[ply[:2]], INDEX[ply[3:5]], INDEX[ply[6:]]
    if origin not in state.caps[seat]:
        raise no.NO_CAP(square=NAMES[origin])
    if origin == target:
        raise no.STAY()
    _check_line(state, origin, target, state.caps)
    if state.claims == "vacated" and claim != origin:
        raise no.CLAIM_VACATED(ply=f"{PREFIXES[origin][target]}{NAMES[origin]}")
    if claim == target:
        raise no.CLAIM_OWN(square=NAMES[target])
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
        raise no.GAP(square=NAMES[square])
    if any(square in seat_caps for seat_caps in caps):
        raise no.CAPPED(square=NAMES[square])


def _check_line(state: StawvsState, start: int, end: int, caps) -> None:
    """Refuse ``end`` unless it is visible from ``start`` with ``caps`` on the board."""
    path = between(start, end)
    if path is None:
        raise no.NOT_A_LINE(end=NAMES[end], start=NAMES[start])
    _check_open(state, end, caps)
    for square in path:
        try:
            _check_open(state, square, caps)
        except IllegalMove as exc:
            blocks = no.GAP_BLOCKS if exc.code == "gap" else no.CAP_BLOCKS
            raise blocks(square=NAMES[square], start=NAMES[start], end=NAMES[end]) from None
