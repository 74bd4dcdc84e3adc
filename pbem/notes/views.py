"""``POST /games/<id>/notes``: a player saves their private notes on a game (from the game
page or the analysis board, where they are shown to that player only)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, request, url_for
from flask_babel import gettext as _

from ..accounts.auth import login_required
from ..play.queries import get_game
from . import service
from .models import NOTES_LENGTH
from .service import NotesRefused

bp = Blueprint("notes", __name__)


@bp.post("/games/<int:game_id>/notes")
@login_required
def save(game_id):
    game = get_game(game_id)
    if game.seat_of(g.player) is None:
        abort(403, _("Only the players of this game keep notes on it."))
    try:
        service.save(game.id, g.player.id, request.form.get("notes", ""))
    except NotesRefused as exc:
        abort(exc.status, exc.message)
    flash(_("Your notes were saved."))
    back = request.form.get("back", "")
    if not back.startswith(f"/games/{game.id}") or "//" in back or "\\" in back:
        back = url_for("play.game", game_id=game.id)
    return redirect(back + "#notes", 303)


def notes_context(game, reader_id) -> dict:
    """What the game page and the analysis board show the reader of their own notes: only a
    player of the game, signed in, sees and edits them."""
    if reader_id is None or g.get("player") is None or g.player.id != reader_id \
            or game.seat_of(g.player) is None:
        return {}
    return {"private_notes": {"body": service.read(game.id, reader_id),
                              "url": url_for("notes.save", game_id=game.id),
                              "back": request.full_path.rstrip("?"),
                              "limit": NOTES_LENGTH}}
