"""Notification settings and one-click unsubscribe.

Unsubscribe links are signed per player and kind and work without signing in: a GET only asks,
and its POST (what mail clients send for RFC 8058 one-click unsubscribe, hence no CSRF token)
switches the kind off.
"""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..accounts.auth import login_required
from ..accounts.forms import ConfirmForm
from ..accounts.service import link_owner
from ..core.db import utcnow
from ..core.extensions import csrf
from ..core.signing import LinkError, sign, unsign
from ..core.urls import external_url
from . import settings
from .delivery import KIND_WORDS
from .logic.schedule import (
    KIND_LABELS,
    InvalidSettings,
    Kind,
    Mode,
    NotificationSettings,
    parse_zone,
    zone_groups,
)
from .settings import DIGEST, UNSUBSCRIBABLE

bp = Blueprint("notifications", __name__)
#: The settings page's checkboxes (a box left unticked is not in the form at all).
FLAGS = ("auto_vacation", "confirm_email_moves")


@bp.route("/settings/notifications", methods=["GET", "POST"])
@login_required
def notifications():
    form, error, status = ConfirmForm(), None, 200
    values = settings.settings_of(g.player.id).as_form()
    values["auto_vacation"] = settings.auto_vacation_on(g.player.id)
    values["confirm_email_moves"] = settings.confirms_email_moves(g.player.id)
    if form.validate_on_submit():
        values = {**request.form.to_dict(), **{flag: flag in request.form for flag in FLAGS}}
        try:
            chosen = NotificationSettings.from_form(request.form)
        except InvalidSettings as exc:
            error, status = exc, 422
        else:
            settings.save(g.player.id, chosen, utcnow(), auto_vacation=values["auto_vacation"],
                          confirm_email_moves=values["confirm_email_moves"])
            flash(_("Notification settings saved."))
            return redirect(url_for("notifications.notifications"), 303)
    # The calendar of deadlines is the clocks' (named by endpoint: no import of them here).
    calendar_url = external_url("clocks.calendar", token=sign("calendar", g.player.id))
    return render_template("notifications/notifications.html", form=form, values=values,
                           error=error, kinds=[(str(k), KIND_LABELS[k]) for k in Kind],
                           modes=list(Mode), calendar_url=calendar_url, zones=zone_groups(),
                           never_saved=settings.stored(g.player.id) is None), status


@bp.post("/settings/timezone")
@login_required
def timezone():
    """Take the time zone the browser reports (offered on the home page until the player has
    settings of their own): only the zone changes."""
    form = ConfirmForm()
    if form.validate_on_submit():
        try:
            zone = parse_zone(request.form.get("timezone", "")[:64])
        except InvalidSettings as exc:
            flash(_("Time zone not set: %(reason)s.", reason=exc.message))
        else:
            current = settings.settings_of(g.player.id)
            settings.save(g.player.id, replace(current, timezone=zone), utcnow())
            flash(_("Your time zone is now %(zone)s; deadlines are shown in it. You can change "
                    "it in your notification settings.", zone=zone))
    return redirect(url_for("web.home"), 303)


@bp.route("/unsubscribe/<token>", methods=["GET", "POST"])
@csrf.exempt
def unsubscribe(token):
    player, what = _unsubscribe_target(token)
    label = _("the daily digest") if what == DIGEST else str(KIND_WORDS[Kind(what)])
    if request.method == "POST":
        settings.switch_off(player.id, what, utcnow())
        return render_template("notifications/unsubscribed.html", player=player, label=label)
    return render_template("notifications/unsubscribe.html", player=player, label=label)


def _unsubscribe_target(token):
    payload = unsign("unsubscribe", token)
    if not (isinstance(payload, list) and len(payload) == 2 and payload[1] in UNSUBSCRIBABLE):
        raise LinkError(_("This unsubscribe link is not valid."), "invalid")
    return link_owner(payload[0], "unsubscribe"), payload[1]
