"""The API's routes of the lobby: the open challenges, posting one, joining and withdrawing."""

from __future__ import annotations

from flask import g, jsonify, request

from ..challenges import service as lobby
from ..challenges.queries import Filters, lobby_page
from ..core.db import utcnow
from ..core.errors import PbemError
from . import present
from .blueprint import bp
from .wrapper import api_view, body


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
