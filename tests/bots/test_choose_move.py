"""choose_move returns a legal ply, deterministically, and bots play whole games to the end."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pbem.bots import LEVELS, choose_move, search_move
from pbem.bots.arena import play_game, searcher
from pbem.games import get_rules

from .cases import SETTINGS, positions, setting_id


@pytest.mark.parametrize("setting", SETTINGS, ids=setting_id)
def test_the_chosen_ply_is_always_legal(setting):
    rules, players = setting
    for index, state in enumerate(positions(rules, players)):
        move = search_move(rules, state, playouts=12, seed=index)
        assert move in rules.legal_moves(state)


@pytest.mark.parametrize("setting", SETTINGS, ids=setting_id)
def test_level_one_chooses_legal_plies_mid_game(setting):
    rules, players = setting
    for state in positions(rules, players, seed=3, every=23, limit=70)[1:3]:
        assert choose_move(rules, state, level=1, seed=5) in rules.legal_moves(state)


@pytest.mark.parametrize("setting", SETTINGS, ids=setting_id)
def test_the_same_seed_gives_the_same_ply(setting):
    rules, players = setting
    for index, state in enumerate(positions(rules, players, seed=1, every=11, limit=60)):
        first = search_move(rules, state, playouts=30, seed=index)
        assert search_move(rules, state, playouts=30, seed=index) == first
        fresh = rules.from_dict(json.loads(json.dumps(rules.to_dict(state))))
        assert search_move(rules, fresh, playouts=30, seed=index) == first


def test_a_move_is_the_same_in_another_process():
    """The seed is not mixed with anything that varies between processes (``hash()`` of a
    string does, with PYTHONHASHSEED)."""
    code = (
        "from pbem.bots import choose_move\n"
        "from pbem.games import get_rules\n"
        "rules = get_rules('stawvs')\n"
        "state = rules.new_game(players=3, seed=4)\n"
        "for move in ['a1', 'b2', 'c3']:\n"
        "    state = rules.play(state, rules.legal_moves(state)[len(move)])\n"
        "print(choose_move(rules, state, level=1, seed=9))\n"
    )
    moves = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
        ).stdout
        for hash_seed in ("1", "2", "3")
    }
    assert len(moves) == 1


@pytest.mark.parametrize("setting", SETTINGS, ids=setting_id)
def test_bots_play_whole_games_to_the_end(setting):
    rules, players = setting
    game = play_game(rules, [searcher(8)] * players, seed=2, max_plies=3000)
    assert game.finished
    assert sum(game.shares) == pytest.approx(1)


def test_every_level_is_a_fixed_number_of_playouts_growing_with_the_level():
    assert sorted(LEVELS) == [1, 2, 3, 4]
    assert LEVELS[1] < LEVELS[2] < LEVELS[3] < LEVELS[4]


def test_a_spent_budget_still_gives_a_legal_ply():
    rules = get_rules("pylon")
    state = rules.new_game(players=2, options={"start": "quick"}, seed=1)
    assert choose_move(rules, state, level=3, seed=1, budget_s=0) in rules.legal_moves(state)


def test_unknown_levels_and_finished_games_are_refused_with_a_reason():
    rules = get_rules("pylon")
    state = rules.new_game(players=2, options={"start": "quick"}, seed=1)
    with pytest.raises(ValueError, match="no bot level 5"):
        choose_move(rules, state, level=5)
    with pytest.raises(ValueError, match="at least one playout"):
        search_move(rules, state, playouts=0)
    finished = rules.resign(state, 0)
    with pytest.raises(ValueError, match="game is over"):
        choose_move(rules, finished, level=1)


def test_a_winning_capture_is_taken():
    """Stax: a seat that can land on its target's king does (the game ends with its win)."""
    rules = get_rules("stax")
    for state in positions(rules, 2, seed=5, every=1, limit=400):
        seat = rules.to_move(state)
        moves = rules.legal_moves(state)
        wins = [m for m in moves if rules.winners(rules.play(state, m)) == [seat]]
        if wins:
            assert choose_move(rules, state, level=1, seed=1) in wins
            return
    pytest.fail("no position with a winning capture in the sample game")


def test_the_documented_example_runs():
    import doctest

    import pbem.bots

    assert doctest.testmod(pbem.bots).failed == 0
