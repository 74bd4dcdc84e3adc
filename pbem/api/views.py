"""The API's routes: the document, the account and the events; the games' routes are in
``game_views``, the lobby's in ``challenge_views``, the blueprint and what they share in
``blueprint``.

Every view goes through :func:`.wrapper.api_view` (the token, its scope, the one commit), and
every act in a game through the same ``pbem.play.commands`` as the web page.
"""

from __future__ import annotations

import json
import re

from flask import Response, g, jsonify, render_template, request, url_for
from markupsafe import Markup, escape
from sqlalchemy import func, select

from ..core.extensions import db
from ..play.models import Game, Move, Seat
from . import challenge_views, game_views, openapi, present
from .blueprint import bp, cursor_number
from .wrapper import api_view

#: The blueprint, with every route of the API registered on it (``game_views`` and
#: ``challenge_views`` are imported for that).
__all__ = ["bp", "challenge_views", "game_views"]


# ----- the document ---------------------------------------------------------------------------


@bp.app_template_filter("ticks")
def ticks(text: str) -> Markup:
    """The document's text for a page: escaped, with `code` in backticks set as code."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


@bp.get("/openapi.json")
def document():
    response = jsonify(openapi.document())
    response.headers["Access-Control-Allow-Origin"] = "*"
    return response


@bp.get("/docs")
def docs():
    return render_template("api/docs.html", doc=openapi.document(),
                           spec_url=url_for("api.document"))


# ----- the account ----------------------------------------------------------------------------


@bp.get("/me")
@api_view("read")
def me():
    return jsonify(present.me(g.api_player, g.api_token))


# ----- events ---------------------------------------------------------------------------------

@bp.get("/stream")
@api_view("read")
def stream():
    """The caller's events as server-sent events: each ply played in their games (``move``),
    marked when it makes it their turn, and ``game-over`` when it ended the game; resumed from
    ``Last-Event-ID`` (or ``?last_event_id=``), an event's id being its ply's row.

    Each answer sends what happened since and ends, with a ``retry`` telling the browser's
    EventSource when to ask again (it sends the last id by itself): a long-poll fallback, no
    worker held per client, at the cost of up to ``openapi.RETRY_MS`` of delay. Without an id
    the answer names the latest one, to start from now.
    """
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_event_id")
    player = g.api_player
    lines = [f"retry: {openapi.RETRY_MS}\n"]
    if raw is None:
        latest = db.session.scalar(select(func.max(Move.id))) or 0
        lines.append(f"id: {latest}\nevent: hello\ndata: {{}}\n")
    else:
        after = cursor_number(raw, "Last-Event-ID")
        mine = select(Seat.game_id).where(Seat.player_id == player.id)
        rows = db.session.execute(
            select(Move.id, Move.game_id, Move.ply, Move.seat, Move.move, Game.ply.label("now"),
                   Game.status, Game.to_move_player_id)
            .join(Game, Game.id == Move.game_id)
            .where(Move.id > after, Move.game_id.in_(mine))
            .order_by(Move.id).limit(openapi.EVENTS_PER_ANSWER)).all()
        for row in rows:
            latest = row.ply == row.now
            kind = "game-over" if latest and row.status == "finished" else "move"
            data = {"game": row.game_id, "ply": row.ply, "seat": row.seat, "move": row.move,
                    "your_turn": latest and row.to_move_player_id == player.id}
            lines.append(f"id: {row.id}\nevent: {kind}\ndata: {json.dumps(data)}\n")
    response = Response("\n".join(lines) + "\n", mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    return response
