"""Atom feeds: recently finished games, one player's games, one game's moves.

Built by ``pbem.core.feeds``. Every entry links to a position (``/games/<id>?ply=N``; a result
to the final one, ``/games/<id>``) and its id is that absolute URL, so an entry keeps its id
however often the feed is rebuilt.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import contains_eager, defer, selectinload

from ..core.extensions import db
from ..core.feeds import atom
from ..core.urls import external_url
from ..play.models import ACTIVE, FINISHED, Game, Move, Seat
from ..play.termination import ended_words, terminations
from .queries import SORTS, list_games

LIMIT = 50


def _position(game: Game, ply: int) -> str:
    return external_url("play.game", game_id=game.id, ply=ply)


def _result_entries(games: list[Game]) -> list[dict]:
    """An entry per finished game: who won and how it ended (``termination.ended_words``:
    by the rules, which rule)."""
    endings = terminations(games)
    return [_result_entry(game, ended_words(endings[game.id], game.result)) for game in games]


def _result_entry(game: Game, ended: str) -> dict:
    names = ", ".join(f"{seat.label} {seat.player.name}" for seat in game.seats)
    outcome = f"{_outcome(game)} {ended}"
    return {"url": external_url("play.game", game_id=game.id), "updated": game.finished_at,
            "title": f"{game.title}: {outcome}",
            "summary": f"{names}. {outcome} after {game.ply} plies; scores "
                       + ", ".join(map(str, game.result["scores"])) + "."}


def _outcome(game: Game) -> str:
    """The result in names: ``Ann wins``, ``Draw``, ``Ann, Cy share first place``."""
    winners = game.result["winners"]
    if len(winners) == len(game.seats):
        return "Draw"
    names = ", ".join(game.seats[seat].player.name for seat in winners)
    return f"{names} wins" if len(winners) == 1 else f"{names} share first place"


def _move_entry(game: Game, move: Move) -> dict:
    seat = game.seats[move.seat]
    return {"url": _position(game, move.ply), "updated": move.created_at,
            "title": f"{game.title}, ply {move.ply}: {seat.player.name} {move.move}",
            "summary": f"{seat.player.name} ({seat.label}) played {move.move} "
                       f"(ply {move.ply})."}


def finished_feed() -> bytes:
    """The most recently finished games."""
    games = list_games(select(Game).where(Game.status == FINISHED)
                       .order_by(*SORTS["finished"].order_by()), limit=LIMIT)
    return atom("pbem: finished games", external_url("archive.finished_feed"),
                 external_url("archive.index", status=FINISHED),
                 _result_entries(games))


def player_feed(player) -> bytes:
    """A player's games: the latest moves in them and their results, newest first."""
    of_player = select(Seat.game_id).where(Seat.player_id == player.id)
    moves = db.session.scalars(
        select(Move).join(Move.game).where(Move.game_id.in_(of_player),
                                           Game.status.in_((ACTIVE, FINISHED)))
        .options(contains_eager(Move.game).options(defer(Game.snapshot),
                                                   selectinload(Game.seats)))
        .order_by(Move.created_at.desc(), Move.id.desc()).limit(LIMIT)
    ).all()
    finished = list_games(select(Game).where(Game.id.in_(of_player), Game.status == FINISHED)
                          .order_by(*SORTS["finished"].order_by()), limit=LIMIT)
    entries = [_move_entry(move.game, move) for move in moves]
    entries += _result_entries(finished)
    entries.sort(key=lambda e: e["updated"], reverse=True)
    return atom(f"pbem: {player.name}'s games",
                 external_url("archive.player_feed", player_id=player.id),
                 external_url("archive.player", player_id=player.id), entries[:LIMIT])


def game_feed(game: Game) -> bytes:
    """One game's moves (the latest ``LIMIT``) and its result, newest first."""
    moves = db.session.scalars(
        select(Move).where(Move.game_id == game.id).order_by(Move.ply.desc()).limit(LIMIT)
    ).all()
    entries = _result_entries([game]) if game.status == FINISHED else []
    entries += [_move_entry(game, move) for move in moves]
    return atom(f"pbem: {game.title}", external_url("archive.game_feed", game_id=game.id),
                 external_url("play.game", game_id=game.id), entries,
                 since=game.started_at or game.created_at)
