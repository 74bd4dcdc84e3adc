"""The analysis board: lines explored through the rules from any ply, nothing stored."""

from __future__ import annotations

import random

import pytest

from pbem.games import all_rules, get_rules
from pbem.play import commands
from pbem.play.queries import get_game

SLUGS = [rules.slug for rules in all_rules()]


def play_random(game, plies: int, seed: int = 3):
    """Play ``plies`` (about: whole turns) of random legal turns in ``game``."""
    rng = random.Random(seed)
    rules = game.rules
    while game.ply < plies and game.status == "active":
        state = game.load_state()
        turn, _ = rules.random_turn(state, rng)
        commands.play_turn(commands.locked(game.id), rules.to_move(state), " ".join(turn),
                           game.ply)
        game = get_game(game.id)
    return game


@pytest.mark.parametrize("slug", SLUGS)
def test_three_plies_explored_by_json_change_nothing(client, make_game, slug):
    game = make_game(slug)
    game_id, snapshot, ply = game.id, game.snapshot, game.ply
    rules = get_rules(slug)
    line, state = [], game.load_state()
    for _ in range(3):
        answer = client.get(f"/games/{game_id}/analysis.json", query_string={"p": line})
        assert answer.status_code == 200, answer.json
        data = answer.json
        assert data["legal"] == rules.legal_moves(state)
        assert data["to_move"] == rules.to_move(state)
        assert data["svg"].startswith("<svg") and 'class="cell' in data["svg"]
        assert [s["ply"] for s in data["line"]] == line
        move = data["legal"][len(data["legal"]) // 2]
        line.append(move)
        state = rules.play(state, move)
    data = client.get(f"/games/{game_id}/analysis.json", query_string={"p": line}).json
    assert [s["ply"] for s in data["line"]] == line and data["at"] == ply
    game = get_game(game_id)
    assert (game.snapshot, game.ply) == (snapshot, ply)
    page = client.get(f"/games/{game_id}/analysis", query_string={"p": line})
    assert page.status_code == 200
    for move in line:
        assert f">{move}</a>" in page.text


def test_from_an_earlier_ply_and_after_the_end(client, make_game):
    game = play_random(make_game("pylon"), 6)
    data = client.get(f"/games/{game.id}/analysis.json?at=2").json
    replayed = game.rules.new_game(players=2, options=game.options, seed=game.seed)
    for move in game.moves[:2]:
        replayed = game.rules.play(replayed, move.move)
    assert data["at"] == 2 and data["legal"] == game.rules.legal_moves(replayed)


@pytest.mark.parametrize("query, status, words", [
    ({"at": "x"}, 400, "not a ply"),
    ({"at": "99"}, 400, "not a ply"),
    ({"at": "-1"}, 400, "not a ply"),
    ({"p": "zz9"}, 422, "Ply 1"),
    ({"p": ["Mc3", "Mc3"]}, 422, "Ply 2"),
    ({"p": ["Mc3"] * 201}, 400, "at most 200"),
    ({"p": ""}, 422, "empty"),
    ({"p": "x" * 500}, 422, "too long"),
])
def test_bad_input_is_a_clear_4xx(client, make_game, query, status, words):
    game = make_game("pylon")
    answer = client.get(f"/games/{game.id}/analysis.json", query_string=query)
    assert answer.status_code == status and words in answer.json["error"]
    page = client.get(f"/games/{game.id}/analysis", query_string=query)
    assert page.status_code == status and words in page.text


def test_no_such_game_and_unstarted_game(client, make_game):
    assert client.get("/games/999/analysis.json").status_code == 404
    assert client.get("/games/999/analysis").status_code == 404
    game = make_game("pylon", start_now=False)
    answer = client.get(f"/games/{game.id}/analysis.json")
    assert answer.status_code == 409 and "not started" in answer.json["error"]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_earlier_position_equals_a_replay(client, make_game, slug):
    from pbem.analysis.service import position_at
    from pbem.play.positions import replay

    game = play_random(make_game(slug), 12)
    for at in range(game.ply + 1):
        expected = game.rules.to_dict(replay(game, at))
        assert game.rules.to_dict(position_at(game, at)) == expected
        assert game.rules.to_dict(position_at(game, at)) == expected  # kept, the same
