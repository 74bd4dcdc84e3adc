"""Sign in by emailed link, sign out, and the account page."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, request, session, url_for

from ..errors import PbemError
from . import service
from .auth import load_current_player, login_required, sign_in_session
from .forms import ConfirmForm, EmailForm, NameForm

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
        sign_in_session(player)
        flash(f"Signed in as {player.email}.")
        return redirect(url_for("web.home"))
    player = service.check_sign_in_token(token)
    return render_template("accounts/confirm_sign_in.html", form=form, player=player)


@bp.post("/sign-out")
def sign_out():
    form = ConfirmForm()
    if form.validate_on_submit():
        session.clear()
        flash("Signed out.")
    return redirect(url_for("web.home"))


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account():
    form = NameForm(obj=g.player)
    if form.validate_on_submit():
        try:
            service.rename(g.player, form.name.data)
        except PbemError as exc:
            form.name.errors.append(exc.message)
        else:
            flash("Display name saved.")
            return redirect(url_for("accounts.account"))
    status = 422 if form.errors else 200
    return render_template("accounts/account.html", form=form), status
