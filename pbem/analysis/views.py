"""The analysis board's pages: ``/games/<id>/analysis`` (a page, every step a link) and
``/games/<id>/analysis.json`` (one small answer per step, for the board's script and any
client). Both read only: GET, nothing stored, any reader."""

from __future__ import annotations

from flask import Blueprint, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ..play.models import ACTIVE
from ..play.queries import get_game
from . import service
from .service import MAX_PLIES, BadLine

bp = Blueprint("analysis", __name__)

#: The most legal moves the page lists as links (a move beyond them is typed).
LISTED_MOVES = 400


#: The placeholders the analysis board's script fills itself (kept in its words as they are).
_LEFT = {name: f"%({name})s" for name in ("scores", "winners", "seat", "count", "path")}


@bp.app_template_global()
def analysis_words() -> dict:
    """What static/analysis.js writes when it redraws the board, in the page's language,
    keyed by the English it falls back on; a count's words as ``[one, other]`` under the
    English singular. The script fills the ``%(name)s`` placeholders itself."""
    over_draw = "<strong>Over</strong> in this line: a draw; scores %(scores)s."
    over_won = "<strong>Over</strong> in this line: won by %(winners)s; scores %(scores)s."
    to_move = '<strong class="to-move">%(seat)s</strong> to move; %(count)s legal move.'
    going_on = ('<strong class="to-move">%(seat)s</strong> to move (continuing the turn); '
                '%(count)s legal move.')
    narrowed = "%(path)s: %(count)s move; click a highlighted step, or pick below."
    return {
        over_draw: _(over_draw, **_LEFT),
        over_won: _(over_won, **_LEFT),
        to_move: [ngettext('<strong class="to-move">%(seat)s</strong> to move; %(count)s legal '
                           'move.', '<strong class="to-move">%(seat)s</strong> to move; '
                           '%(count)s legal moves.', n, **_LEFT) for n in (1, 2)],
        going_on: [ngettext('<strong class="to-move">%(seat)s</strong> to move (continuing the '
                            'turn); %(count)s legal move.', '<strong class="to-move">%(seat)s'
                            '</strong> to move (continuing the turn); %(count)s legal moves.',
                            n, **_LEFT) for n in (1, 2)],
        narrowed: [ngettext("%(path)s: %(count)s move; click a highlighted step, or pick below.",
                            "%(path)s: %(count)s moves; click a highlighted step, or pick "
                            "below.", n, **_LEFT) for n in (1, 2)],
        "Explored line": _("Explored line"), "Back one ply": _("Back one ply"),
        "Start again": _("Start again"), "Link to this line": _("Link to this line"),
        "No moves yet: pick one below, or click the board.":
            _("No moves yet: pick one below, or click the board."),
        "Click the board to play a move for the side to move.":
            _("Click the board to play a move for the side to move."),
        "That step could not be played.": _("That step could not be played."),
    }


def _line_args():
    plies = request.args.getlist("p")
    if len(plies) > MAX_PLIES:
        raise service.too_long(plies)
    return plies


def explore_request(game):
    """The exploration the request's ``at`` and ``p`` name (:func:`service.explore`)."""
    return service.explore(game, service.read_at(game, request.args.get("at")), _line_args())


def line_url(game_id: int, at: int, plies, endpoint: str = "analysis.board") -> str:
    return url_for(endpoint, game_id=game_id, at=at, p=list(plies))


@bp.get("/games/<int:game_id>/analysis.json")
def board_json(game_id):
    game = get_game(game_id)
    try:
        found = explore_request(game)
    except BadLine as exc:
        return jsonify(error=exc.message, code=exc.code), exc.status
    answer = service.as_json(found)
    answer["url"] = line_url(game.id, found.at, found.plies)
    return jsonify(answer)


@bp.get("/games/<int:game_id>/analysis")
def board(game_id):
    game = get_game(game_id)
    found = service.explore(game, service.read_at(game, request.args.get("at")),
                            _line_args(), partial=True)
    error, status = (None, 200) if found.error is None else (found.error.message,
                                                             found.error.status)
    return render_template("analysis/board.html", **context(game, found, error)), status


def context(game, found, error=None) -> dict:
    legal = found.legal()
    seat = game.seat_of(g.player) if g.get("player") is not None else None
    extra = {"board_sections": []}
    for _name, more in _board_extras:
        for name, value in (more(game, found, seat) or {}).items():
            if name == "board_sections":
                extra[name] += value
            else:
                extra[name] = value
    return {
        "game": game, "found": found, "error": error, "seat": seat,
        **service.board(found),
        "legal": legal[:LISTED_MOVES],
        "routes": {move: game.renderer.routes(move) for move in legal},
        "more_moves": max(0, len(legal) - LISTED_MOVES),
        "line_url": lambda plies: line_url(game.id, found.at, plies),
        "json_url": url_for("analysis.board_json", game_id=game.id, at=found.at,
                            p=found.plies),
        "active": game.status == ACTIVE,
        **extra,
    }


#: What other packages above play add to the board's page: ``(name, callable(game, found,
#: seat) -> dict)``, handed over at start-up (the conditional moves' "keep this line").
_board_extras: list = []


def add_to_board(name: str, function) -> None:
    if all(existing != name for existing, _ in _board_extras):
        _board_extras.append((name, function))
