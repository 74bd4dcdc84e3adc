"""What the API says about games: plain dicts, shaped as the OpenAPI document describes."""

from __future__ import annotations

from datetime import UTC, datetime

from ..core.urls import external_url
from ..games import Refusal
from ..play.termination import terminations

#: The API's own refusal, beside the rules' (said in the reader's language with theirs, by
#: ``pbem.play.phrases``; an API client gets its key and parameters).
NOT_YOUR_TURN = Refusal("api.not-your-turn",
                        "it is not your turn in this game", code="not-your-turn")
REFUSALS = (NOT_YOUR_TURN,)


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def player_ref(player, name: str) -> dict:
    """A player as the API names them: never their address."""
    return {"id": player.id, "name": name, "bot": bool(player.is_bot)}


def me(player, token) -> dict:
    owner = player.bot_owner
    return {"id": player.id, "name": player.name, "email": player.email,
            "bot": bool(player.is_bot),
            "bot_owner": None if owner is None else player_ref(owner, owner.name),
            "token": {"id": token.id, "name": token.name, "scopes": token.scope_list}}


def game_row(row) -> dict:
    """A line of a list of games (read from the games table alone)."""
    return {"id": row.id, "game": row.slug, "status": row.status, "ply": row.ply,
            "to_move": row.to_move_seat, "deadline": iso(row.to_move_deadline),
            "url": external_url("api.game", game_id=row.id)}


def game(game, viewer, after: str | None = None) -> dict:
    """A game as ``viewer`` may see it; the legal moves when it is their turn (``after``: the
    plies of their turn typed so far, for games whose turns have several).

    :raises IllegalMove: ``after`` is not a legal start of the turn.
    """
    rules, state = game.rules, game.load_state()
    mine = game.seat_of(viewer)
    to_move = None if state is None else rules.to_move(state)
    result = None
    if game.result is not None:
        result = {"winners": game.result.get("winners", []),
                  "scores": game.result.get("scores"),
                  "ended": terminations([game]).get(game.id)}
    data = {
        "id": game.id, "game": game.slug, "name": rules.name, "options": game.options,
        "status": game.status, "ply": game.ply, "to_move": to_move,
        "your_seat": None if mine is None else mine.index,
        "seats": [{"seat": seat.index, "label": seat.label,
                   "player": player_ref(seat.player, seat.name_for(viewer)),
                   "accepted": seat.response == "accepted"} for seat in game.seats],
        "deadline": iso(game.to_move_deadline), "time_control": game.time_control,
        "rated": game.rated, "end_offer": game.end_proposal, "result": result,
        "links": {"board": external_url("api.board", game_id=game.id),
                  "page": external_url("play.game", game_id=game.id),
                  "record": external_url("archive.record_json", game_id=game.id)},
    }
    if mine is not None and to_move == mine.index and game.status == "active":
        plies: list[str] = []
        if after and after.strip():
            plies, state = rules.apply_turn(state, after.strip())
        complete = bool(plies) and rules.is_turn_complete(state)
        data["turn"] = {"plies": plies, "complete": complete,
                        "legal_moves": [] if complete else rules.legal_moves(state)}
    elif after:
        raise NOT_YOUR_TURN()
    return data
