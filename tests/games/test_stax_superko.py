"""Stax superko (STAX-R4): stable translation-invariant keys, exact confirmation, replays."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

from pbem.games import IllegalMove, get_rules
from pbem.games.stax.hashing import position_key, snapshot
from pbem.games.stax.notation import parse_position
from pbem.games.stax.state import decode, put
from pbem.games.stax.state import seen as is_seen
from pbem.games.stax.tiles import KING, cell

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
        "from pbem.games.stax.notation import parse_position\n"
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
    assert len(RULES.to_stored(state)[1]) < 60 * 400  # the grown part: a ply, a key, marks


def test_an_out_and_back_cycle_in_play_is_refused_as_superko():
    back, home, last = _out_and_back()
    cycle = RULES.play(back, home)
    with pytest.raises(IllegalMove) as info:
        RULES.play(cycle, last)
    assert info.value.code == "superko"
    assert last not in RULES.legal_set(cycle)


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
    data, key = RULES.to_dict(state), position_key(board)
    at = [found.start(1) for found in re.finditer(":([0-9a-f]{32})", data["grown"])][10]
    data["grown"] = f"{data['grown'][:at]}{key:032x}{data['grown'][at + 32:]}"  # index 10's
    data["seen_filter"] = RULES.from_dict(data).line.stored.filter_with([key])
    forged = RULES.from_dict(data)
    assert forged.keys[10] == position_key(board) != state.keys[10]
    assert move in RULES.legal_moves(forged)
    assert RULES.play(forged, move).board == RULES.play(state, move).board


def test_the_king_is_never_covered():
    state = long_game(200, seed=11)
    covered = [stack[:-1] for stack in state.board.values() if len(stack) > 1]
    assert covered, "the game must stack tiles, or there is nothing to check"
    for below in covered:
        assert all(mask != KING for _, mask in below)


# ----- the line of play shared by successive states ----------------------------------------


def test_a_straight_game_appends_to_one_line_in_place():
    states = [RULES.new_game(players=2)]
    for _seat, ply in long_game(30, seed=4).history:
        states.append(RULES.play(states[-1], ply))
    assert all(state.line is states[0].line for state in states)
    assert [len(state.history) for state in states] == list(range(31))
    assert states[10].keys == states[-1].keys[:11]


def test_two_moves_from_one_state_each_see_only_their_own_history():
    back, home, last = _out_and_back()
    before = RULES.to_dict(back)
    cycle = RULES.play(back, home)  # appended in place to back's line
    assert cycle.line is back.line
    other = RULES.play(back, next(m for m in RULES.legal_moves(back) if m != home))
    assert other.line is not back.line  # back's line had grown past it: a copy
    assert RULES.to_dict(back) == before and RULES.from_dict(before) == back
    assert cycle.history[:-1] == other.history[:-1] == back.history
    assert cycle.history[-1] != other.history[-1]
    assert is_seen(cycle, cycle.keys[-1]) and not is_seen(other, cycle.keys[-1])
    assert not is_seen(back, cycle.keys[-1]) and not is_seen(back, other.keys[-1])
    # the position ``last`` would repeat is only in cycle's line
    with pytest.raises(IllegalMove) as info:
        RULES.play(cycle, last)
    assert info.value.code == "superko"
    again = RULES.play(back, home)  # the same move once more: a third line, an equal state
    assert again == cycle and again.line is not cycle.line
    with pytest.raises(IllegalMove):
        RULES.play(again, last)
    assert RULES.play(other, RULES.legal_moves(other)[0]).history[:-1] == other.history


def test_a_move_from_a_grown_past_state_branches_without_copying_the_history():
    back, home, _last = _out_and_back()
    RULES.play(back, home)
    other = RULES.play(back, next(m for m in RULES.legal_moves(back) if m != home))
    assert other.line.parent is back.line and other.line.history == [other.history[-1]]
    assert (other.line.start_history, other.line.start_keys) == (back.n_history, back.n_keys)


def test_superko_sees_positions_in_every_segment_a_line_branched_from():
    """Each ply played from a state its line has grown past, so every state of the game sits
    on its own segment: the repeat is still found, and every state equals the straight
    replay of its history."""
    back, home, last = _out_and_back()
    state = RULES.new_game(players=2)
    for _seat, ply in back.history:
        RULES.play(state, RULES.legal_moves(state)[0])  # grow the line past ``state``
        state = RULES.play(state, ply)
        assert state == _replayed(state.history)
    assert state == back and len(state.line.segments(state.n_history, state.n_keys)) > 25
    RULES.play(state, RULES.legal_moves(state)[0])
    cycle = RULES.play(state, home)
    assert last not in RULES.legal_set(cycle)
    with pytest.raises(IllegalMove) as info:
        RULES.play(cycle, last)
    assert info.value.code == "superko"


def test_a_loaded_line_confirms_a_repeat_by_replaying_its_history():
    back, home, last = _out_and_back()
    data = json.loads(json.dumps(RULES.to_dict(RULES.play(back, home))))
    for move in RULES.legal_moves(RULES.from_dict(data)):
        loaded = RULES.from_dict(data)
        assert RULES.play(loaded, move).history[-1][1] == move
    cycle = RULES.from_dict(data)
    assert last not in RULES.legal_set(cycle)
    assert cycle.line.stored.read_yet
    with pytest.raises(IllegalMove) as info:
        RULES.play(cycle, last)
    assert info.value.code == "superko"
    replayed, stored = _replayed(cycle.history), cycle.line.stored
    assert [snapshot(board) for key in cycle.keys for board in stored.boards(key)] == [
        snapshot(board) for board in replayed.line.boards
    ]


@pytest.mark.parametrize("players", [2, 3])
def test_states_played_in_any_order_from_any_earlier_state_stay_values(players):
    """Grow a tree of states (moves, resignations, reloads) from random earlier nodes: every
    state keeps its serialised value, equals the same game replayed from scratch, and lists
    the same legal moves as that replay."""
    rng = random.Random(f"tree-{players}")
    tree = [RULES.new_game(players=players)]
    frozen = [RULES.to_dict(tree[0])]
    for step in range(1, 161):
        node = rng.choice(tree) if step % 8 == 0 else tree[-1]  # mostly the tip
        if RULES.is_over(node):
            node = rng.choice([state for state in tree if not RULES.is_over(state)])
        if step % 29 == 0:
            child = RULES.resign(node, rng.choice([s for s in range(players) if node.active[s]]))
        elif step % 7 == 0:
            child = RULES.from_dict(RULES.to_dict(node))
        else:
            quiet = [m for m in RULES.legal_moves(node) if not _captures(node, m)]
            child = RULES.play(node, rng.choice(quiet or RULES.legal_moves(node)))
        tree.append(child)
        frozen.append(RULES.to_dict(child))
    assert max(len(state.history) for state in tree) > 25
    assert len({id(state.line) for state in tree}) > 10  # plenty of branching
    for state, data in zip(tree, frozen, strict=True):
        assert RULES.to_dict(state) == data
        replay = _replayed(state.history, players)
        assert replay == state == RULES.from_dict(data)
        assert RULES.legal_moves(replay) == RULES.legal_moves(state)


def _out_and_back():
    """A state ``back``, a move ``home`` from it, and the move ``last`` after ``home`` that
    would return to the position before ``back``'s last two plies (superko)."""
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
            try:
                RULES.play(cycle, last)
            except IllegalMove as exc:
                if exc.code == "superko":
                    return _replayed(back.history), home, last  # back at the tip of its line
    raise AssertionError("no out-and-back cycle found")


def _replayed(history, players=2):
    state = RULES.new_game(players=players)
    for seat, ply in history:
        state = RULES.resign(state, seat) if ply == "resign" else RULES.play(state, ply)
    return state
