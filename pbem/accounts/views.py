"""Sign in by emailed link, sign out, and the account page."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from ..core import i18n
from ..core.errors import PbemError
from ..core.i18n import _l
from . import blocks, names, service
from .auth import load_current_player, login_required, sign_in_session, sign_out_everywhere
from .forms import AccountForm, ConfirmForm, DeleteForm, EmailForm, NameForm

__all__ = ["bp", "load_current_player"]

bp = Blueprint("accounts", __name__)


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in():
    form = EmailForm()
    if form.validate_on_submit():
        try:
            service.request_sign_in(form.email.data, request.remote_addr)
        except PbemError as exc:
            form.email.errors.append(exc.message)
            return render_template("accounts/sign_in.html", form=form), exc.status
        return render_template("accounts/link_sent.html", email=form.email.data.strip())
    status = 422 if form.errors else 200
    return render_template("accounts/sign_in.html", form=form), status


@bp.route("/sign-in/<token>", methods=["GET", "POST"])
def sign_in_link(token):
    """GET only shows a button (mail scanners prefetch links); the POST uses the link up."""
    form = ConfirmForm()
    if form.validate_on_submit():
        player = service.use_sign_in_token(token)
        if player.language is None:  # the browser's, kept (then theirs to change)
            player.language = i18n.current()
        sign_in_session(player)
        flash(_("Signed in as %(email)s.", email=player.email))
        if names.is_default(player):  # a first sign-in: what should others call them?
            return redirect(url_for("accounts.choose_name"), 303)
        return redirect(url_for("web.home"), 303)
    player = service.check_sign_in_token(token)
    return render_template("accounts/confirm_sign_in.html", form=form, player=player)


@bp.route("/account/name", methods=["GET", "POST"])
@login_required
def choose_name():
    """The name others see, asked at the first sign-in (and offered again on the home page
    while the account keeps its default name); skipping it keeps "Player 12"."""
    form = NameForm()
    if form.validate_on_submit():
        try:
            service.save_account(g.player, form.name.data, g.player.findable)
        except PbemError as exc:
            form.name.errors.append(exc.message)
        else:
            flash(_("Welcome, %(name)s.", name=g.player.name))
            return redirect(url_for("web.home"), 303)
    status = 422 if form.errors else 200
    return render_template("accounts/choose_name.html", form=form,
                           default=names.is_default(g.player)), status


@bp.post("/sign-out")
def sign_out():
    """Signing out ends the player's every session (see ``sign_out_everywhere``): a signed
    cookie cannot be voided one copy at a time."""
    form = ConfirmForm()
    if form.validate_on_submit() and g.player is not None:
        sign_out_everywhere(g.player)
        flash(_("Signed out everywhere."))
    return redirect(url_for("web.home"), 303)


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account():
    form = AccountForm(obj=g.player)
    if form.validate_on_submit():
        try:
            service.save_account(g.player, form.name.data, form.findable.data)
        except PbemError as exc:
            form.name.errors.append(exc.message)
        else:
            g.player.language = form.language.data
            session["language"] = form.language.data
            flash(_("Account saved."))
            return redirect(url_for("accounts.account"), 303)
    status = 422 if form.errors else 200
    return render_template("accounts/account.html", form=form, blocked=blocks.blocked_by(g.player),
                           delete_form=DeleteForm(formdata=None)), status


def _other_player(player_id):
    player = service.get_player(player_id)
    if player is None:
        abort(404, _l("There is no such player."))
    return player


def _back(player):
    """Back where the form was: the account page's list of blocked players, or the player's
    page."""
    if request.form.get("back") == "account":
        return redirect(url_for("accounts.account"), 303)
    return redirect(url_for("archive.player", player_id=player.id), 303)


@bp.post("/players/<int:player_id>/block")
@login_required
def block(player_id):
    """Block a player: no invitations, challenges, rematches or messages either way."""
    player = _other_player(player_id)
    if ConfirmForm().validate_on_submit():
        blocks.block(g.player, player)
        flash(_("You blocked %(name)s: neither of you can invite, challenge or message "
              "the other. You can unblock them from your account page.", name=player.name))
    return _back(player)


@bp.post("/players/<int:player_id>/unblock")
@login_required
def unblock(player_id):
    player = _other_player(player_id)
    if ConfirmForm().validate_on_submit() and blocks.unblock(g.player, player):
        flash(_("You unblocked %(name)s.", name=player.name))
    return _back(player)
