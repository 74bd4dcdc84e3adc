"""Telling a player that mail to them is suppressed (their server refused it for good), on every
page they see, with the button that switches it back on. The web layer joins the two: the
address is the account's, the suppression is the mail infrastructure's."""

from __future__ import annotations

from flask import flash, g, redirect, url_for
from flask_babel import gettext as _

from ..accounts.auth import login_required
from ..mail import suppression
from .views import bp


@bp.app_context_processor
def mail_status():
    """``mail_suppressed``: why the signed-in player's mail is suppressed, else ``None``."""
    player = g.get("player")
    return {"mail_suppressed": player and suppression.reason(player.email)}


@bp.post("/account/mail/resume")
@login_required
def resume_mail():
    """Send the player's mail again (a fixed mailbox); another refusal suppresses it again."""
    suppression.lift(g.player.email)
    flash(_("We will email you again."))
    return redirect(url_for("accounts.account"), 303)
