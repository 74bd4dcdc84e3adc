"""A Stax game as its record stores it: loading decodes nothing of the history, a stored key
is found without decoding the others, and writing back gives what a replay would."""

from __future__ import annotations

import json
import random

from pbem.games import get_rules
from pbem.games.stax.hashing import P, snapshot
from pbem.games.stax.state import decode, put
from pbem.games.stax.stored import NOTHING, Stored

RULES = get_rules("stax")


def _game(plies, seed):
    """Random play that never captures, and every state of it."""
    rng = random.Random(seed)
    states = [RULES.new_game(players=2)]
    while len(states) <= plies:
        state = states[-1]
        quiet = [m for m in RULES.legal_moves(state)
                 if not put(dict(state.board), state.turn, decode(m))]
        states.append(RULES.play(state, rng.choice(quiet)))
    return states


def _entries(pairs):
    """Sorted stored entries of (index, key) pairs, written out independently."""
    return "".join(sorted(f"{key:032x}{index:06x}" for index, key in pairs))


def _stored(pairs):
    """A stored part holding the keys of (index, key) pairs."""
    pairs = list(pairs)
    return Stored("", _entries(pairs), NOTHING.filter_with(key for _, key in pairs), [], {})


def test_loading_and_playing_a_move_decode_nothing_of_the_history():
    last = _game(120, seed=2)[-1]
    loaded = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(last))))
    stored = loaded.line.stored
    assert (stored.n_history, stored.n_keys) == (120, 121)
    after = RULES.play(loaded, RULES.legal_moves(loaded)[0])
    assert stored._history is None and stored._found is None and not stored.replayed
    assert after.history == (*last.history, after.history[-1])
    assert RULES.to_dict(after) == RULES.to_dict(RULES.play(last, after.history[-1][1]))


def test_a_stored_key_is_found_among_any_number_of_entries_and_no_other_is():
    rng = random.Random(4)
    for count in (0, 1, 2, 3, 17, 300, 2000):
        keys = [rng.randrange(P) for _ in range(count)] + [0]  # the empty table's key
        absent = [key for key in [rng.randrange(P) for _ in range(50)] + [P - 1, 1]
                  if key not in keys]
        # a few lookups: the entries answer; as many as the keys: the dict decoded from them
        few = _stored(enumerate(keys))
        picked = rng.sample(range(len(keys)), min(len(keys), 50))
        assert [few.indices(keys[index]) for index in picked] == [[index] for index in picked]
        assert all(few.indices(key) == [] for key in absent)
        assert (few._found is None) == (count >= 300)
        many = _stored(enumerate(keys))
        assert [many.indices(key) for key in keys] == [[index] for index in range(len(keys))]
        assert all(many.indices(key) == [] for key in absent) and many._found is not None


def test_a_key_held_twice_gives_both_indices_before_and_after_decoding():
    stored = _stored([(0, 0), (1, 5 << 100), (2, 7), (3, 5 << 100)])
    answers = [stored.indices(5 << 100) for _ in range(6)]  # the entries, then the dict
    assert stored._found is not None
    assert all(sorted(found) == [1, 3] for found in answers)
    assert stored.indices(7) == [2] and not stored.has(6)


def test_keys_come_back_in_the_order_of_the_game():
    keys = [0, 9 << 90, 3, 5 << 120, 1 << 60]
    assert _stored(enumerate(keys)).keys() == keys


def test_inserting_a_few_or_many_keys_gives_the_sorted_entries():
    rng = random.Random(8)
    pairs = [(index, rng.randrange(P)) for index in range(40)]
    stored = _stored(pairs[:30])
    assert stored.entries_with(pairs[30:33]) == _entries(pairs[:33])
    assert stored.entries_with(pairs[30:]) == _entries(pairs)


def test_states_played_from_a_loaded_state_equal_the_game_played_through():
    states = _game(80, seed=6)
    loaded = RULES.from_dict(RULES.to_dict(states[40]))
    for straight in states[41:]:
        loaded = RULES.play(loaded, straight.history[-1][1])
        assert loaded == straight and RULES.to_dict(loaded) == RULES.to_dict(straight)
        assert RULES.legal_moves(loaded) == RULES.legal_moves(straight)


def test_the_filter_lets_every_stored_key_through_and_stops_most_others():
    rng = random.Random(9)
    keys = [rng.randrange(P) for _ in range(1000)]
    stored = _stored(enumerate(keys))
    assert all(stored.has(key) for key in keys)
    asked = stored._asked
    strangers = [rng.randrange(P) for _ in range(2000)]
    assert not any(stored.has(key) for key in strangers)
    # about one in twenty gets through the filter to the entries (1,000 keys, 8,192 bits)
    assert stored._asked - asked < 2000 // 10


def test_a_stored_position_is_replayed_from_its_blocks_mark_only():
    states = _game(200, seed=12)
    stored = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(states[-1])))).line.stored
    assert len(stored.marks) == 200 // 32
    for index in (150, 0, 64, 63, 200):
        assert snapshot(stored.board(index)) == snapshot(states[index].board)
    assert sorted(stored._blocks) == [0, 1, 2, 4, 6]  # index // 32: only those replayed
    assert all(len(stored._blocks[number]) == 32 for number in (0, 1, 2, 4))
    assert len(stored._blocks[6]) == 201 - 6 * 32
