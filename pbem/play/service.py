"""Playing games: start, preview, submit, resign, replay.

A move arrives through the same checks in a fixed order (game exists, not over, the seat
plays here, expected ply, whose turn, the rules) and is stored with a compare-and-set on
``Game.version`` plus the unique (game, ply) key, so the database refuses the second of two
racing submissions whichever process they reach.

Services here take a game loaded and locked by the caller, change it and flush; they never
commit. The entry point (:mod:`.commands`) owns the race guard and the commit. What happens is
published as events (:mod:`.events`), whose receivers (clocks, mail) run in this transaction.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from functools import cache

from sqlalchemy import bindparam, func, insert, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from ..accounts.service import mark_joined
from ..core import work
from ..core.db import utcnow
from ..core.extensions import db
from ..games import IllegalMove, Refusal
from . import events, ports, thread
from .errors import GameNotActive, NotYourTurn, OutOfTime, PositionChanged
from .models import ACTIVE, FINISHED, RESIGN, RESIGNED, TIMED_OUT, Game, Move, set_outcomes

PASS = "pass"


@dataclass(frozen=True)
class Played:
    """A ply about to be stored: what the clocks and the turn email read of it."""

    seat: int
    move: str
    text: str
    auto: bool = False
    #: Played by its seat's conditional reply, in the transaction of the turn it answered
    #: (:func:`answer_turns_with`).
    answer: bool = False


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
    state = _store(game, state, moves)
    events.game_started.send(game, state=state)
    _turn_begins(game, state, moves)


def new_seed() -> int:
    return secrets.randbelow(2**31)


def preview_turn(game: Game, seat: int, text: str, expected_ply: int) -> TurnPreview:
    """Check a typed turn (or the start of one) for ``seat`` and show where it leads.

    :raises GameNotActive, PositionChanged, NotYourTurn, IllegalMove: as ``submit_turn``.
    """
    state = _check_actor(game, seat, expected_ply)
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
    state = _check_actor(game, seat, expected_ply)
    _refuse_if_out_of_time(game, seat)
    remark = thread.comment_for(game, seat, comment)
    plies, state = rules.apply_turn(state, text.strip())
    if not _turn_complete(rules, state):
        raise _unfinished(rules, state)
    moves = [Played(seat, ply, text.strip()[:500]) for ply in plies]
    mark_joined(game.seats[seat].player)  # a move proves the address, as a sign-in does
    if remark is not None:  # on the turn's last ply (forced passes may follow it)
        thread.add_comment(game, seat, game.ply + len(plies), remark)
    state = _store(game, state, moves)
    _turn_begins(game, state, moves)
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


def resign(game: Game, seat: int, expected_ply: int | None = None, *,
           reason: str = RESIGNED) -> None:
    """Resign ``seat`` (on its turn or not) in ``game`` (loaded with its row locked); two-player
    games end, bigger ones play on.

    Timeouts and forfeits are resignations too; ``reason`` (``RESIGNED``, ``TIMED_OUT`` or
    ``FORFEITED``) is kept as the ply's text, so the record says how the game ended, and is
    how it finished if it did (``events.game_finished``). The flush is the caller's, with the
    rest of its unit of work: the clocks' tick writes a whole batch of timeouts in one flush,
    and answers for a failed one itself.

    :raises GameNotActive, PositionChanged: see ``submit_turn``.
    :raises IllegalMove: the seat is already out (``not-in-game``).
    """
    check_active(game)
    if expected_ply is not None and game.ply != expected_ply:
        raise position_changed(game)
    rules = game.rules
    before = game.load_state()
    moves = [Played(seat, RESIGN, reason)]
    state = _store(game, rules.resign(before, seat), moves, how=reason)
    if rules.to_move(state) != rules.to_move(before):
        _turn_begins(game, state, moves)


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
        state, result = _settle(game.rules, after, moves)
        done.append((game, before, state, moves, result))
    _write([(game, moves, state, result) for game, _, state, moves, result in done])
    for game, before, state, moves, result in done:
        _publish(game, state, moves, result, reason)
        if game.rules.to_move(state) != game.rules.to_move(before):
            _turn_begins(game, state, moves)
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
    statement that stores them, :func:`_write`.)"""
    game.status, game.finished_at, game.result = FINISHED, utcnow(), result
    game.end_offer = None
    game.set_turn(None)
    events.game_finished.send(game, state=state, how=how)


def replay(game: Game, upto: int | None = None, moves=None):
    """The state after the first ``upto`` plies (all of them by default), from the history
    (``moves``: the history when the caller has already read it, e.g. ``queries.history``)."""
    rules = game.rules
    state = rules.new_game(players=len(game.seats), options=game.options, seed=game.seed)
    for move in (game.moves if moves is None else moves)[:upto]:
        state = apply_ply(rules, state, move.seat, move.move)
    return state


def apply_ply(rules, state, seat: int, ply: str):
    """One stored history entry applied to ``state`` (a resignation or a ply)."""
    return rules.resign(state, seat) if ply == RESIGN else rules.play(state, ply)


# ----- the steps -------------------------------------------------------------------------------


def check_active(game: Game) -> None:
    if game.status == FINISHED:
        raise GameNotActive("This game is over; no more moves can be made.", "game-over")
    if game.status != ACTIVE:
        raise GameNotActive("This game has not started.", "not-started")


def position_changed(game: Game) -> PositionChanged:
    return PositionChanged(
        f"The position changed: the game is now at ply {game.ply}. Look at the board again."
    )


def _check_actor(game: Game, seat: int, expected_ply: int):
    check_active(game)
    if not any(s.index == seat for s in game.seats):
        raise NotYourTurn("You do not play in this game.", "not-in-game")
    if game.ply != expected_ply:
        raise position_changed(game)
    state = game.load_state()
    if game.rules.to_move(state) != seat:
        raise NotYourTurn("It is not your turn.")
    return state


#: A typed turn that stops before its end: the server's refusal (the rules accept each ply),
#: translated with the games' own (``phrases.MESSAGES``).
UNFINISHED = Refusal("play.turn-incomplete", "the turn is not finished: continue it with one of "
                     "{moves}", code="turn-incomplete")


def _unfinished(rules, state) -> IllegalMove:
    return UNFINISHED(moves=", ".join(rules.legal_moves(state)[:12]))


def _turn_complete(rules, state) -> bool:
    return rules.is_over(state) or not rules.turn_plies(state)


def _store(game: Game, state, moves: list[Played], how: str = events.RULES):
    """Append ``moves``, then any forced passes, and cache the resulting state; a game the
    moves ended finishes (``how``: by the rules, or by the resignation, timeout or forfeit
    among ``moves``)."""
    state, result = _settle(game.rules, state, moves)
    _write([(game, moves, state, result)])
    _publish(game, state, moves, result, how)
    return state


def _settle(rules, state, moves: list[Played]) -> tuple[object, dict | None]:
    """Play the forced passes that follow ``moves`` (added to them); the state reached and,
    if it is over, the result."""
    while not rules.is_over(state) and rules.legal_moves(state) == [PASS]:
        seat = rules.to_move(state)
        state = rules.play(state, PASS)
        moves.append(Played(seat, PASS, PASS, auto=True))
    result = ({"winners": rules.winners(state), "scores": rules.scores(state),
               "reason": rules.end_reason(state)} if rules.is_over(state) else None)
    return state, result


def _publish(game: Game, state, moves: list[Played], result: dict | None, how: str) -> None:
    events.turn_played.send(game, state=state, moves=moves)
    if result is not None:
        events.game_finished.send(game, state=state, how=how)


def _turn_begins(game: Game, state, moves: list[Played]) -> None:
    """Publish the turn that begins in ``state``, if one does (not mid-turn, not at the end);
    a turn its seat answered beforehand (conditional moves: :func:`answer_turns_with`) is
    played at once instead, in this transaction, and the next turn begins."""
    rules = game.rules
    seat = rules.to_move(state)
    if seat is None or rules.turn_plies(state):
        return
    answer = _answerer(game, seat, state, moves) if _answerer is not None else None
    if answer is None:
        events.turn_begins.send(game, seat=seat, state=state, moves=moves)
        return
    reply, plies, state = answer
    answered = [Played(seat, ply, reply[:500], answer=True) for ply in plies]
    state = _store(game, state, answered)
    _turn_begins(game, state, answered)


#: Answers a turn that begins, ``(game, seat, state, moves) -> None or (the whole turn's
#: text, its canonical plies, the state after them)``, before it is published: handed over at
#: start-up by the package that keeps players' conditional moves (play does not import it);
#: the turn it answers has been played by the rules, and is complete.
_answerer = None


def answer_turns_with(answerer) -> None:
    global _answerer
    _answerer = answerer


_INSERT_PLIES = insert(Move.__table__)
#: Sets the columns its parameters name; a compare-and-set on the version.
_UPDATE_GAME = update(Game.__table__).where(
    Game.__table__.c.id == bindparam("game_id"),
    Game.__table__.c.version == bindparam("read_version"))
#: The parameter of the text a move appends to the game's grown part (``rules.to_stored``).
_GROWN = "grown_added"
#: :data:`_UPDATE_GAME` appending to the grown part in the database, which is not read.
_UPDATE_GAME_GROWING = _UPDATE_GAME.values(
    grown=func.coalesce(Game.__table__.c.grown, "") + bindparam(_GROWN))


@cache
def _update_game_inserting(count: int, growing: bool):
    """:data:`_UPDATE_GAME` (or :data:`_UPDATE_GAME_GROWING`) with the INSERTs of ``count``
    plies riding along as CTEs (for PostgreSQL), their values bound as ``<column>_<n>``:
    built once per count, and one single-row INSERT per ply, so its SQL is compiled once too
    (SQLAlchemy caches no multi-row VALUES: the plies given as values compiled the statement
    on every move)."""
    return (_UPDATE_GAME_GROWING if growing else _UPDATE_GAME).add_cte(*(
        _INSERT_PLIES.values({column: bindparam(f"{column}_{n}") for column in _PLY_COLUMNS})
        .cte(f"ply_{n}") for n in range(count)))


#: The columns of a ply's row (:func:`_write`).
_PLY_COLUMNS = ("game_id", "ply", "seat", "move", "text", "auto", "created_at")


def _write(writes: list[tuple[Game, list[Played], object, dict | None]]) -> None:
    """For each ``(game, moves, state, result)``: insert the plies and move the game on to
    ``state`` (its snapshot, what the moves add to its grown part appended in the database,
    and whose turn it is; given the ``result`` the moves led to, the end), past the ORM's
    unit of work, which cost more than all the rest of a move. One game takes one statement
    on PostgreSQL (the plies' INSERT rides along the UPDATE), two elsewhere; many take one
    INSERT and an UPDATE per kind of change, each for all of them.

    Each UPDATE is the same compare-and-set on ``Game.version`` that the ORM makes, and each
    loaded game is kept in step with it, unchanged in the session's eyes, so nothing is
    written twice; its seats' outcomes follow the result through the ORM.
    """
    if not writes:
        return
    connection, now = db.session.connection(), utcnow()
    plies, updates = [], {}
    for game, moves, state, result in writes:
        seat = game.rules.to_move(state)
        snapshot, grown = game.rules.to_stored(state, game.snapshot)
        changes = {"ply": game.ply + len(moves), "snapshot": snapshot, "to_move_seat": seat,
                   "to_move_player_id": None if seat is None else game.seats[seat].player_id,
                   "version": game.version + 1, "updated_at": now}
        if grown:
            changes[_GROWN] = grown
        if result is not None:  # a standing proposal to end the game goes with it
            changes.update(status=FINISHED, finished_at=now, result=result, end_offer=None)
        plies += [{"game_id": game.id, "ply": game.ply + n, "seat": move.seat,
                   "move": move.move, "text": move.text, "auto": move.auto, "created_at": now}
                  for n, move in enumerate(moves, start=1)]
        updates.setdefault(tuple(changes), []).append((game, changes))
    inserting, ply_params = False, {}
    if len(writes) == 1 and plies and connection.dialect.name == "postgresql":
        inserting = True
        ply_params = {f"{name}_{n}": value
                      for n, ply in enumerate(plies) for name, value in ply.items()}
    elif plies:
        connection.execute(_INSERT_PLIES, plies)
    for names, group in updates.items():
        growing = _GROWN in names
        update_game = (_update_game_inserting(len(plies), growing) if inserting
                       else _UPDATE_GAME_GROWING if growing else _UPDATE_GAME)
        params = [{**changes, **ply_params, "game_id": game.id, "read_version": game.version}
                  for game, changes in group]
        written = connection.execute(update_game, params if len(params) > 1 else params[0])
        if written.rowcount != len(params):
            raise StaleDataError(f"{len(params) - written.rowcount} of the games "
                                 f"{[game.id for game, _ in group]} changed since they were read")
    for game, changes in (write for group in updates.values() for write in group):
        for name, value in changes.items():
            if name == _GROWN:  # appended in the database: read again if asked for
                db.session.expire(game, ["grown"])
            else:
                set_committed_value(game, name, value)
        if "result" in changes:
            set_outcomes(game, changes["result"])


def _position_changed() -> PositionChanged:
    return PositionChanged(
        "The position changed: someone else acted in this game at the same moment. "
        "Look at the board again.")


def race_guard():
    """Turn a lost race (a stale ``Game.version`` or a taken ply) into ``PositionChanged``;
    nothing of the losing transaction is kept (``pbem.core.work.race_guard``)."""
    return work.race_guard(_position_changed)
