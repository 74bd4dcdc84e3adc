"""The API's routes of games: the caller's games, one game and its board, the acts of a seat
(a move, resigning, ending by agreement, a message) and its conditional moves.

Every act goes through the same ``pbem.play.commands`` as the web page.
"""

from __future__ import annotations

from datetime import datetime

from flask import Response, current_app, g, jsonify, request
from sqlalchemy import and_, or_, select

from ..conditional import service as conditional
from ..core.errors import PbemError
from ..core.extensions import db
from ..games import IllegalMove
from ..play import commands
from ..play.errors import NotYourTurn
from ..play.models import Game, Seat
from ..play.queries import get_game
from . import present
from .blueprint import BadQuery, bp, cursor_number, refused
from .wrapper import api_view, body

#: Games per page of ``GET /api/games``.
PER_PAGE = 50


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
            query = query.where(Game.id < cursor_number(after, "after"))
        query = query.order_by(Game.id.desc())
    rows = db.session.execute(query.limit(PER_PAGE + 1)).all()
    page = rows[:PER_PAGE]
    following = None
    if len(rows) > PER_PAGE:
        last = page[-1]
        following = (str(last.id) if to_move != "me" else
                     f"{present.iso(last.to_move_deadline) or '-'}~{last.id}")
    return jsonify({"games": [present.game_row(row) for row in page], "next": following})


def _deadline_cursor(text: str) -> tuple[datetime | None, int]:
    moment, _, game_id = text.rpartition("~")
    game_id = cursor_number(game_id, "after")
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
        raise refused(exc) from None


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
        raise refused(exc) from None
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
        raise refused(exc, 409) from None
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
