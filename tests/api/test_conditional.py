"""Conditional moves through the API: ``GET``/``PUT /api/games/<id>/conditional`` keep and
show the caller's own lines, checked by the rules as the web page's; the opponent's move
through the API is answered in its own transaction; bad lines and bounds are JSON 422s."""

from __future__ import annotations

import pytest
from helpers import outbox
from sqlalchemy import select

from pbem.conditional import service
from pbem.conditional.models import ConditionalTree
from pbem.core.extensions import db
from pbem.play.queries import get_game

DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def _url(game):
    return f"/api/games/{game.id}/conditional"


@pytest.mark.parametrize("database", DATABASES)
def test_lines_set_by_put_are_read_by_get(client, make_game, bearer, database):
    game = make_game("pylon")
    bob = game.seats[1].player
    headers = bearer(bob)
    empty = client.get(_url(game), headers=headers)
    assert empty.status_code == 200
    assert empty.json == {"game": game.id, "seat": 1, "ply": 0, "lines": [],
                          "may_set": True, "cleared": None}
    put = client.put(_url(game), headers=headers,
                     json={"lines": [["mc3", "Md4 ", "Me5", "Mf1"], ["Ma1", "Mb2"]], "ply": 0})
    assert put.status_code == 200, put.json
    kept = [["Mc3", "Md4", "Me5", "Mf1"], ["Ma1", "Mb2"]]  # canonical, as the rules list them
    assert put.json["lines"] == kept
    assert client.get(_url(game), headers=headers).json["lines"] == kept
    assert service.lines_text(service.read(game.id, bob.id)) == \
        "Mc3 ; Md4 ; Me5 ; Mf1\nMa1 ; Mb2"
    # An empty list clears them.
    cleared = client.put(_url(game), headers=headers, json={"lines": []})
    assert cleared.status_code == 200 and cleared.json["lines"] == []
    assert service.read(game.id, bob.id) is None


@pytest.mark.parametrize("database", DATABASES)
def test_the_opponents_api_move_is_answered_in_its_transaction(client, make_game, bearer,
                                                               database):
    game = make_game("pylon")
    ann, bob = (seat.player for seat in game.seats)
    assert client.put(_url(game), headers=bearer(bob, "play"),
                      json={"lines": [["Mc3", "Md4", "Me5", "Mf1"]]}).status_code == 200
    moved = client.post(f"/api/games/{game.id}/move", headers=bearer(ann),
                        json={"move": "Mc3", "ply": 0})
    # The answer is part of the move's unit: it answers with the reply already played.
    assert moved.status_code == 200
    assert moved.json == {"id": game.id, "ply": 2, "status": "active", "to_move": 0}
    assert [m.move for m in get_game(game.id).moves] == ["Mc3", "Md4"]
    left = client.get(_url(game), headers=bearer(bob, "read")).json
    assert left["lines"] == [["Me5", "Mf1"]] and left["ply"] == 2
    assert left["may_set"] is True
    assert [m.recipient for m in outbox("conditional_answered")] == [bob.email]
    # A move none of the lines expected clears them, and says why.
    assert client.post(f"/api/games/{game.id}/move", headers=bearer(ann),
                       json={"move": "Ma5", "ply": 2}).status_code == 200
    gone = client.get(_url(game), headers=bearer(bob, "read")).json
    assert gone["lines"] == [] and gone["may_set"] is False
    assert gone["cleared"]["ply"] == 3 and "Ma5" in gone["cleared"]["reason"]


@pytest.mark.parametrize(("lines", "words"), [
    ([["Mc3", "Zz9"]], "Line 1, turn 2 (Zz9)"),
    ([["Mc3", "Md4"], ["Mc3", "Me5"]], "Line 2, turn 2 (Me5): another line already answers"),
    ([["Mc3", "Mc3"]], "Line 1, turn 2 (Mc3)"),
])
def test_a_refused_line_is_a_422_naming_line_and_turn(client, make_game, bearer, lines, words):
    game = make_game("pylon")
    bob = game.seats[1].player
    headers = bearer(bob)
    assert client.put(_url(game), headers=headers, json={"lines": [["Ma1", "Mb2"]]}) \
        .status_code == 200
    refused = client.put(_url(game), headers=headers, json={"lines": lines})
    assert refused.status_code == 422
    assert refused.json["code"] == "conditional-refused" and words in refused.json["error"]
    assert service.lines_text(service.read(game.id, bob.id)) == "Ma1 ; Mb2"  # unchanged


@pytest.mark.parametrize(("raw", "code"), [
    ({"lines": "Mc3 ; Md4"}, "wrong-type"),
    ({"lines": [["Mc3"], "Md4"]}, "bad-body"),
    ({"lines": [[]]}, "bad-body"),
    ({"lines": [["Mc3", "  "]]}, "bad-body"),
    ({"lines": [["Mc3", 4]]}, "bad-body"),
    ({"lines": [["Mc3\x00"]]}, "bad-body"),
    ({"lines": [["Mc3"]], "ply": -1}, "wrong-type"),
    ({"lines": [["Mc3"]], "extra": 1}, "unknown-field"),
    ({}, "missing-field"),
])
def test_bad_bodies_are_json_422s(client, make_game, bearer, raw, code):
    game = make_game("pylon")
    refused = client.put(_url(game), headers=bearer(game.seats[1].player), json=raw)
    assert (refused.status_code, refused.json["code"]) == (422, code)
    assert refused.json["error"]
    assert db.session.scalars(select(ConditionalTree)).all() == []


def test_bounds_are_422s(client, make_game, bearer, monkeypatch):
    game = make_game("pylon")
    headers = bearer(game.seats[1].player)
    many = client.put(_url(game), headers=headers, json={"lines": [["Mc3", "Md4"]] * 101})
    assert many.status_code == 422 and "At most 100 lines" in many.json["error"]
    deep = client.put(_url(game), headers=headers, json={"lines": [["Ma1"] * 41]})
    assert deep.status_code == 422 and "at most 40 turns" in deep.json["error"]
    # 2,000 turns in all cannot be reached within a short test's lines: the same check, lower.
    monkeypatch.setattr(service, "MAX_NODES", 3)
    wide = client.put(_url(game), headers=headers,
                      json={"lines": [["Mc3", "Md4"], ["Ma1", "Mb2"]]})
    assert wide.status_code == 422 and "At most 3 turns in all" in wide.json["error"]
    huge = client.put(_url(game), headers=headers,
                      json={"lines": [["Mc3 " * 2000]] * 10})
    assert huge.status_code == 413 and huge.json["code"] == "too-large"
    assert db.session.scalars(select(ConditionalTree)).all() == []


def test_a_stale_ply_and_the_wrong_moment_are_409s(client, make_game, bearer):
    game = make_game("pylon")
    ann, bob = (seat.player for seat in game.seats)
    stale = client.put(_url(game), headers=bearer(bob), json={"lines": [["Mc3"]], "ply": 3})
    assert stale.status_code == 409 and stale.json["code"] == "position-changed"
    mine = client.put(_url(game), headers=bearer(ann), json={"lines": [["Mc3", "Md4"]]})
    assert mine.status_code == 409 and "your turn" in mine.json["error"]
    assert db.session.scalars(select(ConditionalTree)).all() == []


def test_nobody_reads_or_sets_another_players_lines(client, make_game, make_player, bearer):
    game = make_game("pylon")
    ann, bob = (seat.player for seat in game.seats)
    assert client.put(_url(game), headers=bearer(bob), json={"lines": [["Mc3", "Md4"]]}) \
        .status_code == 200
    # The opponent sees their own (none), never Bob's.
    theirs = client.get(_url(game), headers=bearer(ann)).json
    assert theirs["lines"] == [] and theirs["seat"] == 0 and "Md4" not in str(theirs)
    stranger = bearer(make_player(name="Outsider"))
    read = client.get(_url(game), headers=stranger)
    assert read.status_code == 403 and read.json["code"] == "not-in-game"
    write = client.put(_url(game), headers=stranger, json={"lines": []})
    assert write.status_code == 403 and write.json["code"] == "not-in-game"
    # Scopes: reading takes `read`, setting `play`.
    assert client.put(_url(game), headers=bearer(bob, "read"), json={"lines": []}) \
        .status_code == 403
    assert client.get("/api/games/999999/conditional", headers=bearer(bob)).status_code == 404
    assert client.get(_url(game)).status_code == 401
    assert service.lines_text(service.read(game.id, bob.id)) == "Mc3 ; Md4"
