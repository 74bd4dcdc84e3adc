"""The account's API page: tokens (made, listed with their last use, revoked) and the bot
accounts of the player's own engines. Signed-in pages with CSRF-checked forms, unlike the API
itself (the site's CSRF protection covers these forms); each view commits once, at its end."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..accounts.auth import login_required
from ..core.errors import PbemError
from . import bots, tokens
from .models import SCOPES

bp = Blueprint("api_pages", __name__)


def _page(status: int = 200, **context):
    player = g.player
    engines = bots.engines_of(player.id)
    return render_template(
        "api/tokens.html", scopes=SCOPES, tokens=tokens.tokens_of(player.id),
        engines=[(engine, tokens.tokens_of(engine.id)) for engine in engines],
        **context), status


def _holder(value):
    """The account a token is made or revoked for: the player, or one of their engines."""
    if not value or value == "me":
        return g.player
    engine = bots.owned_engine(g.player, value)
    if engine is None:
        abort(404, _("You have no such engine."))
    return engine


@bp.get("/account/tokens")
@login_required
def index():
    return _page()


@bp.post("/account/tokens")
@login_required
def create():
    """Make a token; its secret is on this answer only (never stored, never flashed)."""
    holder = _holder(request.form.get("holder"))
    try:
        token, secret = tokens.create(holder, request.form.getlist("scope"),
                                      request.form.get("name", ""))
    except tokens.BadScope:  # its message is the API's, in English for programs
        return _page(422, error=_("Choose one or more of the scopes: %(scopes)s.",
                                  scopes=", ".join(tokens.SCOPES)))
    return _page(201, secret=secret, made=token, made_for=holder)


@bp.post("/account/tokens/<int:token_id>/revoke")
@login_required
def revoke(token_id):
    holder = _holder(request.form.get("holder"))
    if tokens.revoke(holder.id, token_id):
        flash(_("The token is revoked: it no longer works."))
    return redirect(url_for("api_pages.index"), 303)


@bp.post("/account/engines")
@login_required
def register_engine():
    try:
        engine = bots.register_engine(g.player, request.form.get("name", ""))
    except PbemError as exc:
        return _page(exc.status, engine_error=exc.message)
    flash(_("%(name)s is registered as your bot; make it a token below.", name=engine.name))
    return redirect(url_for("api_pages.index"), 303)
