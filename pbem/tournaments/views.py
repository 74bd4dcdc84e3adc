"""Public tournament pages: the list, a tournament's page, its Atom feed, invitations and
open registration."""

from __future__ import annotations

from flask import Blueprint, Response, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..accounts.auth import login_required, sign_in_session
from ..accounts.forms import ConfirmForm
from ..core.db import MAX_INT, utcnow
from ..core.feeds import CONTENT_TYPE, atom
from ..core.i18n import _l
from ..core.urls import external_url
from ..core.validators import BadNumber, whole_number
from . import page as pages
from . import service
from .logwords import log_words

bp = Blueprint("tournaments", __name__, url_prefix="/tournaments")

#: Log entries on the page (the rest behind a link).
LOG_SHOWN = 30

#: An entrant's status and a table's game status as the pages say them.
ENTRANT_STATUS = {"invited": _l("invited"), "entered": _l("entered"),
                  "withdrawn": _l("withdrawn"), "declined": _l("declined")}
TABLE_STATUS = {"": _l("playing"), "active": _l("playing"), "over": _l("over"),
                "finished": _l("finished")}


bp.add_app_template_filter(log_words, "log_words")  # the log and notes, translated


@bp.app_template_global()
def entrant_status(status: str) -> str:
    return str(ENTRANT_STATUS.get(status, status))


@bp.app_template_global()
def table_status(status: str | None) -> str:
    return str(TABLE_STATUS.get(status or "", status))


@bp.get("")
def index():
    return render_template("tournaments/index.html", tournaments=service.all_tournaments())


@bp.get("/<int:tournament_id>")
def page(tournament_id):
    t = service.get_tournament(tournament_id)
    view = pages.build(t, _number_asked("round"), _number_asked("from"), _number_asked("board"))
    me = _my_entry(t)
    limit = None if request.args.get("log") == "all" else LOG_SHOWN
    log = service.log_of(t, limit)
    return render_template("tournaments/page.html", t=t, view=view, me=me, form=ConfirmForm(),
                           registration_open=service.registration_open(t, utcnow()),
                           full=t.status == "setup" and service.is_full(t),
                           log=log, more_log=limit is not None and len(log) == limit)


@bp.get("/<int:tournament_id>.atom")
def feed(tournament_id):
    t = service.get_tournament(tournament_id)
    xml = atom(f"pbem: {t.name}", external_url("tournaments.feed", tournament_id=t.id),
               external_url("tournaments.page", tournament_id=t.id), pages.feed_entries(t))
    return Response(xml, content_type=CONTENT_TYPE)


@bp.post("/<int:tournament_id>/register")
@login_required
def register(tournament_id):
    if ConfirmForm().validate_on_submit():
        service.register(tournament_id, g.player, utcnow())
        flash(_("You are registered."))
    return redirect(url_for("tournaments.page", tournament_id=tournament_id), 303)


@bp.post("/<int:tournament_id>/withdraw")
@login_required
def withdraw(tournament_id):
    """A player leaves: before the start, or during it (forfeiting their unfinished games)."""
    t = service.get_tournament(tournament_id)
    if ConfirmForm().validate_on_submit():
        if "confirm" not in request.form:
            flash(_("Tick the box to confirm that you withdraw."))
        else:
            me = _my_entry(t)
            service.withdraw(t.id, me.id if me else None, g.player, utcnow())
            flash(_("You have withdrawn from this tournament."))
    return redirect(url_for("tournaments.page", tournament_id=t.id), 303)


def _my_entry(t):
    """The signed-in player's entry in ``t``, if any."""
    return service.entry_of(t, g.player) if g.player else None


@bp.route("/invitations/<token>", methods=["GET", "POST"])
def invitation(token):
    """GET shows the choice (mail scanners prefetch links); the POST answers and signs the
    player in, as the link proves the address."""
    t, entrant = service.open_invitation(token)
    form = ConfirmForm()
    if form.validate_on_submit():
        accept = "accept" in request.form
        service.answer(t.id, entrant.player_id, accept)
        sign_in_session(entrant.player)
        flash(_("You are entered.") if accept else _("You declined the invitation."))
        return redirect(url_for("tournaments.page", tournament_id=t.id), 303)
    return render_template("tournaments/invitation.html", t=t, entrant=entrant, form=form)


def _number_asked(name: str) -> int | None:
    """The number ``?round=N`` (or ``from``, ``board``) asks for; anything else shows the
    current round (or the first page)."""
    try:
        return whole_number(request.args.get(name), 1, MAX_INT, name)
    except BadNumber:
        return None
