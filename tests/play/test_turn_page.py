"""The pieces the page composes a move with: ``turn.json`` (a turn of several plies checked
part by part, storing nothing) and the move list grouped by the piece or cell a move starts
from (the grouped pick list without JavaScript, the ``moves`` reply)."""

from __future__ import annotations

import random

import pytest
from helpers import play_turns, sign_in

from pbem.games import get_renderer, get_rules
from pbem.play import links
from pbem.play.move_picker import move_groups
from pbem.play.queries import get_game

JSON = {"Accept": "application/json"}


def test_turn_json_checks_the_turn_so_far_and_stores_nothing(app, client, make_game):
    game = make_game("triumvirate", seed=3)
    state = game.load_state()
    first = game.rules.legal_moves(state)[0]
    sign_in(client, game.seats[0].player)
    answer = client.get(f"/games/{game.id}/turn.json", query_string={"turn": first, "ply": 0})
    assert answer.status_code == 200
    data = answer.get_json()
    after = game.rules.play(state, first)
    assert data["turn"] == first and data["complete"] is False
    assert [move for move, _ in data["plies"]] == game.rules.legal_moves(after)
    assert data["svg"].startswith("<svg")
    assert get_game(game.id).ply == 0  # nothing stored


def test_turn_json_by_the_move_link_and_a_whole_turn(app, client, make_game):
    game = make_game("spike", seed=3)
    plies, _ = game.rules.random_turn(game.load_state(), random.Random(4))
    token = links.move_url(game, 0).rsplit("/", 1)[1]
    data = client.get(f"/play/{token}/turn.json",
                      query_string={"turn": " ".join(plies), "ply": 0}).get_json()
    assert data["complete"] is True and "plies" not in data
    assert data["turn"] == " ".join(plies)


@pytest.mark.parametrize(("query", "status", "says"), [
    ({"turn": "zz9", "ply": "0"}, 422, ""),
    ({"turn": "", "ply": "0"}, 400, "not empty"),
    ({"turn": "x" * 401, "ply": "0"}, 400, "400 characters"),
    ({"turn": "a1", "ply": "seven"}, 400, "ply"),
    ({"turn": "a1"}, 400, "ply"),
])
def test_turn_json_refuses_bad_input_with_a_reason(app, client, make_game, query, status, says):
    game = make_game("triumvirate", seed=3)
    sign_in(client, game.seats[0].player)
    answer = client.get(f"/games/{game.id}/turn.json", query_string=query, headers=JSON)
    assert answer.status_code == status
    assert says in answer.get_json()["error"]
    page = client.get(f"/games/{game.id}/turn.json", query_string=query)  # not the script
    assert page.status_code == status and page.mimetype == "text/html"


def test_turn_json_after_the_position_changed_and_for_the_seat_not_to_move(
        app, client, make_game):
    game = play_turns(make_game("spike", seed=3), 1, random.Random(1))
    sign_in(client, game.seats[1].player)
    stale = client.get(f"/games/{game.id}/turn.json", query_string={"turn": "L@a1", "ply": 0},
                       headers=JSON)
    assert stale.status_code == 409
    sign_in(client, game.seats[0].player)  # not to move
    answer = client.get(f"/games/{game.id}/turn.json",
                        query_string={"turn": "L@a1", "ply": game.ply}, headers=JSON)
    assert answer.status_code in (403, 409) and answer.get_json()["error"]


def test_stawvs_moves_are_grouped_by_the_square_they_leave():
    rules = get_rules("stawvs")
    state = rules.new_game(players=2, options={}, seed=3)
    rng = random.Random(2)
    while not any("-" in move for move in rules.legal_moves(state)):
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    legal = rules.legal_moves(state)
    groups = move_groups(get_renderer("stawvs"), legal)
    assert sorted(m for _, moves in groups for m in moves) == sorted(legal)
    for head, moves in groups:
        assert all(move.startswith(head + "-") for move in moves)
    assert len(groups) <= 12


def test_the_page_offers_the_moves_grouped_without_javascript(app, client, make_game):
    game = make_game("stax", seed=3)
    sign_in(client, game.seats[0].player)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert html.count("<optgroup") >= 2
    assert 'class="move-picker"' in html
