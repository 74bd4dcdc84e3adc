"""Tournament administration pages (admins only): set up, enrol, start, withdraw, pause,
resume, and settle stalled games. Handlers call one service function each."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, request, url_for

from ..accounts.auth import admin_required
from ..db import utcnow
from ..errors import PbemError
from ..games import all_rules, get_rules
from ..play.forms import option_fields
from ..play.new_game import rules_or_404
from . import service
from .forms import (
    DescribeForm,
    GameActionForm,
    InviteForm,
    ReasonForm,
    SeedForm,
    TournamentForm,
    choices,
)
from .models import SETUP

bp = Blueprint("tournament_admin", __name__, url_prefix="/admin/tournaments")


@bp.before_request
@admin_required
def _admins_only():
    """Every page here is for admins."""


@bp.get("/new")
def choose_game():
    return render_template("tournaments/admin/choose.html", games=all_rules())


@bp.route("/new/<slug>", methods=["GET", "POST"])
def new(slug):
    rules = rules_or_404(slug)
    form = TournamentForm()
    form.table_size.choices = choices((n, str(n)) for n in rules.player_counts)
    if form.validate_on_submit():
        try:
            t = service.create(slug, form.data_for(rules, request.form), g.player, utcnow())
        except PbemError as exc:
            form.name.errors.append(exc.message)
        else:
            flash("Tournament created. Now enrol its players.")
            return redirect(url_for(".manage", tournament_id=t.id))
    return _form_page(rules, form)


@bp.route("/<int:tournament_id>/edit", methods=["GET", "POST"])
def edit(tournament_id):
    t = service.get_tournament(tournament_id)
    rules = get_rules(t.slug)
    if t.status == SETUP:
        form = TournamentForm()
        form.table_size.choices = choices((n, str(n)) for n in rules.player_counts)
    else:
        form = DescribeForm()
    if request.method == "GET":
        form.fill_from(t)
    elif form.validate_on_submit():
        try:
            service.edit(t.id, form.data_for(rules, request.form), g.player, utcnow())
        except PbemError as exc:
            form.name.errors.append(exc.message)
        else:
            flash("Settings saved.")
            return redirect(url_for(".manage", tournament_id=t.id))
    form_data = request.form if request.method == "POST" else {
        f"option_{k}": str(v).lower() if isinstance(v, bool) else str(v)
        for k, v in t.options.items()}
    return _form_page(rules, form, t, form_data)


def _form_page(rules, form, t=None, form_data=None):
    status = 422 if form.errors else 200
    return render_template(
        "tournaments/admin/form.html", rules=rules, form=form, t=t,
        options=option_fields(rules, request.form if form_data is None else form_data),
        locked=t is not None and t.status != SETUP,
    ), status


@bp.get("/<int:tournament_id>")
def manage(tournament_id):
    t = service.get_tournament(tournament_id)
    stalled = [tb for tb in (t.current_round.tables if t.current_round else ())
               if tb.places is None and tb.game.status == "active"]
    entrants = service.seeding(t)
    seed_form = SeedForm(emails="\n".join(e.player.email for e in entrants if e.playing))
    return render_template("tournaments/admin/manage.html", t=t, stalled=stalled,
                           entrants=entrants, invite_form=InviteForm(), seed_form=seed_form,
                           reason_form=ReasonForm(), action_form=GameActionForm(), now=utcnow())


def _reason():
    form = ReasonForm()
    if not form.validate_on_submit():
        raise PbemError("The form was incomplete; reload the page and try again.", "form", 422)
    return form.reason.data or ""


def _back(tournament_id, message):
    flash(message)
    return redirect(url_for(".manage", tournament_id=tournament_id))


@bp.post("/<int:tournament_id>/invite")
def invite(tournament_id):
    form = InviteForm()
    if not form.validate_on_submit():
        raise PbemError("Give at least one email address.", "no-emails", 422)
    count = service.invite(tournament_id, form.emails.data, g.player, utcnow(),
                           form.reason.data or "")
    return _back(tournament_id, f"{count} invitation(s) sent.")


@bp.post("/<int:tournament_id>/seed")
def seed(tournament_id):
    form = SeedForm()
    if not form.validate_on_submit():
        raise PbemError("The seeding form was incomplete.", "form", 422)
    service.seed(tournament_id, form.emails.data, g.player, utcnow(), form.reason.data or "")
    return _back(tournament_id, "Seeding saved.")


@bp.post("/<int:tournament_id>/start")
def start(tournament_id):
    service.start(tournament_id, g.player, utcnow(), _reason())
    return _back(tournament_id, "The tournament has started; round one is paired.")


@bp.post("/<int:tournament_id>/pause")
def pause(tournament_id):
    service.pause(tournament_id, g.player, utcnow(), _reason())
    return _back(tournament_id, "Paused.")


@bp.post("/<int:tournament_id>/resume")
def resume(tournament_id):
    service.resume(tournament_id, g.player, utcnow(), _reason())
    return _back(tournament_id, "Resumed.")


@bp.post("/<int:tournament_id>/withdraw/<int:entrant_id>")
def withdraw(tournament_id, entrant_id):
    service.withdraw(tournament_id, entrant_id, g.player, utcnow(), _reason())
    return _back(tournament_id, "Player withdrawn.")


@bp.post("/<int:tournament_id>/games/<int:table_id>")
def act(tournament_id, table_id):
    form = GameActionForm()
    if not form.validate_on_submit():
        raise PbemError("Choose an action.", "form", 422)
    done = service.act_on_game(tournament_id, table_id, form.action.data, g.player, utcnow(),
                               form.reason.data or "")
    return _back(tournament_id, f"Done: {done}.")
