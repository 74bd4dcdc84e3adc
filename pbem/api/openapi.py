"""The OpenAPI 3.1 document of the API, written here beside the routes it describes; a test
holds the two together (every route documented, every documented path routed, the document
valid) and a property-based run checks the answers against it."""

from __future__ import annotations

from functools import cache

from ..conditional.service import MAX_LINES, MAX_NODES, MAX_TURNS
from ..games import all_rules
from .models import SCOPES

#: The event stream's answers: events per answer, and the milliseconds a client waits before
#: asking again (here, so that the document states what the view serves).
EVENTS_PER_ANSWER, RETRY_MS = 100, 15_000

_ERROR = {"$ref": "#/components/schemas/Error"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict:
    words = {400: "Bad request (a query or JSON that cannot be read)",
             401: "No token, or an unknown, revoked or expired one",
             403: "The token lacks the scope, or the caller may not do this",
             404: "No such game or challenge", 409: "The position moved on, or the state "
             "does not allow it", 413: "The body is too large",
             415: "Not JSON", 422: "A refused move or body, with the reason",
             429: "Too many requests for this token"}
    return {str(s): _json(_ERROR, words[s]) for s in statuses}


def _op(summary: str, scope: str | None, responses: dict, *, body: dict | None = None,
        parameters: list | None = None, errors=(400, 401, 403, 429)) -> dict:
    op = {"summary": summary, "responses": {**responses, **_errors(*errors)}}
    if scope:
        op["security"] = [{"token": [scope]}]
        op["description"] = f"Needs a token with the `{scope}` scope."
    if body is not None:
        op["requestBody"] = {"required": True,
                             "content": {"application/json": {"schema": body}}}
    if parameters:
        op["parameters"] = parameters
    return op


def _obj(properties: dict, required=(), extra: bool = False) -> dict:
    return {"type": "object", "properties": properties, "required": list(required),
            "additionalProperties": extra}


_STR, _INT, _BOOL = {"type": "string"}, {"type": "integer", "minimum": 0}, {"type": "boolean"}
_NSTR, _NINT = {"type": ["string", "null"]}, {"type": ["integer", "null"]}
_TIME = {"type": ["string", "null"], "format": "date-time"}
_GAME_ID = {"name": "game_id", "in": "path", "required": True,
            "schema": {"type": "integer", "minimum": 1}}
_CHALLENGE_ID = {"name": "challenge_id", "in": "path", "required": True,
                 "schema": {"type": "integer", "minimum": 1}}
_WRITE = (400, 401, 403, 404, 409, 413, 422, 429)
#: Conditional lines: each a branch, its turns in order.
_LINES = {"type": "array", "items": {"type": "array", "minItems": 1, "items": {
    "type": "string", "minLength": 1, "maxLength": 2000,
    "description": "a whole turn, its plies separated by spaces"}},
    "description": "each a branch: the turns in order, starting with the opponent's next "
                   "turn"}


def _schemas() -> dict:
    player = _obj({"id": _INT, "name": _STR, "bot": _BOOL}, ["id", "name", "bot"])
    slugs = [rules.slug for rules in all_rules()]
    return {
        "Error": _obj({"error": _STR, "code": _STR, "refusal": {
            "$ref": "#/components/schemas/Refusal"}}, ["error", "code"]),
        "Refusal": {**_obj({
            "key": {"type": "string", "description": "the rules' stable key of the refusal, "
                    "`rules.<word>` or `<game>.<word>`: the same sentence for every "
                    "refusal with this key"},
            "params": {"type": "object", "additionalProperties": {"type": ["string",
                                                                             "integer"]},
                       "description": "what the sentence names: squares, plies, numbers, "
                                      "what was typed (`text`), words such as sizes"},
            "step": {**_NINT, "description": "the refused step of a typed turn"},
            "ply": {**_NSTR, "description": "that step as typed"}},
            ["key", "params", "step", "ply"]),
            "description": "A refused move's stable key and parameters (a 422, or a 409 "
                           "for a resignation the rules refuse), to word it in any language; "
                           "`error` is the English sentence, `code` its coarse kind."},
        "Player": player,
        "Me": _obj({"id": _INT, "name": _STR, "email": _STR, "bot": _BOOL,
                    "bot_owner": {"oneOf": [{"$ref": "#/components/schemas/Player"},
                                            {"type": "null"}]},
                    "token": _obj({"id": _INT, "name": _STR,
                                   "scopes": {"type": "array",
                                              "items": {"enum": list(SCOPES)}}},
                                  ["id", "name", "scopes"])},
                   ["id", "name", "email", "bot", "bot_owner", "token"]),
        "GameRow": _obj({"id": _INT, "game": {"enum": slugs}, "status": _STR, "ply": _INT,
                         "to_move": _NINT, "deadline": _TIME, "url": _STR},
                        ["id", "game", "status", "ply", "to_move", "deadline", "url"]),
        "GameList": _obj({"games": {"type": "array",
                                    "items": {"$ref": "#/components/schemas/GameRow"}},
                          "next": {**_NSTR, "description": "`after` for the next page"}},
                         ["games", "next"]),
        "Game": _obj({
            "id": _INT, "game": {"enum": slugs}, "name": _STR,
            "options": {"type": "object"}, "status": _STR, "ply": _INT,
            "to_move": {**_NINT, "description": "the seat to move; null when over"},
            "your_seat": _NINT,
            "seats": {"type": "array", "items": _obj(
                {"seat": _INT, "label": _STR, "player": {"$ref": "#/components/schemas/Player"},
                 "accepted": _BOOL}, ["seat", "label", "player", "accepted"])},
            "deadline": _TIME, "time_control": _STR, "rated": _BOOL,
            "end_offer": {"type": ["object", "null"]},
            "result": {"oneOf": [{"type": "null"}, _obj(
                {"winners": {"type": "array", "items": _INT},
                 "scores": {}, "ended": _NSTR}, ["winners", "scores", "ended"])]},
            "links": _obj({"board": _STR, "page": _STR, "record": _STR},
                          ["board", "page", "record"]),
            "turn": {**_obj({"plies": {"type": "array", "items": _STR}, "complete": _BOOL,
                             "legal_moves": {"type": "array", "items": _STR}},
                            ["plies", "complete", "legal_moves"]),
                     "description": "Only when it is the caller's turn: the plies typed so "
                                    "far (`after`), whether they make a whole turn, and the "
                                    "legal next plies."},
        }, ["id", "game", "name", "options", "status", "ply", "to_move", "your_seat", "seats",
            "deadline", "time_control", "rated", "end_offer", "result", "links"]),
        "GameState": _obj({"id": _INT, "ply": _INT, "status": _STR, "to_move": _NINT},
                          ["id", "ply", "status", "to_move"], extra=True),
        "ConditionalLines": _obj({
            "lines": _LINES, "game": _INT, "seat": _INT,
            "ply": {**_INT, "description": "the game's ply: the lines start from here"},
            "may_set": {**_BOOL, "description": "whether they may be set now (the game is "
                                                "on and another seat is to move)"},
            "cleared": {"oneOf": [{"type": "null"}, _obj(
                {"ply": _INT, "reason": _STR}, ["ply", "reason"])],
                "description": "when the game left every line (or a reply had become "
                               "illegal): at which ply and why"}},
            ["lines", "game", "seat", "ply", "may_set", "cleared"]),
        "Challenge": _obj({
            "id": _INT, "game": _STR, "options": {"type": "object"}, "players": _INT,
            "taken": _INT, "time_control": _STR, "rated": _BOOL,
            "poster": _obj({"id": _INT, "name": _STR, "rating": {"type": "integer"},
                            "bot": {**_BOOL, "description": "a bot account (bots are rated "
                                                            "in the same pool, marked)"}},
                           ["id", "name", "rating", "bot"]),
            "expires_at": _TIME}, ["id", "game", "options", "players", "taken",
                                   "time_control", "rated", "poster", "expires_at"]),
    }


def _paths() -> dict:
    ref = "#/components/schemas/"
    state = _json({"$ref": ref + "GameState"}, "The game after the act")
    return {
        "/api/openapi.json": {"get": {"summary": "This document", "responses": {
            "200": {"description": "The OpenAPI document",
                    "content": {"application/json": {"schema": {"type": "object"}}}}}}},
        "/api/docs": {"get": {"summary": "This document as a page", "responses": {
            "200": {"description": "HTML", "content": {"text/html": {"schema": _STR}}}}}},
        "/api/me": {"get": _op("The token's account (its own address included)", "read",
                               {"200": _json({"$ref": ref + "Me"}, "The account")})},
        "/api/games": {"get": _op(
            "The caller's games: `to_move=me` those waiting for them, nearest deadline "
            "first; otherwise all theirs, newest first", "read",
            {"200": _json({"$ref": ref + "GameList"}, "A page of games")},
            parameters=[{"name": "to_move", "in": "query", "schema": {"enum": ["me"]}},
                        {"name": "after", "in": "query", "schema": _STR,
                         "description": "`next` of the previous page"}])},
        "/api/games/{game_id}": {"get": _op(
            "A game: options, seats by name, ply, whose turn, deadline, result and how it "
            "ended; the legal moves when it is the caller's turn", "read",
            {"200": _json({"$ref": ref + "Game"}, "The game")},
            parameters=[_GAME_ID, {"name": "after", "in": "query", "schema": _STR,
                                   "description": "plies of the caller's turn so far, "
                                                  "separated by spaces (multi-ply turns)"}],
            errors=(400, 401, 403, 404, 422, 429))},
        "/api/games/{game_id}/board.svg": {"get": _op(
            "The board now, as SVG", "read",
            {"200": {"description": "SVG",
                     "content": {"image/svg+xml": {"schema": _STR}}}},
            parameters=[_GAME_ID], errors=(400, 401, 403, 404, 429))},
        "/api/games/{game_id}/move": {"post": _op(
            "Play a whole turn (plies separated by spaces) at `ply`, the game's ply as read",
            "play", {"200": state}, parameters=[_GAME_ID], errors=_WRITE,
            body=_obj({"move": {"type": "string", "maxLength": 2000},
                       "ply": {"type": "integer", "minimum": 0, "maximum": 10**9},
                       "comment": {"type": "string", "maxLength": 2000}},
                      ["move", "ply"]))},
        "/api/games/{game_id}/resign": {"post": _op(
            "Resign (`ply`, when given, must be the game's ply)", "play", {"200": state},
            parameters=[_GAME_ID], errors=_WRITE,
            body=_obj({"ply": {"type": "integer", "minimum": 0, "maximum": 10**9}}))},
        "/api/games/{game_id}/end": {"post": _op(
            "Agree to end the game (propose, or accept the standing proposal), or decline",
            "play", {"200": _json({"$ref": ref + "GameState"}, "The game; `ended`: whether "
                                  "this agreement ended it")},
            parameters=[_GAME_ID], errors=_WRITE,
            body=_obj({"ply": {"type": "integer", "minimum": 0, "maximum": 10**9},
                       "answer": {"enum": ["agree", "decline"]}}, ["ply", "answer"]))},
        "/api/games/{game_id}/messages": {"post": _op(
            "Post a message to the game's thread", "play",
            {"201": _json(_obj({"posted": _BOOL}, ["posted"]), "Posted")},
            parameters=[_GAME_ID], errors=_WRITE,
            body=_obj({"text": {"type": "string", "maxLength": 2000}}, ["text"]))},
        "/api/games/{game_id}/conditional": {
            "get": _op("Your conditional moves in the game (only ever your own)", "read",
                       {"200": _json({"$ref": ref + "ConditionalLines"}, "Your lines")},
                       parameters=[_GAME_ID], errors=(400, 401, 403, 404, 429)),
            "put": _op(
                "Set your conditional moves while another seat is to move, replacing those "
                "kept (an empty list clears them). Each line is a branch: its turns in order, "
                "starting with the opponent's next turn, a turn's plies separated by spaces. "
                "Every line is played through the rules: a refused one is a 422 naming the "
                f"line, the turn and why; at most {MAX_LINES} lines of {MAX_TURNS} turns, "
                f"{MAX_NODES} turns in all (422). `ply`, when given, must be the game's ply "
                "as read (409 `position-changed` otherwise); without it the lines are "
                "checked against the position now. 409 too when it is your turn or the "
                "game is not being played", "play",
                {"200": _json({"$ref": ref + "ConditionalLines"}, "The lines kept")},
                parameters=[_GAME_ID], errors=_WRITE,
                body=_obj({"lines": _LINES,
                           "ply": {"type": "integer", "minimum": 0, "maximum": 10**9}},
                          ["lines"]))},
        "/api/stream": {"get": _op(
            "The caller's events (server-sent events): each ply in their games, `move` or "
            "`game-over`, with `your_turn`; resumed from `Last-Event-ID`. A long-poll "
            "fallback, not an open stream: each answer is short and complete (the events "
            f"since, at most {EVENTS_PER_ANSWER}, then `retry: {RETRY_MS}`) and EventSource "
            "asks again after `retry` with the last id it saw. No server worker is held "
            f"between asks, so it scales as one short request per client every "
            f"{RETRY_MS // 1000} s, events arriving up to {RETRY_MS // 1000} s late", "read",
            {"200": {"description": "An event stream",
                     "content": {"text/event-stream": {"schema": {
                         "type": "object", "description": "each event",
                         "properties": {"event": {"enum": ["hello", "move", "game-over"]},
                                        "id": _STR, "data": _STR, "retry": {}}}}}}},
            parameters=[{"name": "Last-Event-ID", "in": "header", "schema": _STR},
                        {"name": "last_event_id", "in": "query", "schema": _STR}])},
        "/api/challenges": {
            "get": _op("Open challenges, newest first", "read", {"200": _json(_obj(
                {"challenges": {"type": "array", "items": {"$ref": ref + "Challenge"}},
                 "next": _NINT}, ["challenges", "next"]), "A page of challenges")},
                parameters=[{"name": "game", "in": "query", "schema": _STR},
                            {"name": "players", "in": "query", "schema": _STR},
                            {"name": "before", "in": "query", "schema": _STR}]),
            "post": _op("Post a challenge", "challenge",
                        {"201": _json(_obj({"id": _INT}, ["id"]), "Posted")}, errors=_WRITE,
                        body=_obj({"game": _STR, "players": _INT,
                                   "options": {"type": "object"}, "time_control": _STR,
                                   "rated": _BOOL, "min_rating": _INT, "max_rating": _INT,
                                   "seat_order": {"enum": ["random", "poster_first"]}},
                                  ["game"]))},
        "/api/challenges/{challenge_id}/join": {"post": _op(
            "Join a challenge; the join that fills the table starts the game", "challenge",
            {"200": _json(_obj({"id": _INT, "game": _NINT}, ["id", "game"]), "Joined")},
            parameters=[_CHALLENGE_ID], errors=_WRITE, body=_obj({}))},
        "/api/challenges/{challenge_id}/withdraw": {"post": _op(
            "Withdraw your challenge", "challenge",
            {"200": _json(_obj({"id": _INT, "withdrawn": _BOOL}, ["id", "withdrawn"]),
                          "Withdrawn")},
            parameters=[_CHALLENGE_ID], errors=_WRITE, body=_obj({}))},
    }


@cache
def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "pbem API", "version": "1",
                 "description": "Play pbem's games from a program. Make a token on your "
                                "account page and send it as `Authorization: Bearer <token>`. "
                                "Every error is `{\"error\": ..., \"code\": ...}` with a 4xx "
                                "status. A move names the ply it was made at: a stale ply "
                                "gets 409, an illegal move 422 with the rules' reason."},
        "servers": [{"url": "/"}],
        "paths": _paths(),
        "components": {
            "schemas": _schemas(),
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer",
                                          "description": "A personal access token"}},
        },
    }
