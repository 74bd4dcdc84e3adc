"""Moves by email held for the player's confirmation (:class:`.models.PendingMove`): one per
seat, a newer move replacing it, bound to the ply it was read at; forgotten when played,
confirmed or when the game ends, so no game keeps rows nobody can confirm any more."""

from __future__ import annotations

import secrets

from sqlalchemy import delete

from ..core.db import utcnow
from ..core.extensions import db
from ..play import batch
from .models import PendingMove

#: Letters and digits no one misreads for another (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def hold(game_id: int, seat: int, ply: int, move: str, comment: str = "") -> PendingMove:
    """Hold ``move`` (a whole turn) for ``seat`` at ``ply``, with the ``comment`` that goes with
    it, in place of any move held before, under a new code."""
    pending = db.session.get(PendingMove, (game_id, seat))
    if pending is None:
        pending = PendingMove(game_id=game_id, seat=seat)
        db.session.add(pending)
    pending.ply, pending.move, pending.code = ply, move, _new_code()
    pending.comment = comment or None
    pending.created_at = utcnow()
    return pending


def held(game_id: int, seat: int) -> PendingMove | None:
    return db.session.get(PendingMove, (game_id, seat))


def forget_game(game_id: int) -> None:
    """Drop every move held in a game that has ended: none of them can be played now. In a
    batch of games (the clocks' tick, ``pbem.play.batch``), once for all of them at its end."""
    batch.later("held moves", game_id, forget_games)


def forget_games(game_ids: list[int]) -> None:
    """:func:`forget_game` for many games in one statement, without the ORM checking the
    deletion against every object the session holds."""
    db.session.execute(delete(PendingMove).where(PendingMove.game_id.in_(game_ids))
                       .execution_options(synchronize_session=False))


def _new_code() -> str:
    """A short code naming one preview, so that confirming an older one plays nothing."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(4))
