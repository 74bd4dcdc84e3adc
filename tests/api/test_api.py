"""The API's core: the caller's games, a game, a move through the web page's command (200 /
409 / 422 / 403 / 401), the other acts of a seat, challenges, bots run from outside, and bad
input of every kind answered with a JSON 4xx."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from helpers import outbox, sign_in
from sqlalchemy import func, select

from pbem.api import bots
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.play.models import GameMessage, Move
from pbem.play.queries import get_game


def _first_move(client, game_id, headers):
    return client.get(f"/api/games/{game_id}", headers=headers).json["turn"]["legal_moves"][0]


def test_a_game_as_its_player_sees_it(client, make_game, bearer):
    game = make_game("pylon")
    ann, bob = (seat.player for seat in game.seats)
    data = client.get(f"/api/games/{game.id}", headers=bearer(ann)).json
    assert (data["game"], data["ply"], data["to_move"], data["your_seat"]) == ("pylon", 0, 0, 0)
    assert [seat["player"]["name"] for seat in data["seats"]] == [ann.name, bob.name]
    assert data["turn"]["legal_moves"] == game.rules.legal_moves(game.load_state())
    assert data["options"] == game.options and data["result"] is None
    assert data["links"]["board"].endswith(f"/api/games/{game.id}/board.svg")
    theirs = client.get(f"/api/games/{game.id}", headers=bearer(bob)).json
    assert "turn" not in theirs and theirs["your_seat"] == 1
    board = client.get(f"/api/games/{game.id}/board.svg", headers=bearer(bob))
    assert board.status_code == 200 and board.mimetype == "image/svg+xml"
    assert board.get_data(as_text=True).lstrip().startswith("<svg")


def test_a_multi_ply_turn_is_built_with_after(client, make_game, bearer):
    game = make_game("spike")
    headers = bearer(game.seats[0].player)
    turn = client.get(f"/api/games/{game.id}", headers=headers).json["turn"]
    plies = []
    while not turn["complete"]:
        plies.append(turn["legal_moves"][0])
        turn = client.get(f"/api/games/{game.id}", query_string={"after": " ".join(plies)},
                          headers=headers).json["turn"]
    assert turn["plies"] and turn["legal_moves"] == []
    response = client.post(f"/api/games/{game.id}/move", headers=headers,
                           json={"move": " ".join(plies), "ply": 0})
    assert response.status_code == 200 and response.json["ply"] == len(turn["plies"])
    bad = client.get(f"/api/games/{game.id}", query_string={"after": "zz9"},
                     headers=bearer(game.seats[1].player))
    assert bad.status_code == 422 and bad.json["code"] == "syntax"
    waiting = client.get(f"/api/games/{game.id}", query_string={"after": plies[0]},
                         headers=headers)  # the first player's turn is over
    assert waiting.status_code == 422 and waiting.json["code"] == "not-your-turn"
    assert waiting.json["refusal"]["key"] == "api.not-your-turn"  # to say in any language


def test_a_move_answers_200_409_422_403(app, client, make_game, make_player, bearer):
    game = make_game("pylon")
    ann, bob = (seat.player for seat in game.seats)
    mine, theirs = bearer(ann), bearer(bob)
    move = _first_move(client, game.id, mine)
    url = f"/api/games/{game.id}/move"
    wrong_seat = client.post(url, json={"move": move, "ply": 0}, headers=theirs)
    assert wrong_seat.status_code == 403 and wrong_seat.json["code"] == "not-your-turn"
    stranger = client.post(url, json={"move": move, "ply": 0}, headers=bearer(make_player()))
    assert stranger.status_code == 403 and stranger.json["code"] == "not-in-game"
    illegal = client.post(url, json={"move": "Q9", "ply": 0}, headers=mine)
    assert illegal.status_code == 422 and illegal.json["error"] and illegal.json["code"]
    # The refusal's stable key and parameters, to say it in another language.
    assert illegal.json["refusal"] == {"key": "pylon.unreadable", "params": {"text": "q9"},
                                       "step": None, "ply": None}
    played = client.post(url, json={"move": move, "ply": 0, "comment": "hello"}, headers=mine)
    assert played.status_code == 200
    assert played.json == {"id": game.id, "ply": 1, "status": "active", "to_move": 1}
    stale = client.post(url, json={"move": move, "ply": 0}, headers=mine)
    assert stale.status_code == 409 and stale.json["code"] == "position-changed"
    assert db.session.scalar(select(func.count()).where(Move.game_id == game.id)) == 1
    # The same events as a web move: the next player's turn email is in the outbox.
    assert [m.recipient for m in outbox("turn")][-1] == bob.email
    assert client.post(url, json={"move": move, "ply": 0}).status_code == 401


def test_games_waiting_for_me_nearest_deadline_first_in_pages(app, client, make_game,
                                                              make_player, bearer, monkeypatch):
    import pbem.api.game_views as game_views

    monkeypatch.setattr(game_views, "PER_PAGE", 2)
    ann = make_player(name="Ann")
    games = [make_game("pylon", players=[ann, make_player()]) for _ in range(5)]
    now = utcnow()
    for game, hours in zip(games, (5, None, 1, 3, None), strict=True):
        game.to_move_deadline = None if hours is None else now + timedelta(hours=hours)
    waiting_for_other = make_game("pylon", players=[make_player(), ann])
    db.session.commit()
    headers, seen, after = bearer(ann, "read"), [], None
    while True:
        page = client.get("/api/games", query_string={"to_move": "me", **(
            {"after": after} if after else {})}, headers=headers).json
        seen += [row["id"] for row in page["games"]]
        after = page["next"]
        if after is None:
            break
    expected = [games[2].id, games[3].id, games[0].id, games[1].id, games[4].id]
    assert seen == expected and waiting_for_other.id not in seen
    everything = client.get("/api/games", headers=headers).json["games"]
    assert len(everything) == 2  # the page size; newest first
    for bad in ({"to_move": "you"}, {"to_move": "me", "after": "x~y"},
                {"after": "-3"}, {"to_move": "me", "after": "2020-01-01T00:00:00~1"}):
        response = client.get("/api/games", query_string=bad, headers=headers)
        assert response.status_code == 400 and response.json["code"] == "bad-query"


def test_resign_end_and_messages(client, make_game, bearer):
    game = make_game("pylon")
    ann, bob = (seat.player for seat in game.seats)
    url = f"/api/games/{game.id}"
    posted = client.post(f"{url}/messages", json={"text": "good luck"}, headers=bearer(bob))
    assert posted.status_code == 201
    assert db.session.scalar(select(GameMessage.body)) == "good luck"
    offer = client.post(f"{url}/end", json={"ply": 0, "answer": "agree"}, headers=bearer(ann))
    assert offer.status_code == 200 and offer.json["ended"] is False
    answer = client.post(f"{url}/end", json={"ply": 0, "answer": "maybe"}, headers=bearer(bob))
    assert answer.status_code == 422
    resigned = client.post(f"{url}/resign", json={"ply": 0}, headers=bearer(bob))
    assert resigned.status_code == 200 and resigned.json["status"] == "finished"
    over = client.get(url, headers=bearer(ann)).json
    assert over["result"]["winners"] == [0] and over["result"]["ended"] == "resignation"
    again = client.post(f"{url}/resign", json={}, headers=bearer(ann))
    assert again.status_code == 409


def test_challenges_posted_listed_joined_and_withdrawn(client, make_player, bearer):
    ann, bob = make_player(name="Ann"), make_player(name="Bob")
    posted = client.post("/api/challenges", json={"game": "pylon", "players": 2,
                                                  "rated": False}, headers=bearer(ann))
    assert posted.status_code == 201
    listed = client.get("/api/challenges", headers=bearer(bob, "read")).json["challenges"]
    assert [(c["id"], c["poster"]["name"]) for c in listed] == [(posted.json["id"], "Ann")]
    joined = client.post(f"/api/challenges/{posted.json['id']}/join", json={},
                         headers=bearer(bob))
    assert joined.status_code == 200 and joined.json["game"] is not None
    second = client.post("/api/challenges", json={"game": "stax"}, headers=bearer(ann))
    assert client.post(f"/api/challenges/{second.json['id']}/withdraw", json={},
                       headers=bearer(bob)).status_code == 403
    assert client.post(f"/api/challenges/{second.json['id']}/withdraw", json={},
                       headers=bearer(ann)).status_code == 200
    for bad in ({"game": "chess"}, {"game": "pylon", "players": 9},
                {"game": "pylon", "options": {"start": ["x"]}}, {"game": "pylon", "rated": 1}):
        response = client.post("/api/challenges", json=bad, headers=bearer(ann))
        assert 400 <= response.status_code < 500 and response.json["code"], bad


BAD_BODIES = [
    ("{not json", "bad-json", 400),
    ("[1, 2]", "bad-body", 422),
    ('"move"', "bad-body", 422),
    ("{}", "missing-field", 422),
    ('{"move": "a1", "ply": 0, "extra": 1}', "unknown-field", 422),
    ('{"move": 5, "ply": 0}', "wrong-type", 422),
    ('{"move": "a1", "ply": "0"}', "wrong-type", 422),
    ('{"move": "a1", "ply": true}', "wrong-type", 422),
    ('{"move": "a1", "ply": -1}', "wrong-type", 422),
    ('{"move": "a1", "ply": 1e400}', "wrong-type", 422),
    ('{"move": "a1", "ply": 99999999999999999999}', "wrong-type", 422),
    ('{"move": "a\\u0000", "ply": 0}', "wrong-type", 422),
    ('{"move": "' + "x" * 20000 + '", "ply": 0}', "too-large", 413),
    ("[" * 100000 + "]" * 100000, "too-large", 413),
]


@pytest.mark.parametrize(("raw", "code", "status"), BAD_BODIES)
def test_bad_bodies_get_a_json_4xx_and_change_nothing(client, make_game, bearer, raw, code,
                                                      status):
    game = make_game("pylon")
    response = client.post(f"/api/games/{game.id}/move", data=raw,
                           content_type="application/json", headers=bearer(game.seats[0].player))
    assert (response.status_code, response.json["code"]) == (status, code)
    assert get_game(game.id).ply == 0


def test_unknown_routes_methods_and_ids_are_json_4xx(client, make_player, bearer):
    headers = bearer(make_player())
    for method, url in (("get", "/api/nothing"), ("delete", "/api/me"), ("get", "/api/games/0"),
                        ("get", "/api/games/99999999999999999999999"), ("put", "/api/games"),
                        ("get", "/api/games/abc"), ("get", "/api/games?after=%00")):
        response = getattr(client, method)(url, headers=headers)
        assert 400 <= response.status_code < 500, url
        assert set(json.loads(response.data)) == {"error", "code"}, url
    deep = client.post("/api/challenges", data="[" * 5000 + "]" * 5000,
                       content_type="application/json", headers=headers)
    assert deep.status_code == 400 and deep.json["code"] == "bad-json"


def test_a_bot_run_from_outside(client, make_player, make_game, bearer):
    owner = make_player(name="Ann")
    engine = bots.register_engine(owner, "Ann's engine")
    db.session.commit()
    assert engine.is_bot and engine.bot_owner_id == owner.id
    assert engine.email.endswith(".invalid")  # never mailed, never signed in with
    me = client.get("/api/me", headers=bearer(engine, "read")).json
    assert me["bot"] is True and me["bot_owner"] == {"id": owner.id, "name": "Ann",
                                                      "bot": False}
    game = make_game("pylon", players=[engine, make_player()])
    seats = client.get(f"/api/games/{game.id}", headers=bearer(owner, "read")).json["seats"]
    assert seats[0]["player"]["bot"] is True
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Ann&#39;s engine" in page and 'class="bot"' in page
    # A bot account plays through the API, not through the pages.
    sign_in(client, engine)
    refused = client.post(f"/games/{game.id}/move", data={"move": "Sa1", "ply": 0})
    assert refused.status_code == 403


def test_engines_are_registered_on_the_account_page(client, make_player):
    owner = make_player(name="Ann")
    sign_in(client, owner)
    assert client.post("/account/engines", data={"name": "Deep Ann"}).status_code == 303
    page = client.get("/account/tokens").get_data(as_text=True)
    assert "Deep Ann" in page
    engine = bots.engines_of(owner.id)[0]
    made = client.post("/account/tokens", data={"holder": str(engine.id), "scope": ["play"]})
    assert made.status_code == 201 and "for Deep Ann" in made.get_data(as_text=True)
    assert client.post("/account/engines", data={"name": ""}).status_code == 422


def test_an_admin_marks_an_account_a_bot(runner, make_player):
    make_player(email="engine@example.com")
    make_player(email="owner@example.com")
    result = runner.invoke(args=["pbem", "bot-account", "engine@example.com", "--owner",
                                 "owner@example.com"])
    assert result.exit_code == 0, result.output
    from pbem.accounts.service import player_by_email
    engine = player_by_email("engine@example.com", create=False)
    assert engine.is_bot and engine.bot_owner.email == "owner@example.com"
    runner.invoke(args=["pbem", "bot-account", "engine@example.com", "--unmark"])
    db.session.refresh(engine)
    assert not engine.is_bot and engine.bot_owner_id is None


def test_the_event_stream_resumes_from_the_last_event_id(client, make_game, make_player,
                                                         bearer):
    import random

    from helpers import play_turns

    game = make_game("pylon")
    ann, bob = (seat.player for seat in game.seats)
    other = make_game("pylon")  # not Bob's: never in his stream
    headers = bearer(bob, "read")
    hello = client.get("/api/stream", headers=headers)
    assert hello.mimetype == "text/event-stream" and "retry: " in hello.get_data(as_text=True)
    start = re.search(r"id: (\d+)", hello.get_data(as_text=True)).group(1)
    play_turns(game, 1, random.Random(1))
    play_turns(other, 2, random.Random(2))
    events = client.get("/api/stream", headers={**headers, "Last-Event-ID": start})
    text = events.get_data(as_text=True)
    blocks = [b for b in text.split("\n\n") if "data:" in b]
    assert len(blocks) == 1 and "event: move" in blocks[0]
    data = json.loads(blocks[0].split("data: ", 1)[1])
    assert data["game"] == game.id and data["ply"] == 1 and data["your_turn"] is True
    last = re.search(r"id: (\d+)", blocks[0]).group(1)
    again = client.get("/api/stream", headers={**headers, "Last-Event-ID": last})
    assert "data: {\"" not in again.get_data(as_text=True)
    assert client.get("/api/stream", headers={**headers, "Last-Event-ID": "x"}).status_code == 400


def test_the_stream_is_short_answers_that_resume_page_by_page_to_the_game_over(
        client, make_game, bearer, monkeypatch):
    import random

    from helpers import play_turns

    from pbem.api import openapi

    monkeypatch.setattr(openapi, "EVENTS_PER_ANSWER", 4)
    game = make_game("pylon", options={"start": "quick"})
    bob = game.seats[1].player
    headers = bearer(bob, "read")
    start = re.search(r"id: (\d+)", client.get("/api/stream", headers=headers).text).group(1)
    game = play_turns(game, 500, random.Random(3))
    assert game.status == "finished"
    seen, last, asks = [], start, 0
    while True:
        answer = client.get(f"/api/stream?last_event_id={last}" if asks % 2 else "/api/stream",
                            headers=headers if asks % 2 else {**headers, "Last-Event-ID": last})
        asks += 1
        assert asks < 100, "the stream does not move on from the id it was given"
        # a whole answer of known length, not a stream held open
        assert answer.headers["Content-Length"] == str(len(answer.data))
        assert answer.headers["Cache-Control"] == "no-store"
        assert answer.text.startswith(f"retry: {openapi.RETRY_MS}\n")
        blocks = [b for b in answer.text.split("\n\n") if "data: {\"" in b]
        assert len(blocks) <= 4
        if not blocks:
            break
        seen += [(re.search(r"event: (\S+)", b).group(1), json.loads(b.split("data: ", 1)[1]))
                 for b in blocks]
        last = re.search(r"id: (\d+)", blocks[-1]).group(1)
    assert [data["ply"] for _, data in seen] == list(range(1, game.ply + 1))
    assert [kind for kind, _ in seen] == ["move"] * (game.ply - 1) + ["game-over"]
    assert asks == -(-game.ply // 4) + 1  # a page of four per ask, then an empty answer
    described = json.dumps(client.get("/api/openapi.json").json["paths"]["/api/stream"])
    assert "long-poll" in described and f"retry: {openapi.RETRY_MS}" in described
