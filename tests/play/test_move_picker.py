"""The routes of clicks each game gives its legal moves (the contract in pbem.games.svg):
every route of every legal move can be clicked on the board as drawn, and no route completes
two moves, so the page can always tell which move the clicks mean."""

from __future__ import annotations

import random
import re
from itertools import takewhile

import pytest
from helpers import play_turns

from pbem.games import all_rules, get_renderer
from pbem.play.move_picker import composer, mark_turn

SLUGS = [rules.slug for rules in all_rules()]


def positions(rules, count=12, seed=5):
    """The start and positions along a random game."""
    rng = random.Random(seed)
    state = rules.new_game(players=rules.player_counts[0], options={}, seed=seed)
    for _ in range(count):
        if rules.is_over(state):
            return
        yield state
        state = rules.play(state, rng.choice(rules.legal_moves(state)))


@pytest.mark.parametrize("slug", SLUGS)
def test_every_legal_move_can_be_clicked_and_no_clicks_mean_two_moves(slug):
    rules, renderer = next(r for r in all_rules() if r.slug == slug), get_renderer(slug)
    for state in positions(rules):
        seat, legal = rules.to_move(state), rules.legal_moves(state)
        picture = renderer.svg(state)
        cells = set(re.findall(r'data-cell="([^"]*)"', picture))
        tokens = set(re.findall(r'data-token="([^"]*)"(?: data-seat="(\d)")?', picture))
        mine = {value for value, owner in tokens if owner in ("", str(seat))}
        made = composer(renderer, legal, seat)
        choices = {value for value, _, words in made["choices"] if words}
        complete = {}
        for move, routes in made["script"]["plies"]:
            assert routes, move
            for route in routes:
                assert route, move  # an empty route would complete before any click
                for kind, value in route:
                    assert value in {"cell": cells, "token": mine, "choice": choices}[kind], \
                        (move, kind, value)
                assert complete.setdefault(tuple(route), move) == move, (route, move)


def test_a_stax_first_move_is_every_placement_on_0_0_through_its_tile():
    renderer, rules = get_renderer("stax"), next(r for r in all_rules() if r.slug == "stax")
    state = rules.new_game(players=2, options={}, seed=3)
    made = composer(renderer, rules.legal_moves(state), 0)
    assert len(made["script"]["plies"]) == 63
    assert all(("cell", "0,0") in route for _, routes in made["script"]["plies"]
               for route in routes)
    assert all("<svg" in picture and words.startswith("pointing ")
               for _, picture, words in made["choices"])  # the tile, drawn and said


def test_every_ply_of_the_last_turn_is_marked():
    renderer = get_renderer("triumvirate")
    board = '<g class="cell" data-cell="f1"/><g class="cell" data-cell="d1"/>' \
            '<g class="cell" data-cell="b1"/><g class="cell" data-cell="h1"/>'
    marked = mark_turn(renderer, board, ["T:1f/2f/3f", "f1-d1", "+1f1", "d1-b1"])
    assert re.findall(r'class="cell turn" data-cell="(\w+)"', marked) == ["f1", "d1", "b1"]


@pytest.mark.parametrize("slug, whole_turn", [("triumvirate", True), ("stawvs", False)])
def test_the_game_page_marks_the_plies_of_the_last_turn(client, make_game, slug, whole_turn):
    game = play_turns(make_game(slug, seed=4), 3, random.Random(3))
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    moves = game.moves
    turn = moves[-1:]
    if whole_turn:
        turn = list(takewhile(lambda m: m.seat == moves[-1].seat, reversed(moves)))
        assert len(turn) > 2  # an arrangement and several actions
    squares = {s for m in turn for s in re.findall(r"[a-h][1-8]", m.move)}
    assert set(re.findall(r'class="cell[^"]*\bturn" data-cell="(\w+)"', html)) == squares
