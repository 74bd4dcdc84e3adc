"""A player's private notes on a game: read, save (plain text, bounded), export, forget."""

from __future__ import annotations

from flask_babel import format_number
from sqlalchemy import delete, select

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l, lazy
from .models import NOTES_LENGTH, GameNote


class NotesRefused(PbemError):
    status = 422
    code = "notes-refused"


def read(game_id: int, player_id: int) -> str:
    return db.session.scalar(select(GameNote.body).where(
        GameNote.game_id == game_id, GameNote.player_id == player_id)) or ""


def save(game_id: int, player_id: int, body: str) -> None:
    """Keep ``body`` as the player's notes on the game (empty: none). Flushes only.

    :raises NotesRefused: longer than :data:`NOTES_LENGTH` characters.
    """
    body = (body or "").replace("\r\n", "\n")
    if len(body) > NOTES_LENGTH:
        raise NotesRefused(_l("Notes are at most %(most)s characters; these have %(count)s.",
                              most=lazy(lambda: format_number(NOTES_LENGTH)),
                              count=lazy(lambda: format_number(len(body)))))
    note = db.session.scalar(select(GameNote).where(
        GameNote.game_id == game_id, GameNote.player_id == player_id))
    if not body.strip():
        if note is not None:
            db.session.delete(note)
    elif note is None:
        db.session.add(GameNote(game_id=game_id, player_id=player_id, body=body))
    else:
        note.body = body
    db.session.flush()


def of_player(player_id: int) -> list[dict]:
    """Every note of the player, for their data export."""
    return [{"game": note.game_id, "text": note.body, "updated_at": note.updated_at.isoformat()}
            for note in db.session.scalars(select(GameNote).where(
                GameNote.player_id == player_id).order_by(GameNote.game_id))]


def forget(player_id: int) -> None:
    """Delete every note of the player (their account is deleted)."""
    db.session.execute(delete(GameNote).where(GameNote.player_id == player_id))
