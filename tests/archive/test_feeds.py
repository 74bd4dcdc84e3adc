"""Atom feeds: structurally valid Atom (RFC 4287), entries linking back to positions."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from helpers import play_turns

ATOM = "{http://www.w3.org/2005/Atom}"


def parse_atom(response) -> ET.Element:
    """The feed, after the checks RFC 4287 makes of every feed and entry."""
    assert response.status_code == 200
    assert response.mimetype == "application/atom+xml"
    feed = ET.fromstring(response.data)
    assert feed.tag == f"{ATOM}feed"
    for element in [feed, *feed.findall(f"{ATOM}entry")]:
        for required in ("id", "title", "updated"):
            assert len(element.findall(f"{ATOM}{required}")) == 1, required
        assert "T" in element.find(f"{ATOM}updated").text
    assert feed.find(f"{ATOM}author/{ATOM}name") is not None
    assert feed.find(f"{ATOM}link[@rel='self']") is not None
    ids = [entry.find(f"{ATOM}id").text for entry in feed.findall(f"{ATOM}entry")]
    assert len(ids) == len(set(ids))
    return feed


def links(feed) -> list[str]:
    """Each entry's alternate link (a link without ``rel`` is one, RFC 4287 4.2.7.2)."""
    found = [entry.find(f"{ATOM}link") for entry in feed.findall(f"{ATOM}entry")]
    assert all(link.get("rel", "alternate") == "alternate" for link in found)
    return [link.get("href") for link in found]


def test_the_finished_games_feed(client, make_game):
    done = play_turns(make_game("pylon", seed=1), 400, random.Random(1))
    play_turns(make_game("pylon", seed=2), 3, random.Random(2))
    feed = parse_atom(client.get("/archive/feed.atom"))
    assert links(feed) == [f"http://pbem.test/games/{done.id}"]
    assert "wins" in feed.find(f"{ATOM}entry/{ATOM}title").text or "Draw" in feed.find(
        f"{ATOM}entry/{ATOM}title").text


def test_feed_titles_name_the_players(client, make_game, make_player):
    players = [make_player(name="Ann"), make_player(name="Bob")]
    game = play_turns(make_game("pylon", players=players, seed=1), 400, random.Random(1))
    winner = game.seats[game.result["winners"][0]].player.name
    feed = parse_atom(client.get(f"/games/{game.id}/feed.atom"))
    titles = [entry.find(f"{ATOM}title").text for entry in feed.findall(f"{ATOM}entry")]
    assert titles[0].endswith(f": {winner} wins by the rules: no legal move was left")
    mover = game.seats[game.moves[-1].seat].player.name
    assert titles[1].endswith(f": {mover} {game.moves[-1].move}")


def test_a_game_feed_has_its_moves_newest_first_and_its_result(client, make_game):
    game = play_turns(make_game("pylon", seed=3), 400, random.Random(3))
    feed = parse_atom(client.get(f"/games/{game.id}/feed.atom"))
    hrefs = links(feed)
    assert hrefs[0] == f"http://pbem.test/games/{game.id}"
    assert hrefs[1] == f"http://pbem.test/games/{game.id}?ply={game.ply}"
    assert len(hrefs) == min(game.ply, 50) + 1
    assert game.moves[-1].move in feed.findall(f"{ATOM}entry")[1].find(f"{ATOM}title").text


def test_a_player_feed_has_moves_and_results_of_their_games(client, make_game, make_player):
    game = play_turns(make_game("pylon", seed=4), 6, random.Random(4))
    player = game.seats[0].player
    feed = parse_atom(client.get(f"/players/{player.id}/feed.atom"))
    assert links(feed) == [f"http://pbem.test/games/{game.id}?ply={n}" for n in range(6, 0, -1)]
    empty = parse_atom(client.get(f"/players/{make_player().id}/feed.atom"))
    assert links(empty) == []
    assert client.get("/players/999/feed.atom").status_code == 404
