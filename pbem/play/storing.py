"""Storing plies: the forced passes that follow them, the one write of the plies and the game
row (a compare-and-set on ``Game.version``, past the ORM's unit of work), the events that say
what happened, and the turn that begins after them, which a seat's conditional reply may answer
at once. Everything here flushes; the entry point (:mod:`.commands`) commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sqlalchemy import bindparam, func, insert, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from ..core.db import utcnow
from ..core.extensions import db
from . import events
from .models import FINISHED, Game, Move, set_outcomes

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


def store(game: Game, state, moves: list[Played], how: str = events.RULES):
    """Append ``moves``, then any forced passes, and cache the resulting state; a game the
    moves ended finishes (``how``: by the rules, or by the resignation, timeout or forfeit
    among ``moves``)."""
    state, result = settle(game.rules, state, moves)
    write([(game, moves, state, result)])
    publish(game, state, moves, result, how)
    return state


def settle(rules, state, moves: list[Played]) -> tuple[object, dict | None]:
    """Play the forced passes that follow ``moves`` (added to them); the state reached and,
    if it is over, the result."""
    while not rules.is_over(state) and rules.legal_moves(state) == [PASS]:
        seat = rules.to_move(state)
        state = rules.play(state, PASS)
        moves.append(Played(seat, PASS, PASS, auto=True))
    result = ({"winners": rules.winners(state), "scores": rules.scores(state),
               "reason": rules.end_reason(state)} if rules.is_over(state) else None)
    return state, result


def publish(game: Game, state, moves: list[Played], result: dict | None, how: str) -> None:
    """Say that ``moves`` were stored, and that the game finished if they ended it."""
    events.turn_played.send(game, state=state, moves=moves)
    if result is not None:
        events.game_finished.send(game, state=state, how=how)


def turn_begins(game: Game, state, moves: list[Played]) -> None:
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
    reply, plies, state, around = answer
    answered = [Played(seat, ply, reply[:500], answer=True) for ply in plies]
    with around:
        state = store(game, state, answered)
        turn_begins(game, state, answered)


#: Answers a turn that begins, ``(game, seat, state, moves) -> None or (the whole turn's
#: text, its canonical plies, the state after them, a context manager that play stores them
#: and begins the next turn in)``, before it is published: handed over at
#: start-up by the package that keeps players' conditional moves (play does not import it);
#: the turn it answers has been played by the rules, and is complete. It is asked right
#: after the events of the turn that led there, whenever a turn begins (which it may count
#: on: the conditional moves leave writing their lines to it).
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


#: The columns of a ply's row (:func:`write`).
_PLY_COLUMNS = ("game_id", "ply", "seat", "move", "text", "auto", "created_at")


def write(writes: list[tuple[Game, list[Played], object, dict | None]]) -> None:
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
