"""How games end other than by their moves: a resignation (timeouts and forfeits are
resignations too, one at a time or a tick's batch of them), and a decision (an adjudication, an
agreement). Each takes the game loaded with its row locked and flushes, or leaves the flush to
its caller; the entry point (:mod:`.commands`) commits.
"""

from __future__ import annotations

from ..core.db import utcnow
from ..core.extensions import db
from ..games import IllegalMove
from . import events
from .guards import check_active, position_changed
from .models import ACTIVE, FINISHED, RESIGN, RESIGNED, Game
from .storing import Played, publish, settle, store, turn_begins, write


def resign(game: Game, seat: int, expected_ply: int | None = None, *,
           reason: str = RESIGNED) -> None:
    """Resign ``seat`` (on its turn or not) in ``game`` (loaded with its row locked); two-player
    games end, bigger ones play on.

    Timeouts and forfeits are resignations too; ``reason`` (``RESIGNED``, ``TIMED_OUT`` or
    ``FORFEITED``) is kept as the ply's text, so the record says how the game ended, and is
    how it finished if it did (``events.game_finished``). The flush is the caller's, with the
    rest of its unit of work: the clocks' tick writes a whole batch of timeouts in one flush,
    and answers for a failed one itself.

    :raises GameNotActive, PositionChanged: see ``service.submit_turn``.
    :raises IllegalMove: the seat is already out (``not-in-game``).
    """
    check_active(game)
    if expected_ply is not None and game.ply != expected_ply:
        raise position_changed(game)
    rules = game.rules
    before = game.load_state()
    moves = [Played(seat, RESIGN, reason)]
    state = store(game, rules.resign(before, seat), moves, how=reason)
    if rules.to_move(state) != rules.to_move(before):
        turn_begins(game, state, moves)


def resign_many(resignations: list[tuple[Game, int]], *, reason: str) -> list[Game]:
    """Resign each ``(game, seat)`` as :func:`resign` does (the games loaded with their rows
    locked), storing every game's ply in one pair of statements rather than a round trip per
    game (the clocks' tick times out hundreds at once), then publishing each game's events in
    turn. A game no longer active, or a seat already out, is left alone.

    :returns: the games resigned in.
    """
    done = []
    for game, seat in resignations:
        if game.status != ACTIVE:
            continue
        before = game.load_state()
        try:
            after = game.rules.resign(before, seat)
        except IllegalMove:  # already out
            continue
        moves = [Played(seat, RESIGN, reason)]
        state, result = settle(game.rules, after, moves)
        done.append((game, before, state, moves, result))
    write([(game, moves, state, result) for game, _, state, moves, result in done])
    for game, before, state, moves, result in done:
        publish(game, state, moves, result, reason)
        if game.rules.to_move(state) != game.rules.to_move(before):
            turn_begins(game, state, moves)
    return [game for game, *_ in done]


def adjudicate(game: Game, winners: list[int], *, automatic: bool = False) -> None:
    """End an unfinished game (loaded with its row locked) by decision (a tournament's
    deadline): ``winners`` are the seats placed first, all of them for a draw. The history is
    untouched; the result says ``adjudicated``, and ``automatic`` when the deadline's policy
    decided rather than the director.

    :raises GameNotActive: the game has not started or is over.
    """
    check_active(game)
    end_by_decision(game, game.load_state(), winners, events.ADJUDICATION,
                    **({"automatic": True} if automatic else {}))
    db.session.flush()


#: How a decision is recorded in the result.
_RESULT_FLAGS = {events.AGREEMENT: "agreed", events.ADJUDICATION: "adjudicated"}


def end_by_decision(game: Game, state, winners: list[int], how: str, **details) -> None:
    """End a game its moves have not ended (``how``: ``AGREEMENT`` or ``ADJUDICATION``, as the
    result records it, with any ``details``): the position's scores stand (the clocks stop,
    on the event)."""
    finish(game, state, {"winners": sorted(winners), "scores": game.rules.scores(state),
                         _RESULT_FLAGS[how]: True, **details}, how)


def finish(game: Game, state, result: dict, how: str) -> None:
    """End the game with a decision's ``result``; a standing proposal to end it goes. Through
    the ORM, whose events set the seats' outcomes. (A game its moves end is ended in the
    statement that stores them, :func:`.storing.write`.)"""
    game.status, game.finished_at, game.result = FINISHED, utcnow(), result
    game.end_offer = None
    game.set_turn(None)
    events.game_finished.send(game, state=state, how=how)
