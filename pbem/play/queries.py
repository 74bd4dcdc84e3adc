"""Reading games: by id, a player's games, recent games."""

from __future__ import annotations

from functools import cache

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import contains_eager, selectinload

from ..accounts.blocks import blocked_ids
from ..accounts.models import PLACEHOLDER_TLD, Player
from ..core.db import row_id
from ..core.extensions import db
from ..core.i18n import _l
from .errors import GameNotFound
from .models import FORFEITED, RESIGN, Game, Move, Seat


@cache
def _game_query(lock: bool, refresh: bool):
    """The game by id, with its seats (in order), their players and the players' notification
    settings in the same statement (a move mails the next player; a second round trip cost
    more than the joined rows); ``refresh``: over the objects the session holds already.
    Built once per kind, on first use (when every model is known): building it took longer
    than running it. The joins are written out and their rows read into the relationships
    (``contains_eager``): loading them through ``joinedload``'s aliases cost a sixth more,
    a twentieth of a move's request."""
    query = (
        select(Game)
        .outerjoin(Game.seats).outerjoin(Seat.player).outerjoin(Player.notification_settings)
        .where(Game.id == bindparam("game_id"))
        .order_by(Seat.index)
        .options(contains_eager(Game.seats).contains_eager(Seat.player)
                 .contains_eager(Player.notification_settings))
    )
    if refresh:
        query = query.execution_options(populate_existing=True)
    return query.with_for_update(of=Game) if lock else query


def get_game(game_id, *, lock: bool = False) -> Game:
    """The game with this id, fresh from the database (``lock``: its row locked for update).

    A game the session holds already is read again over it; one it does not hold is loaded
    without the refreshing, which reset every lazy relationship of every object loaded and cost
    a fifteenth of loading a move's game.

    :raises GameNotFound: no such game (also for ids that are not numbers).
    """
    game_id = row_id(game_id)
    if game_id is None:
        raise GameNotFound(_l("There is no such game."))
    session = db.session()
    held = Game.__mapper__.identity_key_from_primary_key((game_id,)) in session.identity_map
    game = session.scalars(_game_query(lock, held), {"game_id": game_id}).unique().first()
    if game is None:
        raise GameNotFound(_l("There is no game #%(id)s.", id=game_id))
    return game


def history(game_id: int) -> list:
    """A game's moves in order as read-only rows (``ply``, ``seat``, ``move``, ``auto``,
    ``text``): what the game page lists, without building an ORM object per move (a 300-ply
    game's page spent more time loading ``Game.moves`` than rendering)."""
    return db.session.execute(
        select(Move.ply, Move.seat, Move.move, Move.auto, Move.text)
        .where(Move.game_id == game_id)
        .order_by(Move.ply)
    ).all()


def moves_since_turn(game_id: int, seat: int, ply: int) -> list:
    """The moves up to ``ply`` (plies count from 1) since ``seat`` last moved itself (its
    forced passes are not moves of its own), as :func:`history`'s rows: what happened while
    the player waited, every other player's turn in a game of three or four."""
    own = (select(func.max(Move.ply))
           .where(Move.game_id == game_id, Move.seat == seat, Move.ply <= ply,
                  Move.auto.is_(False))
           .scalar_subquery())
    return db.session.execute(
        select(Move.ply, Move.seat, Move.move, Move.auto, Move.text)
        .where(Move.game_id == game_id, Move.ply <= ply, Move.ply > func.coalesce(own, 0))
        .order_by(Move.ply)
    ).all()


def resigned_seats(game_ids) -> dict[int, list[int]]:
    """Each game's resigned seats in the order they resigned (timeouts and forfeits are
    resignations too)."""
    resigned: dict[int, list[int]] = {}
    if game_ids:
        rows = db.session.execute(
            select(Move.game_id, Move.seat)
            .where(Move.game_id.in_(list(game_ids)), Move.move == RESIGN)
            .order_by(Move.game_id, Move.ply)
        )
        for game_id, seat in rows:
            resigned.setdefault(game_id, []).append(seat)
    return resigned


def forfeited_seats(game_ids) -> dict[int, list[int]]:
    """Each game's seats that forfeited (a tournament's decision, or a withdrawal), for the
    games that have any."""
    forfeited: dict[int, list[int]] = {}
    if game_ids:
        rows = db.session.execute(
            select(Move.game_id, Move.seat)
            .where(Move.game_id.in_(list(game_ids)), Move.move == RESIGN,
                   Move.text == FORFEITED)
        )
        for game_id, seat in rows:
            forfeited.setdefault(game_id, []).append(seat)
    return forfeited


def games_of(player) -> list[Game]:
    """Every game of a player, newest first, with its seats and moves (their data export)."""
    return db.session.scalars(
        select(Game).join(Seat).where(Seat.player_id == player.id).order_by(Game.id.desc())
        .options(selectinload(Game.seats), selectinload(Game.moves))
    ).all()


def recent_games(limit: int = 20) -> list[Game]:
    return db.session.scalars(select(Game).order_by(Game.updated_at.desc()).limit(limit)).all()


def players_to_offer(player) -> list[Player]:
    """Whom the new-game page offers ``player`` by name: those they have played with (in a
    game that started) and those who let everyone find them; never accounts that have not
    started, were deleted, or stand for an imported record's players, nor anyone with a block
    between them and ``player``. The bots are offered to everyone."""
    my_games = select(Seat.game_id).where(Seat.player_id == player.id)
    played_with = (select(Seat.player_id).join(Game)
                   .where(Seat.game_id.in_(my_games), Game.started_at.is_not(None)))
    return db.session.scalars(
        select(Player)
        .where(Player.id != player.id, Player.deleted_at.is_(None),
               Player.id.not_in(blocked_ids(player)),
               Player.is_bot | (Player.joined_at.is_not(None)
                                & Player.email.not_like(f"%{PLACEHOLDER_TLD}")
                                & (Player.findable | Player.id.in_(played_with))))
        .order_by(Player.name, Player.id)
    ).all()
