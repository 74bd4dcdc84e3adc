from __future__ import annotations

from flask import Blueprint, render_template
from sqlalchemy import func, select

from ..accounts.auth import admin_required
from ..accounts.models import Player
from ..core.extensions import db
from ..games import all_rules
from ..mail.models import OutboxMessage
from ..play.models import Game

bp = Blueprint("admin", __name__, url_prefix="/admin")


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
    return render_template(
        "admin/index.html",
        players=db.session.scalars(select(Player).order_by(Player.id)).all(),
        games=db.session.scalars(select(Game).order_by(Game.id.desc()).limit(100)).all(),
        pending=pending,
        failing=failing,
        all_rules=all_rules(),
    )
