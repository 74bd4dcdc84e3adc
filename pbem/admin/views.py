"""The administrator's overview: mail waiting, players (searchable, paged) and the newest games.

Every list is bounded: players come a page at a time by id (keyset: the page after the last id
shown), so the page costs the same with ten players or a hundred thousand."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from sqlalchemy import func, or_, select
from sqlalchemy.orm import selectinload

from ..accounts.auth import admin_required
from ..accounts.models import Player
from ..core.db import row_id
from ..core.extensions import db
from ..games import all_rules
from ..mail.models import OutboxMessage
from ..play.models import Game

bp = Blueprint("admin", __name__, url_prefix="/admin")
#: Players shown per page, and the newest games shown.
PLAYERS_PER_PAGE, NEWEST_GAMES = 50, 30


@bp.get("/")
@admin_required
def index():
    pending = db.session.scalar(
        select(func.count()).where(OutboxMessage.sent_at.is_(None),
                                   OutboxMessage.abandoned_at.is_(None))
    )
    failing = db.session.scalars(
        select(OutboxMessage).where(OutboxMessage.sent_at.is_(None),
                                    OutboxMessage.attempts > 0).limit(20)
    ).all()
    query = request.args.get("q", "").strip()[:254]
    after = row_id(request.args.get("after")) or 0  # anything else: the first page
    players = _players_page(query, after)
    games = db.session.scalars(
        select(Game).options(selectinload(Game.seats))
        .order_by(Game.id.desc()).limit(NEWEST_GAMES)
    ).all()
    return render_template(
        "admin/index.html",
        players=players[:PLAYERS_PER_PAGE],
        next_after=players[PLAYERS_PER_PAGE - 1].id if len(players) > PLAYERS_PER_PAGE else None,
        query=query, after=after, games=games, pending=pending, failing=failing,
        all_rules=all_rules(),
    )


def _players_page(query: str, after: int) -> list[Player]:
    """One page of players by id after ``after`` (one more than a page, to know whether
    another follows), those whose name or address contains ``query`` when one is given."""
    statement = select(Player).where(Player.id > after).order_by(Player.id)
    if query:
        pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        statement = statement.where(or_(Player.name.ilike(pattern, escape="\\"),
                                        Player.email.ilike(pattern, escape="\\")))
    return db.session.scalars(statement.limit(PLAYERS_PER_PAGE + 1)).all()
