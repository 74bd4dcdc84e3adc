"""Stax superko (STAX-R4): stable translation-invariant keys, exact confirmation, replays."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys

import pytest

from pbem.games import IllegalMove, get_rules
from pbem.games.stax.hashing import position_key
from pbem.games.stax.state import decode, put
from pbem.games.stax.tiles import KING, cell, parse_position

RULES = get_rules("stax")
BOARD = "0,0: L 2w{E,NW}; 1,0: D 2s{E,W}; 2,0: D 3y{NE,W,SE} | L 1{E}; 1,1: D K; -1,1: L K"


def _shift(board, dq, dr):
    return {c + cell(dq, dr): stack for c, stack in board.items()}


def long_game(plies, seed=7):
    """Random play that never captures, so the game runs long."""
    rng = random.Random(seed)
    state = RULES.new_game(players=2)
    for _ in range(plies):
        quiet = [m for m in RULES.legal_moves(state) if not _captures(state, m)]
        state = RULES.play(state, rng.choice(quiet))
    return state


def _captures(state, ply):
    return put(dict(state.board), state.turn, decode(ply))


def test_keys_ignore_translation_but_not_orientation_owner_or_order():
    board = parse_position(BOARD)
    key = position_key(board)
    assert key == position_key(_shift(board, 5, -3)) == position_key(_shift(board, -40, 17))
    turned = dict(board)
    turned[cell(0, 0)] = ((0, 0b000101 << 1),)  # the 2w turned one sixth
    assert position_key(turned) != key
    swapped = dict(board)
    swapped[cell(2, 0)] = tuple(reversed(board[cell(2, 0)]))
    assert position_key(swapped) != key
    recoloured = dict(board)
    recoloured[cell(1, 0)] = ((0, 0b001001),)
    assert position_key(recoloured) != key


def test_keys_are_the_same_in_another_interpreter():
    state = long_game(40)
    code = (
        "import json\n"
        "from pbem.games import IllegalMove, get_rules\n"
        "from pbem.games.stax.hashing import position_key\n"
        "from pbem.games.stax.tiles import parse_position\n"
        "r = get_rules('stax')\n"
        "s = r.new_game(players=2)\n"
        f"for seat, ply in {list(state.history)!r}:\n"
        "    s = r.play(s, ply)\n"
        f"print(json.dumps([position_key(parse_position({BOARD!r})), list(s.keys)]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    key, keys = json.loads(out)
    assert key == position_key(parse_position(BOARD))
    assert keys == list(state.keys)


def test_a_long_game_replayed_from_its_moves_is_the_same_game():
    state = long_game(400)
    replay = RULES.new_game(players=2)
    for seat, ply in RULES.history(state):
        assert RULES.to_move(replay) == seat
        replay = RULES.play(replay, ply)
    assert replay == state
    assert replay.keys == state.keys and len(set(state.keys)) == len(state.keys) == 401
    assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(state)))) == state
    assert len(json.dumps(RULES.to_dict(state))) < 80 * 400


def test_an_out_and_back_cycle_in_play_is_refused_as_superko():
    state = long_game(30, seed=3)
    for first in _unturned(state):
        there = RULES.play(state, first)
        for second in _unturned(there):
            back = RULES.play(there, second)
            home = _reverse(back, first)
            if home not in RULES.legal_set(back):
                continue
            cycle = RULES.play(back, home)
            last = _reverse(cycle, second)
            with pytest.raises(IllegalMove) as info:
                RULES.play(cycle, last)
            if info.value.code == "superko":
                assert last not in RULES.legal_set(cycle)
                return
    raise AssertionError("no out-and-back cycle found")


def _unturned(state):
    """Moves that keep the tile's orientation (so the way back restores the position)."""
    return [
        m
        for m in RULES.legal_moves(state)
        if ">" in m and RULES.parse(state, m.split("=")[0]) == m
    ]


def _reverse(state, ply):
    """The move that takes the tile moved by ``ply`` straight back, orientation kept."""
    src, dst = ply.split("=")[0].split(">")
    return RULES.parse(state, f"{dst}>{src}")


def test_a_key_collision_does_not_refuse_a_legal_move():
    state = long_game(60, seed=5)
    move = next(m for m in RULES.legal_moves(state) if ">" in m)
    board = dict(state.board)
    put(board, state.turn, decode(move))
    # pretend an earlier, different position had exactly this key
    forged = dataclasses.replace(state, keys=state.keys + (position_key(board),), cache={})
    assert move in RULES.legal_moves(forged)
    assert RULES.play(forged, move).board == RULES.play(state, move).board


def test_the_king_is_never_covered():
    state = long_game(200, seed=11)
    for stack in state.board.values():
        assert all(mask != KING for _, mask in stack[:-1])
