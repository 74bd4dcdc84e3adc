from __future__ import annotations

from flask import Blueprint, abort, current_app, g, render_template, request
from markupsafe import escape
from sqlalchemy import select

from ..core.db import utcnow
from ..core.extensions import db
from ..core.headers import content_security_policy
from ..mail.composers import Moot, compose
from ..mail.models import OutboxMessage
from ..notifications import settings as notification_settings
from ..play.queries import recent_games
from . import home as lists

bp = Blueprint("web", __name__)


@bp.before_app_request
def _forget_waiting_count():
    """Each request counts afresh (an app context, and its ``g``, may outlive a request)."""
    g.pop("waiting_count", None)


@bp.app_context_processor
def navigation():
    """``waiting_count()``: the signed-in player's games waiting for their move (the site
    navigation shows it; counted at most once per request, and only if a page asks)."""
    return {"waiting_count": lists.waiting_count}


@bp.get("/")
def home():
    if g.player is not None:
        return render_template("web/home.html",
                               sections=lists.sections(g.player, request.args, utcnow()),
                               offer_zone=notification_settings.stored(g.player.id) is None)
    return render_template("web/welcome.html", games=recent_games())


@bp.get("/health")
def health():
    """A liveness check for load balancers (no database; also the benchmark's baseline)."""
    return "ok", 200, {"Content-Type": "text/plain"}


@bp.get("/dev/mail")
def mailbox():
    """Every message of the outbox, newest first, so a newcomer can click the links in their
    mail without a mail server. Debug mode (or ``DEV_MAILBOX``) only."""
    if not (current_app.debug or current_app.config["DEV_MAILBOX"]):
        abort(404)
    messages = db.session.scalars(
        select(OutboxMessage).order_by(OutboxMessage.id.desc()).limit(200)
    ).all()
    for message in messages:  # composed to be shown, not stored (the sender does that)
        try:
            compose(message)
        except Moot as exc:  # the sender will not send it: say why instead
            message.body_html = escape(f"not sent: {exc}")
    policy = content_security_policy("'self' 'unsafe-inline'")
    return render_template("web/mailbox.html", messages=messages), {
        "Content-Security-Policy": policy}
