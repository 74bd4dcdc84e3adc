"""The API's routes: the account, games, moves and the other acts of a seat, challenges.

Every view goes through :func:`.wrapper.api_view` (the token, its scope, the one commit), and
every act in a game through the same ``pbem.play.commands`` as the web page.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    jsonify,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup, escape
from sqlalchemy import and_, func, or_, select

from ..challenges import service as lobby
from ..challenges.queries import Filters, lobby_page
from ..conditional import service as conditional
from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.extensions import csrf, db
from ..core.validators import BadNumber, whole_number
from ..games import IllegalMove
from ..play import commands
from ..play.errors import NotYourTurn
from ..play.models import Game, Move, Seat
from ..play.queries import get_game
from . import openapi, present
from .wrapper import api_view, body

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)  # a bearer token, never a cookie, authorises every write here


@bp.app_template_filter("ticks")
def ticks(text: str) -> Markup:
    """The document's text for a page: escaped, with `code` in backticks set as code."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))

#: Games per page of ``GET /api/games``.
PER_PAGE = 50


class BadQuery(PbemError):
    status, code = 400, "bad-query"


def _refused(exc: IllegalMove, status: int = 422) -> PbemError:
    """The rules' refusal as the API's error: its English reason and code, and the refusal's
    stable key and parameters (``Refusal`` in the document), to say it in another language."""
    error = PbemError(exc.reason, exc.code, status)
    if exc.key is not None:
        error.details = {"refusal": {"key": exc.key, "params": exc.params, "step": exc.step,
                                     "ply": exc.ply}}
    return error


# ----- the document ---------------------------------------------------------------------------


@bp.get("/openapi.json")
def document():
    response = jsonify(openapi.document())
    response.headers["Access-Control-Allow-Origin"] = "*"
    return response


@bp.get("/docs")
def docs():
    return render_template("api/docs.html", doc=openapi.document(),
                           spec_url=url_for("api.document"))


# ----- the account ----------------------------------------------------------------------------


@bp.get("/me")
@api_view("read")
def me():
    return jsonify(present.me(g.api_player, g.api_token))


# ----- games ----------------------------------------------------------------------------------


@bp.get("/games")
@api_view("read")
def games():
    """The caller's games: ``to_move=me`` those waiting for them, nearest deadline first (no
    deadline last); otherwise all of theirs, newest first. Keyset pages (``after``)."""
    to_move = request.args.get("to_move")
    if to_move not in (None, "me"):
        raise BadQuery("to_move takes only 'me'.")
    after = request.args.get("after")
    player = g.api_player
    columns = (Game.id, Game.slug, Game.status, Game.ply, Game.to_move_seat,
               Game.to_move_deadline)
    if to_move == "me":
        query = select(*columns).where(Game.to_move_player_id == player.id,
                                       Game.status == "active")
        if after:
            deadline, game_id = _deadline_cursor(after)
            if deadline is None:
                query = query.where(Game.to_move_deadline.is_(None), Game.id > game_id)
            else:
                query = query.where(or_(
                    Game.to_move_deadline > deadline,
                    and_(Game.to_move_deadline == deadline, Game.id > game_id),
                    Game.to_move_deadline.is_(None)))
        query = query.order_by(Game.to_move_deadline.asc().nulls_last(), Game.id)
    else:
        query = select(*columns).join(Seat, Seat.game_id == Game.id).where(
            Seat.player_id == player.id)
        if after:
            query = query.where(Game.id < _number(after, "after"))
        query = query.order_by(Game.id.desc())
    rows = db.session.execute(query.limit(PER_PAGE + 1)).all()
    page = rows[:PER_PAGE]
    following = None
    if len(rows) > PER_PAGE:
        last = page[-1]
        following = (str(last.id) if to_move != "me" else
                     f"{present.iso(last.to_move_deadline) or '-'}~{last.id}")
    return jsonify({"games": [present.game_row(row) for row in page], "next": following})


def _number(text: str, name: str) -> int:
    try:
        return whole_number(text, 0, 2**62, name)
    except BadNumber:
        raise BadQuery(f"{name} takes the cursor of the previous page.") from None


def _deadline_cursor(text: str) -> tuple[datetime | None, int]:
    moment, _, game_id = text.rpartition("~")
    game_id = _number(game_id, "after")
    if moment == "-":
        return None, game_id
    try:
        deadline = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    except ValueError:
        raise BadQuery("after takes the cursor of the previous page.") from None
    if deadline.tzinfo is None:
        raise BadQuery("after takes the cursor of the previous page.")
    return deadline, game_id


@bp.get("/games/<int:game_id>")
@api_view("read")
def game(game_id):
    game = get_game(game_id)
    try:
        return jsonify(present.game(game, g.api_player, request.args.get("after")))
    except IllegalMove as exc:
        raise _refused(exc) from None


@bp.get("/games/<int:game_id>/board.svg")
@api_view("read")
def board(game_id):
    game = get_game(game_id)
    state = game.load_state()
    if state is None:
        raise PbemError("The game has not started: there is no board yet.", "not-started", 404)
    return Response(game.renderer.svg(state), mimetype="image/svg+xml")


def _my_seat(game_id) -> tuple[Game, int]:
    """The game, its row locked, and the caller's seat in it.

    :raises NotYourTurn: the caller has no seat in the game (403).
    """
    game = commands.locked(game_id)
    seat = game.seat_of(g.api_player)
    if seat is None:
        raise NotYourTurn("You do not play in this game.", "not-in-game")
    return game, seat.index


def _state_of(game: Game) -> dict:
    """The game after an act (its row read again: the command's commit expired it)."""
    return {"id": game.id, "ply": game.ply, "status": game.status,
            "to_move": game.to_move_seat}


@bp.post("/games/<int:game_id>/move")
@api_view("play")
def move(game_id):
    """Play a whole turn (its plies separated by spaces) at ``ply``: the web page's command."""
    data = body({"move": str, "ply": int}, {"comment": str})
    game, seat = _my_seat(game_id)
    session = db.session()
    session.expire_on_commit = False  # the answer reads the game just written: no re-read
    try:
        commands.play_turn(game, seat, data["move"], data["ply"], data.get("comment", ""))
    except IllegalMove as exc:
        raise _refused(exc) from None
    finally:
        session.expire_on_commit = True
    return jsonify(_state_of(game))


@bp.post("/games/<int:game_id>/resign")
@api_view("play")
def resign(game_id):
    data = body({}, {"ply": int})
    game, seat = _my_seat(game_id)
    try:
        commands.resign(game, seat, data.get("ply"))
    except IllegalMove as exc:
        raise _refused(exc, 409) from None
    return jsonify(_state_of(game))


@bp.post("/games/<int:game_id>/end")
@api_view("play")
def end(game_id):
    """Agree to end the game (propose it, or accept the proposal standing), or decline it."""
    data = body({"ply": int, "answer": str})
    if data["answer"] not in ("agree", "decline"):
        raise PbemError("answer is 'agree' or 'decline'.", "bad-body", 422)
    game, seat = _my_seat(game_id)
    if data["answer"] == "decline":
        commands.decline(game, seat, data["ply"])
        ended = False
    else:
        ended = commands.agree(game, seat, data["ply"])
    return jsonify({**_state_of(game), "ended": ended})


@bp.post("/games/<int:game_id>/messages")
@api_view("play")
def message(game_id):
    data = body({"text": str})
    game, seat = _my_seat(game_id)
    commands.post_message(game, seat, data["text"])
    return jsonify({"posted": True}), 201


# ----- conditional moves ---------------------------------------------------------------------


def _conditional(game: Game, seat: int) -> dict:
    """The caller's own conditional moves in ``game`` (never another player's): the lines
    from the game's position now, each the turns in order, and whether they were cleared."""
    tree = conditional.read(game.id, g.api_player.id)
    cleared = None
    if tree is not None and tree.cleared_ply is not None:
        cleared = {"ply": tree.cleared_ply, "reason": tree.cleared_reason or ""}
    return {"game": game.id, "seat": seat, "ply": game.ply,
            "lines": [[turn for _, turn in line] for line in tree.lines] if tree else [],
            "may_set": game.status == "active" and game.to_move_seat not in (None, seat),
            "cleared": cleared}


def _lines(raw: list) -> list[list[str]]:
    """``lines`` of the body as the service takes them: each a non-empty list of turns, each
    turn a non-empty string (its spaces squeezed, as the web form's).

    :raises BadBody: a line or a turn of the wrong shape, named (422)."""
    lines = []
    for number, line in enumerate(raw, start=1):
        if not isinstance(line, list) or not line:
            raise PbemError(f"Line {number} must be a non-empty list of turns (strings).",
                            "bad-body", 422)
        turns = []
        for index, turn in enumerate(line, start=1):
            if not isinstance(turn, str) or len(turn) > 2000 or "\x00" in turn \
                    or not turn.split():
                raise PbemError(f"Line {number}, turn {index} must be a turn: its plies "
                                "separated by spaces.", "bad-body", 422)
            turns.append(" ".join(turn.split()))
        lines.append(turns)
    return lines


@bp.get("/games/<int:game_id>/conditional")
@api_view("read")
def conditional_lines(game_id):
    game = get_game(game_id)
    seat = game.seat_of(g.api_player)
    if seat is None:
        raise NotYourTurn("Only the players of this game keep conditional moves in it.",
                          "not-in-game")
    return jsonify(_conditional(game, seat.index))


@bp.put("/games/<int:game_id>/conditional")
@api_view("play")
def set_conditional_lines(game_id):
    """Replace the caller's conditional moves (an empty list clears them), checked by the
    rules as the web page's; ``ply``, when given, must be the game's ply (409 otherwise)."""
    data = body({"lines": list}, {"ply": int},
                most=current_app.config["API_MAX_CONDITIONAL_BODY"])
    lines = _lines(data["lines"])
    game, seat = _my_seat(game_id)
    with commands.unit_of_work():
        conditional.set_lines(game, seat, lines, data.get("ply"))
    return jsonify(_conditional(game, seat))


# ----- challenges -----------------------------------------------------------------------------


def _challenge(listed) -> dict:
    challenge = listed.challenge
    return {"id": challenge.id, "game": challenge.slug, "options": challenge.options,
            "players": challenge.players, "taken": challenge.taken,
            "time_control": challenge.time_control, "rated": challenge.rated,
            "poster": {"id": challenge.poster_id, "name": listed.poster_name,
                       "rating": listed.rating, "bot": listed.poster_is_bot},
            "expires_at": present.iso(challenge.expires_at)}


@bp.get("/challenges")
@api_view("read")
def challenges():
    page = lobby_page(Filters.from_args(request.args), utcnow())
    return jsonify({"challenges": [_challenge(entry) for entry in page.entries],
                    "next": page.next_before})


@bp.post("/challenges")
@api_view("challenge")
def post_challenge():
    data = body({"game": str}, {"players": int, "options": dict, "time_control": str,
                                "rated": bool, "min_rating": int, "max_rating": int,
                                "seat_order": str})
    options = data.get("options", {})
    if any(not isinstance(v, str | int) or isinstance(v, bool) or len(str(k)) > 40
           or len(str(v)) > 40 for k, v in options.items()) or len(options) > 20:
        raise PbemError("options maps option names to values (text or whole numbers).",
                        "bad-body", 422)
    terms = lobby.check_terms(
        data["game"], {k: str(v) for k, v in options.items()}, data.get("players", 2),
        data.get("time_control", "none"), data.get("rated", True), data.get("min_rating"),
        data.get("max_rating"), data.get("seat_order", "random"))
    challenge = lobby.post(g.api_player, terms, utcnow())
    return jsonify({"id": challenge.id}), 201


@bp.post("/challenges/<int:challenge_id>/join")
@api_view("challenge")
def join_challenge(challenge_id):
    body({})
    challenge = lobby.join(challenge_id, g.api_player, utcnow())
    return jsonify({"id": challenge.id, "game": challenge.game_id})


@bp.post("/challenges/<int:challenge_id>/withdraw")
@api_view("challenge")
def withdraw_challenge(challenge_id):
    body({})
    lobby.withdraw(challenge_id, g.api_player, utcnow())
    return jsonify({"id": challenge_id, "withdrawn": True})


# ----- events ---------------------------------------------------------------------------------

@bp.get("/stream")
@api_view("read")
def stream():
    """The caller's events as server-sent events: each ply played in their games (``move``),
    marked when it makes it their turn, and ``game-over`` when it ended the game; resumed from
    ``Last-Event-ID`` (or ``?last_event_id=``), an event's id being its ply's row.

    Each answer sends what happened since and ends, with a ``retry`` telling the browser's
    EventSource when to ask again (it sends the last id by itself): a long-poll fallback, no
    worker held per client, at the cost of up to ``openapi.RETRY_MS`` of delay. Without an id
    the answer names the latest one, to start from now.
    """
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_event_id")
    player = g.api_player
    lines = [f"retry: {openapi.RETRY_MS}\n"]
    if raw is None:
        latest = db.session.scalar(select(func.max(Move.id))) or 0
        lines.append(f"id: {latest}\nevent: hello\ndata: {{}}\n")
    else:
        after = _number(raw, "Last-Event-ID")
        mine = select(Seat.game_id).where(Seat.player_id == player.id)
        rows = db.session.execute(
            select(Move.id, Move.game_id, Move.ply, Move.seat, Move.move, Game.ply.label("now"),
                   Game.status, Game.to_move_player_id)
            .join(Game, Game.id == Move.game_id)
            .where(Move.id > after, Move.game_id.in_(mine))
            .order_by(Move.id).limit(openapi.EVENTS_PER_ANSWER)).all()
        for row in rows:
            latest = row.ply == row.now
            kind = "game-over" if latest and row.status == "finished" else "move"
            data = {"game": row.game_id, "ply": row.ply, "seat": row.seat, "move": row.move,
                    "your_turn": latest and row.to_move_player_id == player.id}
            lines.append(f"id: {row.id}\nevent: {kind}\ndata: {json.dumps(data)}\n")
    response = Response("\n".join(lines) + "\n", mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    return response
