"""What a player can do with their whole account: download their data, delete it. These reach
across domains (the games they play), so they live above them, in the web layer."""

from __future__ import annotations

from dataclasses import asdict

from flask import flash, g, jsonify, redirect, session, url_for

from ..accounts.auth import login_required
from ..accounts.forms import DeleteForm
from ..accounts.service import delete_account as erase
from ..clocks import booking
from ..core.db import utcnow
from ..notifications import settings as notification_settings
from ..play import setup as games
from ..play import thread
from ..play.queries import games_of
from ..tournaments import service as tournaments
from .views import bp


@bp.get("/account/data.json")
@login_required
def my_data():
    """Everything pbem keeps about the signed-in player, as JSON: the account, its settings,
    each of their games with its moves, and the comments and messages they wrote."""
    player = g.player
    games = [{
        "id": game.id, "game": game.slug, "status": game.status, "options": game.options,
        "seed": game.seed, "seat": game.seat_of(player).index,
        "created_at": game.created_at.isoformat(),
        "moves": [{"ply": m.ply, "seat": m.seat, "move": m.move,
                   "at": m.created_at.isoformat()} for m in game.moves],
    } for game in games_of(player)]
    response = jsonify({
        "account": {"id": player.id, "email": player.email, "name": player.name,
                    "is_admin": player.is_admin, "findable": player.findable,
                    "created_at": player.created_at.isoformat(),
                    "joined_at": player.joined_at and player.joined_at.isoformat()},
        "notification_settings": asdict(notification_settings.settings_of(player.id)),
        "games": games,
        "messages": [{"game": m.game_id, "ply": m.ply, "with_move": m.with_move,
                      "text": m.body, "at": m.created_at.isoformat()}
                     for m in thread.written_by(player.id)],
    })
    response.headers["Content-Disposition"] = "attachment; filename=pbem-my-data.json"
    return response


@bp.post("/account/delete")
@login_required
def delete_account():
    """A confirmed POST deletes the account (:func:`delete_everywhere`)."""
    if not DeleteForm().validate_on_submit():
        flash("Tick the box to confirm that you want to delete your account.")
        return redirect(url_for("accounts.account"))
    delete_everywhere(g.player)
    session.clear()
    flash("Your account is deleted.")
    return redirect(url_for("web.home"))


def delete_everywhere(player) -> None:
    """Delete the account in every domain, flushing only. The address and name go first, so
    what follows (the tournament logs, the mail to opponents) names a "deleted player" and
    nothing is mailed to them; then the tournaments (whose forfeits resign some games), the
    games still going, the comments and messages they wrote, and the notification settings
    and vacations."""
    erase(player)
    tournaments.leave_all(player, utcnow())
    games.leave_all(player)
    thread.forget(player.id)
    notification_settings.forget(player.id)
    booking.forget(player.id)
