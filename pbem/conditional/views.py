"""``/games/<id>/conditional``: a player's conditional moves (GET shows them, POST ``lines``
sets them, or ``keep`` adds the analysis board's line). Only the player sees or sets them."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..accounts.auth import login_required
from ..core.validators import BadNumber, whole_number
from ..play import commands
from ..play.queries import get_game
from . import service
from .service import MAX_LINES, MAX_NODES, MAX_TURNS, ConditionalRefused

bp = Blueprint("conditional", __name__)


def _seat(game) -> int:
    seat = game.seat_of(g.player)
    if seat is None:
        abort(403, _("Only the players of this game keep conditional moves in it."))
    return seat.index


def _page(game, seat, *, lines=None, error=None, status=200):
    tree = service.read(game.id, g.player.id)
    return render_template(
        "conditional/page.html", game=game, seat=seat, tree=tree,
        lines=service.lines_text(tree) if lines is None else lines, error=error,
        may_set=game.status == "active" and game.to_move_seat not in (None, seat),
        bounds=(MAX_LINES, MAX_TURNS, MAX_NODES)), status


@bp.get("/games/<int:game_id>/conditional")
@login_required
def page(game_id):
    game = get_game(game_id)
    return _page(game, _seat(game))


@bp.post("/games/<int:game_id>/conditional")
@login_required
def set_lines(game_id):
    game = commands.locked(game_id)
    seat = _seat(game)
    game_id = game.id
    try:
        ply = whole_number(request.form.get("ply"), 0, 10**9, "ply")
    except BadNumber:
        return _page(game, seat, error=_("The form was incomplete; reload the page."),
                     status=400)
    keep = request.form.get("keep") is not None
    text = request.form.get("lines", "")
    try:
        with commands.unit_of_work():
            if keep:
                plies = request.form.getlist("p")
                if not plies or len(plies) > 200:
                    raise ConditionalRefused(_("Explore a line first: between 1 and 200 plies."))
                service.check_active_for(game, seat)
                if request.form.get("at") != str(game.ply):
                    raise ConditionalRefused(_("Only a line from the game's current position "
                                               "can be kept."), status=409)
                service.add_line(game, seat, service.turns_from_plies(game, plies), ply)
            else:
                service.set_lines(game, seat, service.parse_text(text), ply)
    except ConditionalRefused as exc:
        return _page(get_game(game_id), seat, lines=None if keep else text, error=exc.message,
                     status=exc.status)
    flash(_("Your conditional moves were kept.") if keep or text.strip()
          else _("Your conditional moves were cleared."))
    return redirect(url_for("conditional.page", game_id=game_id), 303)


def keep_line_section(game, found, seat) -> dict:
    """The analysis board's "keep this line as conditional moves", for a player whose
    opponent is to move, exploring from the game's position."""
    if seat is None or game.status != "active" or game.to_move_seat in (None, seat.index) \
            or found.at != game.ply:
        return {}
    tree = service.read(game.id, g.player.id)
    return {"board_sections": ["conditional/_keep.html"],
            "keep_url": url_for("conditional.set_lines", game_id=game.id),
            "conditional_url": url_for("conditional.page", game_id=game.id),
            "kept_lines": service.lines_text(tree)}
