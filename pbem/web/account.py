"""What a player can do with their whole account: download their data, delete it. These reach
across domains (the games they play), so they live above them, in the web layer."""

from __future__ import annotations

from dataclasses import asdict

from flask import flash, g, jsonify, redirect, session, url_for
from flask_babel import gettext as _
from sqlalchemy import or_, select

from ..accounts import blocks
from ..accounts.auth import login_required
from ..accounts.forms import DeleteForm
from ..accounts.service import delete_account as erase
from ..challenges.models import Challenge, ChallengeSeat, StandingChallenge
from ..clocks import booking
from ..conditional import service as conditional
from ..core.db import utcnow
from ..core.extensions import db
from ..notes import service as notes
from ..notifications import settings as notification_settings
from ..play import setup as games
from ..play import thread
from ..play.queries import games_of
from ..ratings import queries as ratings
from ..tournaments import service as tournaments
from .views import bp


@bp.get("/account/data.json")
@login_required
def my_data():
    """Everything pbem keeps about the signed-in player, as JSON: the account, its settings
    (confirming moves by email and spending vacation days automatically included), each of
    their games with its moves, the comments and messages they wrote, their ratings with
    every rated game's change, their vacations, the challenges they posted or joined and the
    players they blocked."""
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
        "notification_settings": {
            **asdict(notification_settings.settings_of(player.id)),
            "confirm_email_moves": notification_settings.confirms_email_moves(player.id),
            "auto_vacation": notification_settings.auto_vacation_on(player.id)},
        "games": games,
        "messages": [{"game": m.game_id, "ply": m.ply, "with_move": m.with_move,
                      "text": m.body, "at": m.created_at.isoformat()}
                     for m in thread.written_by(player.id)],
        "notes": notes.of_player(player.id),
        "ratings": [{"game": history.slug, "rating": history.rating, "games": history.games,
                     "provisional": history.provisional,
                     "rated_games": [{"game_id": p.game_id,
                                      "finished_at": p.finished_at.isoformat(),
                                      "place": p.place + 1, "players": p.players,
                                      "rating_after": p.rating, "change": p.change}
                                     for p in history.points]}
                    for history in ratings.histories(player)],
        "vacations": [{"starts_at": v.starts_at.isoformat(), "ends_at": v.ends_at.isoformat(),
                       "automatic": v.auto} for v in booking.all_of(player.id)],
        "challenges": _challenges(player),
        "blocked_players": [{"id": other.id, "name": other.name}
                            for other in blocks.blocked_by(player)],
    })
    response.headers["Content-Disposition"] = "attachment; filename=pbem-my-data.json"
    return response


def _challenges(player) -> dict:
    """The challenges the player posted or joined, and their standing challenges."""
    joined = select(ChallengeSeat.challenge_id).where(ChallengeSeat.player_id == player.id)
    posted = db.session.scalars(
        select(Challenge).where(or_(Challenge.poster_id == player.id, Challenge.id.in_(joined)))
        .order_by(Challenge.id)).all()
    standing = db.session.scalars(select(StandingChallenge).where(
        StandingChallenge.player_id == player.id).order_by(StandingChallenge.id)).all()
    return {
        "posted_or_joined": [{
            "id": c.id, "game": c.slug, "options": c.options, "players": c.players,
            "time_control": c.time_control, "rated": c.rated, "status": c.status,
            "posted_by_you": c.poster_id == player.id, "game_id": c.game_id,
            "created_at": c.created_at.isoformat(), "expires_at": c.expires_at.isoformat()}
            for c in posted],
        "standing": [{"id": s.id, "game": s.slug, "options": s.options, "players": s.players,
                      "time_control": s.time_control, "rated": s.rated, "keep": s.keep,
                      "created_at": s.created_at.isoformat()} for s in standing]}


@bp.post("/account/delete")
@login_required
def delete_account():
    """A confirmed POST deletes the account (:func:`delete_everywhere`)."""
    if not DeleteForm().validate_on_submit():
        flash(_("Tick the box to confirm that you want to delete your account."))
        return redirect(url_for("accounts.account"), 303)
    delete_everywhere(g.player)
    session.clear()
    flash(_("Your account is deleted."))
    return redirect(url_for("web.home"), 303)


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
    notes.forget(player.id)
    conditional.delete_for_player(player.id)
