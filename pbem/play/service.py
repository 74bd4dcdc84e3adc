"""Playing a game's turns: start it, preview a typed turn, submit one.

A move arrives through the same checks in a fixed order (:mod:`.guards`: game exists, not over,
the seat plays here, expected ply, whose turn; then the clock, then the rules) and is stored
(:mod:`.storing`) with a compare-and-set on ``Game.version`` plus the unique (game, ply) key, so
the database refuses the second of two racing submissions whichever process they reach. How a
game ends otherwise (resignations, timeouts, decisions) is in :mod:`.endings`.

Services here take a game loaded and locked by the caller, change it and flush; they never
commit. The entry point (:mod:`.commands`) owns the race guard and the commit. What happens is
published as events (:mod:`.events`), whose receivers (clocks, mail) run in this transaction.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from ..accounts.service import mark_joined
from ..core import work
from ..core.db import utcnow
from ..core.extensions import db
from ..games import IllegalMove, Refusal
from . import events, ports, thread
from .endings import resign
from .errors import OutOfTime
from .guards import check_actor
from .models import ACTIVE, TIMED_OUT, Game
from .storing import Played, store, turn_begins


@dataclass(frozen=True)
class TurnPreview:
    """What a typed (possibly partial) turn would do, without storing anything."""

    state: object
    plies: list[str]
    complete: bool
    #: Legal continuations when the turn is not complete (multi-ply games).
    next_moves: list[str]


def start(game: Game) -> None:
    """Set up the position, apply forced passes; a turn begins for the first player."""
    rules = game.rules
    state = rules.new_game(players=len(game.seats), options=game.options, seed=game.seed)
    game.status, game.started_at = ACTIVE, utcnow()
    moves = []
    state = store(game, state, moves)
    events.game_started.send(game, state=state)
    turn_begins(game, state, moves)


def new_seed() -> int:
    return secrets.randbelow(2**31)


def preview_turn(game: Game, seat: int, text: str, expected_ply: int) -> TurnPreview:
    """Check a typed turn (or the start of one) for ``seat`` and show where it leads.

    :raises GameNotActive, PositionChanged, NotYourTurn, IllegalMove: as ``submit_turn``.
    """
    state = check_actor(game, seat, expected_ply)
    plies, state = game.rules.apply_turn(state, text.strip())
    complete = _turn_complete(game.rules, state)
    next_moves = [] if complete else game.rules.legal_moves(state)
    return TurnPreview(state, plies, complete, next_moves)


def preview_whole_turn(game: Game, seat: int, text: str, expected_ply: int) -> TurnPreview:
    """Check a typed whole turn for ``seat`` as :func:`submit_turn` would, storing nothing
    (a move held until its player confirms it).

    :raises GameNotActive, PositionChanged, NotYourTurn, IllegalMove: as ``submit_turn``.
    """
    preview = preview_turn(game, seat, text, expected_ply)
    if not preview.complete:
        raise _unfinished(game.rules, preview.state)
    return preview


def submit_turn(game: Game, seat: int, text: str, expected_ply: int, comment: str = "") -> None:
    """Apply a whole typed turn for ``seat`` to ``game`` (loaded with its row locked in this
    transaction) and flush, with the player's ``comment`` on it, if any (:mod:`.thread`). The
    compare-and-set on ``Game.version`` refuses a stale game.

    :raises GameNotActive: the game has not started or is over.
    :raises PositionChanged: the game is no longer at ``expected_ply`` (a race was lost).
    :raises NotYourTurn: the seat is not to move.
    :raises IllegalMove: the rules' reason; for a multi-ply turn, naming the failing step.
    :raises OutOfTime: the seat's clock had run out: nothing is played, and the seat is timed
        out instead, kept by the unit of work (``pbem.core.work.keep_on_error``).
    :raises MessageRefused: the comment cannot be posted (nothing is played).
    :raises Blocked: a comment, where a block stands between the players (nothing is played).
    """
    rules = game.rules
    state = check_actor(game, seat, expected_ply)
    _refuse_if_out_of_time(game, seat)
    remark = thread.comment_for(game, seat, comment)
    plies, state = rules.apply_turn(state, text.strip())
    if not _turn_complete(rules, state):
        raise _unfinished(rules, state)
    moves = [Played(seat, ply, text.strip()[:500]) for ply in plies]
    mark_joined(game.seats[seat].player)  # a move proves the address, as a sign-in does
    if remark is not None:  # on the turn's last ply (forced passes may follow it)
        thread.add_comment(game, seat, game.ply + len(plies), remark)
    state = store(game, state, moves)
    turn_begins(game, state, moves)
    db.session.flush()


def _refuse_if_out_of_time(game: Game, seat: int) -> None:
    """Before anything is written: a move too late is not played; the seat times out in its
    place, in the same unit of work, which keeps it though the move is refused."""
    why = ports.time_ran_out(game, seat, utcnow())
    if why is None:
        return
    resign(game, seat, reason=TIMED_OUT)
    db.session.flush()
    work.keep_on_error()
    raise OutOfTime(why)


#: A typed turn that stops before its end: the server's refusal (the rules accept each ply),
#: translated with the games' own (``phrases.MESSAGES``).
UNFINISHED = Refusal("play.turn-incomplete", "the turn is not finished: continue it with one of "
                     "{moves}", code="turn-incomplete")


def _unfinished(rules, state) -> IllegalMove:
    return UNFINISHED(moves=", ".join(rules.legal_moves(state)[:12]))


def _turn_complete(rules, state) -> bool:
    return rules.is_over(state) or not rules.turn_plies(state)
