"""A player's games sorted by whose turn it is: theirs, others', finished, invitations.

Every list reads whose turn it is from the game row (``Game.to_move_player_id``, indexed with
the deadline), never a snapshot: a page costs the same few statements whether the player has
three games or three hundred. Each list is paged; a page's games come with their seats and
players (``selectinload``), and :func:`last_turns` reads the last turn of all of them at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, nulls_last, select
from sqlalchemy.orm import defer, selectinload

from ..core.extensions import db
from .models import ACTIVE, FINISHED, INVITED, RESIGN, Game, Move, Seat

#: Games per page of each list: a player's lists are short, and a phone shows about this many.
PER_PAGE = 10
#: The most plies one turn can take, forced passes after it included (Spike's and
#: Triumvirate's turns have several plies): how far back :func:`last_turns` reads.
TURN_WINDOW = 12


@dataclass(frozen=True)
class GamesPage:
    """One page of a list: its games, its number (from 1), and whether a next page exists."""

    games: list[Game]
    number: int
    more: bool


@dataclass(frozen=True)
class LastTurn:
    """The latest turn played in a game: by which seat, its plies, when."""

    seat: int
    plies: list[str]
    at: datetime

    @property
    def resigned(self) -> bool:
        return self.plies == [RESIGN]


def waiting_count(player_id: int) -> int:
    """How many games wait for the player's move: one count on the index of whose turn it is."""
    return db.session.scalar(
        select(func.count()).select_from(Game).where(Game.to_move_player_id == player_id))


def your_move(player_id: int, page: int = 1) -> GamesPage:
    """The games where it is the player's move, the nearest deadline first, then those
    without a time limit, longest waiting first."""
    return _page(select(Game).where(Game.to_move_player_id == player_id)
                 .order_by(nulls_last(Game.to_move_deadline.asc()), Game.updated_at, Game.id),
                 page)


def their_move(player_id: int, page: int = 1) -> GamesPage:
    """The player's games in progress waiting for someone else, most recently moved first
    (also those the player has left by resigning, while the others play on)."""
    return _page(_seated(player_id)
                 .where(Game.status == ACTIVE, Game.to_move_player_id != player_id)
                 .order_by(Game.updated_at.desc(), Game.id.desc()), page)


def finished(player_id: int, page: int = 1) -> GamesPage:
    """The player's finished games, the most recently finished first."""
    return _page(_seated(player_id).where(Game.status == FINISHED)
                 .order_by(Game.finished_at.desc(), Game.id.desc()), page)


def invitations(player_id: int, page: int = 1) -> GamesPage:
    """Games not started yet that the player is invited to or waits in, newest first."""
    return _page(_seated(player_id).where(Game.status == INVITED)
                 .order_by(Game.created_at.desc(), Game.id.desc()), page)


def _seated(player_id: int):
    return select(Game).join(Seat, Seat.game_id == Game.id).where(Seat.player_id == player_id)


def _page(query, number: int) -> GamesPage:
    """Page ``number`` of ``query``'s games, their seats and players loaded, snapshots not."""
    number = max(1, number)
    games = db.session.scalars(
        query.options(defer(Game.snapshot), selectinload(Game.seats))
        .limit(PER_PAGE + 1).offset((number - 1) * PER_PAGE)
    ).all()
    return GamesPage(list(games[:PER_PAGE]), number, len(games) > PER_PAGE)


def last_turns(games) -> dict[int, LastTurn]:
    """Each game's latest turn (forced passes skipped; a resignation is a turn of its own),
    for all ``games`` in one statement; games with no move yet are left out."""
    ids = [game.id for game in games if game.ply]
    if not ids:
        return {}
    rows = db.session.execute(
        select(Move.game_id, Move.seat, Move.move, Move.auto, Move.created_at)
        .join(Game, Game.id == Move.game_id)
        .where(Move.game_id.in_(ids), Move.ply > Game.ply - TURN_WINDOW)
        .order_by(Move.game_id, Move.ply.desc())
    )
    turns: dict[int, LastTurn] = {}
    closed: set[int] = set()
    for game_id, seat, move, auto, at in rows:
        turn = turns.get(game_id)
        if game_id in closed or (turn is None and auto):
            continue
        if turn is None:
            turns[game_id] = LastTurn(seat, [move], at)
        elif auto or turn.seat != seat or turn.resigned or move == RESIGN:
            closed.add(game_id)  # a forced pass or another seat's ply ends the turn
        else:
            turn.plies.insert(0, move)
    return turns
