"""Replaying a history through the current rules, naming the first ply they refuse.

The importer uses it to validate a record and the ``verify-records`` command to check every
stored game: a game is its setup plus its plies, so both reduce to "replay, then compare".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from ..core.errors import PbemError
from ..games import IllegalMove, InvalidOptions, Refusal, UnknownGame, get_rules
from ..games.refusals import ALREADY_OVER
from ..play.models import RESIGN

#: The refusals of a replayed history beside the rules' own (``rules.already-over`` is shared):
#: a record's plies name their seats, which the rules never see.
RESIGN_NEEDS_SEAT = Refusal("archive.resign-needs-seat",
                            "a resignation must name its seat", code="syntax")
WRONG_SEAT = Refusal("archive.wrong-seat",
                     "it is {to_move}'s turn, not {seat}'s", code="not-your-turn")
REFUSALS = (RESIGN_NEEDS_SEAT, WRONG_SEAT)


class BadRecord(PbemError):
    """A record (or a stored game) the rules cannot replay; the message names the problem."""

    status, code = 422, "bad-record"


@dataclass(frozen=True)
class Ply:
    """One history entry: the seat (``None``: whoever is to move), the move, when it was made."""

    seat: int | None
    move: str
    time: datetime | None = None
    auto: bool = False


def label(seat: int) -> str:
    """The seat as records and pages write it (seat 0 is P1)."""
    return f"P{seat + 1}"


def setup(slug: str, players: int, options: dict, seed: int):
    """The rules, canonical options and starting state of a game.

    :raises BadRecord: unknown game, a player count or options the game does not allow.
    """
    try:
        rules = get_rules(slug)
        count, options = rules.validate_options(players, options)
        return rules, options, rules.new_game(count, options, seed)
    except (UnknownGame, InvalidOptions) as exc:
        raise BadRecord(str(exc)) from None


def replay(rules, state, plies: list[Ply]):
    """Apply ``plies`` in order; the final state and the plies in canonical form.

    :raises BadRecord: the first ply the rules refuse, by number, seat and move, with the
        rules' reason ("ply 17 (P2 c3-c9): ...").
    """
    canonical = []
    for number, ply in enumerate(plies, 1):
        try:
            state, seat, move = _step(rules, state, ply)
        except IllegalMove as exc:
            who = f"{label(ply.seat)} " if ply.seat is not None else ""
            raise BadRecord(f"ply {number} ({who}{ply.move}): {exc.reason}") from None
        canonical.append(Ply(seat, move, ply.time, ply.auto))
    return state, canonical


def _step(rules, state, ply: Ply):
    if ply.move.strip().lower() == RESIGN:
        if ply.seat is None:
            raise RESIGN_NEEDS_SEAT()
        return rules.resign(state, ply.seat), ply.seat, RESIGN
    to_move = rules.to_move(state)
    if to_move is None:
        raise ALREADY_OVER()
    if ply.seat is not None and ply.seat != to_move:
        raise WRONG_SEAT(to_move=label(to_move), seat=label(ply.seat))
    move = rules.canonical(state, ply.move)
    return rules.apply(state, move), to_move, move


def result_of(rules, state) -> dict | None:
    """The result as ``Game.result`` stores it, or ``None`` while the game goes on."""
    if not rules.is_over(state):
        return None
    return {"winners": rules.winners(state), "scores": rules.scores(state),
            "reason": rules.end_reason(state)}


def same_json(a, b) -> bool:
    """Equal once both went through JSON (tuples and lists, int keys and str keys alike)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
