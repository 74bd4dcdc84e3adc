"""Public records and feeds: ETag and Last-Modified, 304 Not Modified to a client that has
them, readable from any origin (CORS); an API token's answers are never cached."""

from __future__ import annotations

import random

import pytest
from helpers import play_turns


@pytest.mark.parametrize("suffix", [".json", ".txt", "/feed.atom"])
def test_a_record_answers_304_until_the_game_moves(client, make_game, suffix):
    game = make_game("pylon")
    url = f"/games/{game.id}{suffix}"
    first = client.get(url)
    assert first.status_code == 200 and first.headers["Access-Control-Allow-Origin"] == "*"
    etag, modified = first.headers["ETag"], first.headers["Last-Modified"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert client.get(url, headers={"If-Modified-Since": modified}).status_code == 304
    play_turns(game, 1, random.Random(1))
    moved = client.get(url, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag


def test_the_archive_feed_and_the_document_are_cors_readable(client, make_game):
    from pbem.play import commands

    game = make_game("pylon")
    commands.resign(commands.locked(game.id), 0)  # a finished game for the feed
    feed = client.get("/archive/feed.atom")
    assert feed.headers["Access-Control-Allow-Origin"] == "*"
    assert client.get("/archive/feed.atom",
                      headers={"If-None-Match": feed.headers["ETag"]}).status_code == 304
    assert client.get("/api/openapi.json").headers["Access-Control-Allow-Origin"] == "*"


def test_api_answers_are_not_cached(client, make_player, bearer):
    response = client.get("/api/me", headers=bearer(make_player(), "read"))
    assert response.headers["Cache-Control"] == "no-store"
