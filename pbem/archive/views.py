"""Archive pages: the game list, player pages, game types and their specs, records, feeds,
and the admin's record import. Handlers load, call one function, render."""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask_babel import gettext

from ..accounts.auth import admin_required
from ..accounts.blocks import is_blocked
from ..accounts.service import get_player
from ..core.feeds import CONTENT_TYPE
from ..core.headers import public_read
from ..core.i18n import _l
from ..games import all_rules, format_option_value
from ..play.models import ACTIVE, FINISHED
from ..play.new_game import rules_or_404
from ..play.queries import get_game
from ..play.termination import ended_words, terminations
from ..ratings.chart import line_chart
from ..ratings.queries import histories
from ..ratings.skill import PROVISIONAL_GAMES
from ..tournaments.service import all_tournaments, get_tournament
from . import abstractplay, bundle, feeds, queries, records
from .forms import ImportForm
from .history import BadRecord
from .importer import import_record
from .spec import spec_for

bp = Blueprint("archive", __name__)
#: The games in progress a player page lists (each needs its position read for whose turn).
CURRENT_SHOWN = 20
bp.add_app_template_filter(format_option_value, "option_value")
bp.add_app_template_global(ended_words, "ended_words")


def _started_game(game_id):
    game = get_game(game_id)
    if game.status not in (ACTIVE, FINISHED):
        abort(404, _l("Game #%(id)s has not started, so it has no record yet.", id=game.id))
    return game


def _player_or_404(player_id):
    """A player with a public page: one who has signed in and not deleted the account (an
    unanswered invitation, or an imported record's name, gives nobody a page)."""
    player = get_player(player_id)
    if player is None or not player.has_public_page:
        abort(404, _l("There is no player #%(id)s.", id=player_id))
    return player


# ----- browsing -------------------------------------------------------------------------------


@bp.get("/archive")
def index():
    filters = queries.Filters.from_args(request.args)
    page = queries.archive_page(filters)
    return render_template("archive/index.html", filters=filters, page=page,
                           endings=terminations(page.games), all_rules=all_rules(),
                           tournaments=all_tournaments(),
                           statuses=queries.STATUSES, results=queries.RESULTS,
                           sorts=queries.SORT_NAMES, order=queries.SORTS[filters.sort])


@bp.get("/players/<int:player_id>")
def player(player_id):
    player = _player_or_404(player_id)
    recent = queries.recent(20, player=player)
    return render_template("archive/player.html", player=player,
                           you_blocked=g.player is not None and is_blocked(g.player, player),
                           record=queries.player_record(player),
                           current=queries.current_games(player, CURRENT_SHOWN),
                           recent=recent, endings=terminations(recent),
                           histories=rating_charts(player),
                           provisional_games=PROVISIONAL_GAMES,
                           names={rules.slug: rules.name for rules in all_rules()})


def rating_charts(player):
    """Each of the player's ratings with the chart of its history (bounded: a sample of the
    values, and the page of rows ``?history=<slug>&page=<n>`` asks for)."""
    pages = {}
    if request.args.get("history"):
        pages[request.args["history"]] = request.args.get("page", 1, type=int) or 1
    return [(history, line_chart([p.rating for p in history.points]) if history.points
             else None) for history in histories(player, pages)]


@bp.get("/rules")
def rules_index():
    return render_template("archive/rules_index.html", all_rules=all_rules())


@bp.get("/rules/<slug>")
def rules(slug):
    rules = rules_or_404(slug)
    recent = queries.recent(10, game=slug)
    return render_template("archive/rules.html", rules=rules, spec=spec_for(slug),
                           recent=recent, endings=terminations(recent))


@bp.get("/rules/<slug>/spec")
def spec(slug):
    rules = rules_or_404(slug)
    spec = spec_for(slug)
    if spec is None:
        abort(404, _l("The %(game)s specification is not installed on this server.",
                      game=rules.name))
    return render_template("archive/spec.html", rules=rules, spec=spec)


# ----- records --------------------------------------------------------------------------------


def _record_response(body: str, mimetype: str, game, extension: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = (
        f'inline; filename="pbem-{game.slug}-{game.id}.{extension}"')
    return response


@bp.get("/games/<int:game_id>.json")
def record_json(game_id):
    game = _started_game(game_id)
    body = json.dumps(records.to_json(game), indent=1, ensure_ascii=False) + "\n"
    return public_read(_record_response(body, "application/json", game, "json"),
                       game.updated_at)


@bp.get("/games/<int:game_id>/abstractplay.json")
def record_abstractplay(game_id):
    """The game as an Abstract Play record (Stawvs and Pylon: :mod:`.abstractplay`)."""
    game = _started_game(game_id)
    if not abstractplay.exportable(game):
        abort(404, _l("Only Stawvs and Pylon games have Abstract Play records; #%(id)s is "
                      "%(game)s.", id=game.id, game=game.rules.name))
    body = json.dumps(abstractplay.to_ap(game), indent=1, ensure_ascii=False) + "\n"
    response = _record_response(body, "application/json", game, "json")
    response.headers["Content-Disposition"] = (
        f'inline; filename="pbem-{game.slug}-{game.id}-abstractplay.json"')
    return public_read(response, game.updated_at)


@bp.get("/games/<int:game_id>.txt")
def record_text(game_id):
    game = _started_game(game_id)
    return public_read(_record_response(records.to_text(game), "text/plain", game, "txt"),
                       game.updated_at)


def _zip_response(game_ids: list[int], name: str) -> Response:
    """Every game's records in one zip, streamed as it is written."""
    response = Response(stream_with_context(bundle.zip_chunks(game_ids, name)),
                        mimetype="application/zip")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.zip"'
    return response


@bp.get("/tournaments/<int:tournament_id>/games.zip")
def tournament_games(tournament_id):
    t = get_tournament(tournament_id)
    return _zip_response(bundle.tournament_game_ids(t.id), f"pbem-tournament-{t.id}")


@bp.get("/players/<int:player_id>/games.zip")
def player_games(player_id):
    player = _player_or_404(player_id)
    return _zip_response(bundle.player_game_ids(player.id), f"pbem-player-{player.id}")


@bp.route("/admin/import", methods=["GET", "POST"])
@admin_required
def import_game():
    form = ImportForm()
    if form.validate_on_submit():
        try:
            game = import_record(records.parse(form.record_text()), by=g.player)
        except BadRecord as exc:
            return render_template("archive/import.html", form=form, error=exc.message), 422
        flash(gettext("Imported as game #%(id)s.", id=game.id))
        return redirect(url_for("play.game", game_id=game.id), 303)
    return render_template("archive/import.html", form=form), 422 if form.errors else 200


# ----- feeds ----------------------------------------------------------------------------------


@bp.get("/archive/feed.atom")
def finished_feed():
    return public_read(Response(feeds.finished_feed(), content_type=CONTENT_TYPE))


@bp.get("/players/<int:player_id>/feed.atom")
def player_feed(player_id):
    return public_read(Response(feeds.player_feed(_player_or_404(player_id)),
                                content_type=CONTENT_TYPE))


@bp.get("/games/<int:game_id>/feed.atom")
def game_feed(game_id):
    game = _started_game(game_id)
    return public_read(Response(feeds.game_feed(game), content_type=CONTENT_TYPE),
                       game.updated_at)
