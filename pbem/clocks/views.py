"""Notification settings, vacations, one-click unsubscribe and the calendar feed.

Unsubscribe links and calendar URLs are signed per player and work without signing in: a GET
of an unsubscribe link only asks, and its POST (what mail clients send for RFC 8058
one-click unsubscribe, hence no CSRF token) switches the kind off.
"""

from __future__ import annotations

from flask import Blueprint, Response, flash, g, redirect, render_template, request, url_for
from flask_wtf import FlaskForm

from ..accounts.auth import login_required
from ..accounts.service import get_player
from ..app import csrf
from ..db import utcnow
from ..signing import LinkError, sign, unsign
from ..urls import external_url
from . import booking, settings
from .display import format_moment
from .errors import InvalidSettings, InvalidVacation
from .feed import calendar_for
from .schedule import KIND_LABELS, Kind, Mode, NotificationSettings
from .settings import DIGEST, UNSUBSCRIBABLE

bp = Blueprint("clocks", __name__)
LABELS = {**{str(k): v for k, v in KIND_LABELS.items()}, DIGEST: "the daily digest"}


@bp.app_template_filter("moment")
def moment(value, zone):
    return format_moment(value, zone)


class ConfirmForm(FlaskForm):
    """The CSRF token of the settings and vacation forms (their fields are read directly)."""


@bp.route("/settings/notifications", methods=["GET", "POST"])
@login_required
def notifications():
    form, error, status = ConfirmForm(), None, 200
    values = settings.settings_of(g.player.id).as_form()
    values["auto_vacation"] = settings.auto_vacation_on(g.player.id)
    if form.validate_on_submit():
        values = {**request.form.to_dict(), "auto_vacation": "auto_vacation" in request.form}
        try:
            chosen = NotificationSettings.from_form(request.form)
        except InvalidSettings as exc:
            error, status = exc, 422
        else:
            settings.save(g.player.id, chosen, utcnow(), auto_vacation=values["auto_vacation"])
            flash("Notification settings saved.")
            return redirect(url_for("clocks.notifications"))
    calendar_url = external_url("clocks.calendar", token=sign("calendar", g.player.id))
    return render_template("clocks/notifications.html", form=form, values=values, error=error,
                           kinds=[(str(k), KIND_LABELS[k]) for k in Kind], modes=list(Mode),
                           calendar_url=calendar_url), status


@bp.route("/settings/vacation", methods=["GET", "POST"])
@login_required
def vacation():
    form, error, status, now = ConfirmForm(), None, 200, utcnow()
    if form.validate_on_submit():
        try:
            if "end" in request.form:
                booking.end(g.player.id, request.form["end"], now)
                flash("Vacation ended.")
            else:
                booking.book(g.player.id, request.form.get("days", ""),
                             request.form.get("start", ""), now)
                flash("Vacation booked.")
        except InvalidVacation as exc:
            error, status = exc, 422
        else:
            return redirect(url_for("clocks.vacation"))
    return render_template(
        "clocks/vacation.html", form=form, error=error, now=now,
        vacations=booking.upcoming(g.player.id, now),
        left=booking.allowance_left(g.player.id, now), per_year=booking.per_year(),
        zone=settings.zone_of(g.player.id), values=request.form), status


@bp.route("/unsubscribe/<token>", methods=["GET", "POST"])
@csrf.exempt
def unsubscribe(token):
    player, what = _unsubscribe_target(token)
    if request.method == "POST":
        settings.switch_off(player.id, what, utcnow())
        return render_template("clocks/unsubscribed.html", player=player, label=LABELS[what])
    return render_template("clocks/unsubscribe.html", player=player, label=LABELS[what])


@bp.get("/calendar/<token>.ics")
def calendar(token):
    player = get_player(unsign("calendar", token))
    if player is None:
        raise LinkError("This calendar link is not valid.", "invalid")
    return Response(calendar_for(player, utcnow()), mimetype="text/calendar")


def _unsubscribe_target(token):
    payload = unsign("unsubscribe", token)
    if not (isinstance(payload, list) and len(payload) == 2 and payload[1] in UNSUBSCRIBABLE):
        raise LinkError("This unsubscribe link is not valid.", "invalid")
    player = get_player(payload[0])
    if player is None:
        raise LinkError("This unsubscribe link is not valid.", "invalid")
    return player, payload[1]
