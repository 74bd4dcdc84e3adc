"""The lobby's pages: the list of open challenges (``/challenges``), posting one, joining and
withdrawing, a feed of new challenges per game, and a player's standing challenges.

Each POST is one unit of work: the service changes and flushes, the handler commits, or on a
refusal rolls everything back and shows why on the page with a 4xx.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext

from ..accounts.auth import login_required
from ..core.db import utcnow
from ..core.feeds import CONTENT_TYPE, atom
from ..core.i18n import _l
from ..core.urls import external_url
from ..games import all_rules
from ..play.forms import option_fields
from ..play.new_game import rules_or_404
from ..ratings.skill import rating_text
from . import queries, service, standing
from .forms import ChallengeForm, StandingForm
from .queries import BadFilter, Filters
from .service import LobbyError

bp = Blueprint("challenges", __name__, url_prefix="/challenges")


@bp.app_template_global()
def open_challenges(limit: int = 5):
    """The newest open challenges, for the home page's section (``challenges/_home.html``)."""
    return queries.newest(utcnow(), limit, viewer=g.get("player"))


def _index(filters: Filters, error: str | None = None, status: int = 200):
    now = utcnow()
    page = queries.lobby_page(filters, now, g.player)
    joined = queries.joined_ids(g.player, [e.challenge.id for e in page.entries])
    return render_template("challenges/index.html", page=page, filters=filters, joined=joined,
                           mine=queries.mine(g.player, now) if g.player else [],
                           all_rules=all_rules(), counts=queries.PLAYER_COUNTS,
                           bots=queries.computer_opponents() if g.player else [],
                           error=error), status


@bp.get("")
def index():
    try:
        filters = Filters.from_args(request.args)
    except BadFilter as exc:
        return _index(Filters(), exc.message, exc.status)
    return _index(filters)


def _refused(exc: LobbyError):
    """Undo whatever the refused command did and show the list with the reason."""
    return _index(Filters(), exc.message, exc.status)


def _signed_in():
    if g.player is None:
        abort(403, _l("Sign in to take part in challenges."))


@bp.post("/<int:challenge_id>/join")
def join(challenge_id):
    _signed_in()
    try:
        challenge = service.join(challenge_id, g.player, utcnow())
    except LobbyError as exc:
        return _refused(exc)
    game_id = challenge.game_id
    if game_id is not None:
        flash(_("The table is full and the game has started."))
        return redirect(url_for("play.game", game_id=game_id), 303)
    flash(_("You joined the challenge; the game starts when the table is full."))
    return redirect(url_for("challenges.index"), 303)


@bp.post("/<int:challenge_id>/withdraw")
def withdraw(challenge_id):
    return _settle(service.withdraw, challenge_id, _("Your challenge is withdrawn."))


@bp.post("/<int:challenge_id>/leave")
def leave(challenge_id):
    return _settle(service.leave, challenge_id,
                   _("You left the challenge; your seat is free again."))


def _settle(action, challenge_id: int, done: str):
    """Run ``action`` (withdraw, leave) for the signed-in player and say ``done``, or why not."""
    _signed_in()
    try:
        action(challenge_id, g.player, utcnow())
    except LobbyError as exc:
        return _refused(exc)
    flash(done)
    return redirect(url_for("challenges.index"), 303)


def _terms_form(form_class, slug: str, template: str, done):
    """A challenge's or standing challenge's form for one game: GET shows it; a valid POST
    has its terms checked and ``done(terms, form)`` run (which flushes), then commits."""
    rules = rules_or_404(slug)
    form = form_class()
    form.fill_choices(rules)
    status = 200
    if request.method == "GET":
        form.players.data = rules.player_counts[0]
    elif form.validate_on_submit():
        try:
            response = done(service.check_terms(**form.terms(rules, request.form)), form)
        except LobbyError as exc:
            form.form_errors.append(exc.message)
            status = exc.status
        else:
            return response
    else:
        status = 422
    return render_template(template, rules=rules, form=form,
                           options=option_fields(rules, request.form)), status


@bp.route("/new/<slug>", methods=["GET", "POST"])
@login_required
def new(slug):
    def post(terms, _form):
        service.post(g.player, terms, utcnow())
        flash(_("Your challenge is posted; you will get a turn email when the game starts."))
        return redirect(url_for("challenges.index"), 303)

    return _terms_form(ChallengeForm, slug, "challenges/new.html", post)


@bp.get("/<slug>/feed.atom")
def feed(slug):
    rules = rules_or_404(slug)
    entries = [{
        "url": external_url("challenges.index", game=slug) + f"#challenge-{e.challenge.id}",
        "id": external_url("challenges.index") + f"#challenge-{e.challenge.id}",
        "updated": e.challenge.created_at,
        "title": ngettext("%(name)s (%(rating)s) challenges %(num)d player to %(game)s",
                          "%(name)s (%(rating)s) challenges %(num)d players to %(game)s",
                          e.challenge.players - 1, name=e.poster_name, game=rules.name,
                          rating=_("bot, %(rating)s", rating=rating_text(e.rating, e.provisional))
                          if e.poster_is_bot else rating_text(e.rating, e.provisional)),
        "summary": " ".join(render_template("challenges/_summary.txt",
                                            challenge=e.challenge).split()),
    } for e in queries.newest(utcnow(), 50, slug)]
    body = atom(_("pbem: open %(game)s challenges", game=rules.name),
                external_url("challenges.feed", slug=slug),
                external_url("challenges.index", game=slug), entries)
    return Response(body, content_type=CONTENT_TYPE)


# ----- standing challenges ---------------------------------------------------------------------


@bp.get("/standing")
@login_required
def standing_index():
    return render_template("challenges/standing.html", standing=queries.standing_of(g.player),
                           all_rules=all_rules(),
                           limit=current_app.config["STANDING_CHALLENGE_LIMIT"])


@bp.route("/standing/new/<slug>", methods=["GET", "POST"])
@login_required
def new_standing(slug):
    def create(terms, form):
        standing.create(g.player, terms, form.keep.data, utcnow())
        flash(_("Your standing challenge is saved, and its challenges are posted."))
        return redirect(url_for("challenges.standing_index"), 303)

    return _terms_form(StandingForm, slug, "challenges/new_standing.html", create)


@bp.post("/standing/<int:standing_id>/remove")
@login_required
def remove_standing(standing_id):
    try:
        standing.remove(standing_id, g.player)
    except LobbyError as exc:
        abort(exc.status, exc.message)
    flash(_("The standing challenge is removed and its open challenges withdrawn."))
    return redirect(url_for("challenges.standing_index"), 303)
