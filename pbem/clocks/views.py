"""Vacations and the calendar feed of deadlines (its URL is signed per player and works
without signing in)."""

from __future__ import annotations

from flask import Blueprint, Response, flash, g, redirect, render_template, request, url_for
from flask_babel import get_timezone
from flask_babel import gettext as _

from ..accounts.auth import login_required
from ..accounts.forms import ConfirmForm
from ..accounts.service import link_owner
from ..core.db import utcnow
from ..core.signing import unsign
from ..notifications.settings import zone_of
from . import booking
from .feed import calendar_for
from .logic.display import format_moment
from .logic.errors import InvalidVacation

bp = Blueprint("clocks", __name__)


@bp.app_template_filter("moment")
def moment(value, zone=None):
    """``Tue 24 Nov 2026, 18:00 CET`` in the reader's words, on ``zone``'s wall clock (by
    default the reader's own time zone)."""
    return format_moment(value, zone or get_timezone())


@bp.route("/settings/vacation", methods=["GET", "POST"])
@login_required
def vacation():
    form, error, status, now = ConfirmForm(), None, 200, utcnow()
    if form.validate_on_submit():
        try:
            if "end" in request.form:
                booking.end(g.player.id, request.form["end"], now)
                flash(_("Vacation ended."))
            else:
                booking.book(g.player.id, request.form.get("days", ""),
                             request.form.get("start", ""), now)
                flash(_("Vacation booked."))
        except InvalidVacation as exc:
            error, status = exc, 422
        else:
            return redirect(url_for("clocks.vacation"), 303)
    return render_template(
        "clocks/vacation.html", form=form, error=error, now=now,
        vacations=booking.upcoming(g.player.id, now),
        left=booking.allowance_left(g.player.id, now), per_year=booking.per_year(),
        zone=zone_of(g.player.id), values=request.form), status


@bp.get("/calendar/<token>.ics")
def calendar(token):
    player = link_owner(unsign("calendar", token), "calendar")
    return Response(calendar_for(player, utcnow()), mimetype="text/calendar")
