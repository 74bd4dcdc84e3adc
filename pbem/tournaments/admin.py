"""Tournament administration pages (admins only): set up, enrol, start, withdraw, pause,
resume, and settle stalled games. Handlers call one service function each and commit what
it did (the service only flushes)."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..accounts.auth import admin_required
from ..core.db import utcnow
from ..core.errors import PbemError
from ..games import all_rules, get_rules
from ..play.forms import option_fields
from ..play.new_game import rules_or_404
from . import director, service
from .forms import (
    DescribeForm,
    GameActionForm,
    InviteForm,
    ReasonForm,
    RunningForm,
    SeedForm,
    TournamentForm,
    choices,
)
from .logwords import log_words
from .models import FORFEIT, POLICIES, RUNNING, SETUP

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
            return _form_page(rules, form, error=exc.message)
        flash(_("Tournament created. Now enrol its players."))
        return redirect(url_for(".manage", tournament_id=t.id), 303)
    return _form_page(rules, form)


@bp.route("/<int:tournament_id>/edit", methods=["GET", "POST"])
def edit(tournament_id):
    t = service.get_tournament(tournament_id)
    rules = get_rules(t.slug)
    if t.status == SETUP:
        form = TournamentForm()
        form.table_size.choices = choices((n, str(n)) for n in rules.player_counts)
    else:
        form = RunningForm() if t.status == RUNNING else DescribeForm()
    if request.method == "GET":
        form.fill_from(t)
    elif form.validate_on_submit():
        try:
            service.edit(t.id, form.data_for(rules, request.form), g.player, utcnow())
        except PbemError as exc:
            return _form_page(rules, form, t, request.form, exc.message)
        flash(_("Settings saved."))
        return redirect(url_for(".manage", tournament_id=t.id), 303)
    form_data = request.form if request.method == "POST" else {
        f"option_{k}": str(v).lower() if isinstance(v, bool) else str(v)
        for k, v in t.options.items()}
    return _form_page(rules, form, t, form_data)


def _form_page(rules, form, t=None, form_data=None, error=None):
    """The tournament form, with what was wrong (the service's ``error``, or a field's) at
    the top and beside the field."""
    status = 422 if form.errors or error else 200
    return render_template(
        "tournaments/admin/form.html", rules=rules, form=form, t=t,
        errors=[error] if error else [],
        options=option_fields(rules, request.form if form_data is None else form_data),
        locked=t is not None and t.status != SETUP, running=t is not None and t.status == RUNNING,
    ), status


@bp.get("/<int:tournament_id>")
def manage(tournament_id):
    return _manage_page(service.get_tournament(tournament_id))


def _manage_page(t, invite_form=None, seed_form=None, errors=None):
    """The director's page; a form sent back with ``errors`` (by form: ``invite``,
    ``seed``) shows them above it, what was typed kept."""
    entrants = service.seeding(t)
    seed_form = seed_form or SeedForm(
        emails="\n".join(e.player.email for e in entrants if e.playing))
    return render_template("tournaments/admin/manage.html", t=t, stalled=director.stalled(t),
                           entrants=entrants, invite_form=invite_form or InviteForm(),
                           seed_form=seed_form, reason_form=ReasonForm(),
                           can_reinstate=director.can_reinstate, now=utcnow(),
                           errors=errors or {}), 422 if errors else 200


def _reason():
    form = ReasonForm()
    if not form.validate_on_submit():
        raise PbemError(_("The form was incomplete; reload the page and try again."), "form",
                        422)
    return form.reason.data or ""


def _back(tournament_id, message):
    flash(message)
    return redirect(url_for(".manage", tournament_id=tournament_id), 303)


@bp.post("/<int:tournament_id>/invite")
def invite(tournament_id):
    form = InviteForm()
    try:
        if not form.validate_on_submit():
            raise PbemError(_("Give at least one email address."), "no-emails", 422)
        count = service.invite(tournament_id, form.emails.data, g.player, utcnow(),
                               form.reason.data or "")
    except PbemError as exc:
        return _manage_page(service.get_tournament(tournament_id), invite_form=form,
                            errors={"invite": exc.message})
    return _back(tournament_id, f"{count} invitation(s) sent.")


@bp.post("/<int:tournament_id>/seed")
def seed(tournament_id):
    form = SeedForm()
    try:
        if not form.validate_on_submit():
            raise PbemError(_("The seeding form was incomplete."), "form", 422)
        service.seed(tournament_id, form.emails.data, g.player, utcnow(),
                     form.reason.data or "")
    except PbemError as exc:
        return _manage_page(service.get_tournament(tournament_id), seed_form=form,
                            errors={"seed": exc.message})
    return _back(tournament_id, _("Seeding saved."))


@bp.post("/<int:tournament_id>/start")
def start(tournament_id):
    service.start(tournament_id, g.player, utcnow(), _reason())
    return _back(tournament_id, _("The tournament has started; round one is paired."))


@bp.post("/<int:tournament_id>/pause")
def pause(tournament_id):
    service.pause(tournament_id, g.player, utcnow(), _reason())
    return _back(tournament_id, _("Paused."))


@bp.post("/<int:tournament_id>/resume")
def resume(tournament_id):
    service.resume(tournament_id, g.player, utcnow(), _reason())
    return _back(tournament_id, _("Resumed."))


@bp.get("/<int:tournament_id>/withdraw/<int:entrant_id>")
def confirm_withdrawal(tournament_id, entrant_id):
    """The withdrawal, stated before it is made."""
    t = service.get_tournament(tournament_id)
    entrant = next((e for e in t.entrants if e.id == entrant_id), None)
    if entrant is None or entrant.status not in ("entered", "invited"):
        raise PbemError(_("That player is not in this tournament."), "not-entered", 404)
    name = entrant.player.name
    if t.status == SETUP:
        what = _("%(name)s leaves the list of players; you can undo this until the start.",
                 name=name)
    else:
        what = _("%(name)s's unfinished games of round %(number)s are forfeited now, and "
                 "%(name)s is paired no more. You can undo this until the next round is "
                 "paired; the forfeited games stay forfeited.", name=name, number=len(t.rounds))
    return render_template("tournaments/admin/confirm.html", t=t, form=ReasonForm(),
                           title=_("Withdraw %(name)s?", name=name), consequence=what,
                           action=url_for(".withdraw", tournament_id=t.id, entrant_id=entrant_id),
                           button=_("Withdraw %(name)s", name=name))


@bp.post("/<int:tournament_id>/withdraw/<int:entrant_id>")
def withdraw(tournament_id, entrant_id):
    service.withdraw(tournament_id, entrant_id, g.player, utcnow(), _reason())
    return _back(tournament_id, _("Player withdrawn."))


@bp.post("/<int:tournament_id>/reinstate/<int:entrant_id>")
def reinstate(tournament_id, entrant_id):
    service.reinstate(tournament_id, entrant_id, g.player, utcnow(), _reason())
    return _back(tournament_id, _("The withdrawal is undone."))


@bp.get("/<int:tournament_id>/games/<int:table_id>")
def confirm_action(tournament_id, table_id):
    """An action on a game, stated before it is taken: for a forfeit, the player named."""
    t = service.get_tournament(tournament_id)
    tb = service.table_of(t, table_id)
    action = request.args.get("action", "")
    if action not in POLICIES:
        raise PbemError(_("Choose adjudicate, forfeit or extend."), "bad-action", 422)
    if tb.places is not None or tb.game.status != "active":
        raise PbemError(_("Game #%(id)s is not being played.", id=tb.game_id), "not-active",
                        409)
    seat = director.seat_of(tb, request.args.get("seat")) if action == FORFEIT else None
    form = GameActionForm(action=action, seat="" if seat is None else str(seat))
    names = _(" vs ").join(s.player.name for s in tb.game.seats)
    verb = {"forfeit": _("Forfeit %(name)s", name=tb.game.seats[seat].player.name)
            if seat is not None else "",
            "adjudicate": _("Adjudicate"), "extend": _("Extend")}[action]
    return render_template("tournaments/admin/confirm.html", t=t, form=form,
                           title=_("%(action)s in game #%(id)s (%(names)s)?", action=verb,
                                   id=tb.game_id, names=names),
                           consequence=director.consequence(t, tb, action, seat),
                           action=url_for(".act", tournament_id=t.id, table_id=tb.id),
                           button=verb)


@bp.post("/<int:tournament_id>/games/<int:table_id>")
def act(tournament_id, table_id):
    form = GameActionForm()
    if not form.validate_on_submit():
        raise PbemError(_("Choose an action from the director's page."), "form", 422)
    done = service.act_on_game(tournament_id, table_id, form.action.data, g.player, utcnow(),
                               form.reason.data or "", form.seat.data)
    return _back(tournament_id, _("Done: %(what)s.", what=log_words(done)))
