"""A Stax game as its record stores it: loading reads the snapshot alone, a move appends its
own items to the grown part, a stored key is found without decoding the others, and a stored
position is replayed from the mark before it."""

from __future__ import annotations

import json
import random

from pbem.games import get_rules
from pbem.games.stax.hashing import P, snapshot
from pbem.games.stax.notation import position
from pbem.games.stax.state import decode, put
from pbem.games.stax.stored import _SEARCHES, NOTHING, Stored

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


class Reader:
    """A grown part's reader that counts its reads."""

    def __init__(self, text):
        self.text, self.reads = text, 0

    def __call__(self):
        self.reads += 1
        return self.text


def _loaded(state):
    """``state`` loaded from its snapshot through JSON, and the reader of its grown part."""
    snapshot, grown = RULES.to_stored(state)
    reader = Reader(grown)
    return RULES.from_stored(json.loads(json.dumps(snapshot)), reader), reader


def _stored(keys):
    """A stored part holding ``keys``, as items of positions no entry reached."""
    text = "".join(f":{key:032x} " for key in keys)
    return Stored(lambda: text, len(text), NOTHING.filter_with(keys), 0, len(keys), {})


def test_loading_and_playing_a_move_read_nothing_of_the_grown_part():
    states = _game(120, seed=2)
    loaded, reader = _loaded(states[-1])
    stored = loaded.line.stored
    assert (stored.n_history, stored.n_keys) == (120, 121)
    after = RULES.play(loaded, RULES.legal_moves(loaded)[0])
    snapshot, added = RULES.to_stored(after, RULES.to_stored(states[-1])[0])
    assert reader.reads == 0
    straight = RULES.play(states[-1], after.history[-1][1])
    assert (snapshot, reader.text + added) == RULES.to_stored(straight)
    assert after.history == straight.history and reader.reads == 1


def test_the_snapshot_stays_the_same_size_as_the_game_grows():
    states = _game(200, seed=12)
    sizes = [len(json.dumps(RULES.to_stored(states[ply])[0])) for ply in (50, 200)]
    assert abs(sizes[1] - sizes[0]) < 100  # the board's tiles, not the history


def test_a_stored_key_is_found_among_any_number_of_keys_and_no_other_is():
    rng = random.Random(4)
    for count in (0, 1, 2, 3, 17, 300, 2000):
        keys = [rng.randrange(P) for _ in range(count)] + [0]  # the empty table's key
        absent = [key for key in [rng.randrange(P) for _ in range(50)] + [P - 1, 1]
                  if key not in keys]
        # a few lookups: a search of the text; more: the dict decoded from it
        few = _stored(keys)
        picked = rng.sample(range(len(keys)), min(len(keys), _SEARCHES // 2))
        assert [few.has(keys[index]) for index in picked] == [True] * len(picked)
        assert [list(few.offsets(keys[index])) for index in picked] == [
            [index * 34] for index in picked]
        assert not any(few.has(key) for key in absent[: _SEARCHES // 2 - 1])
        assert few._found is None
        many = _stored(keys)
        assert [list(many.offsets(key)) for key in keys] == [
            [index * 34] for index in range(len(keys))]
        assert all(list(many.offsets(key)) == [] for key in absent)
        assert (many._found is not None) == (len(keys) + len(absent) > _SEARCHES)


def test_a_key_held_twice_gives_both_offsets_before_and_after_decoding():
    stored = _stored([0, 5 << 100, 7, 5 << 100])
    searched = list(stored.offsets(5 << 100))
    for key in range(100, 100 + _SEARCHES):  # enough other keys asked for to decode them all
        assert list(stored.offsets(key)) == []
    assert stored._found is not None
    assert searched == list(stored.offsets(5 << 100)) == [34, 102]
    assert list(stored.offsets(7)) == [68] and not stored.has(6)


def test_keys_and_history_come_back_in_the_order_of_the_game():
    states = _game(70, seed=3)
    loaded, _ = _loaded(states[-1])
    assert loaded.line.stored.keys() == list(states[-1].keys)
    assert loaded.line.stored.history() == list(states[-1].history)


def test_states_played_from_a_loaded_state_equal_the_game_played_through():
    states = _game(80, seed=6)
    loaded = RULES.from_dict(RULES.to_dict(states[40]))
    for straight in states[41:]:
        loaded = RULES.play(loaded, straight.history[-1][1])
        assert loaded == straight and RULES.to_dict(loaded) == RULES.to_dict(straight)
        assert RULES.legal_moves(loaded) == RULES.legal_moves(straight)


def test_what_a_state_appends_depends_on_where_the_record_stands():
    states = _game(60, seed=7)
    loaded, reader = _loaded(states[20])
    later = loaded
    for straight in states[21:]:
        later = RULES.play(later, straight.history[-1][1])
    whole = RULES.to_stored(states[60])[1]
    for since in (None, states[10], states[20], states[30], states[60]):
        stands = "" if since is None else RULES.to_stored(since)[1]
        snapshot = None if since is None else RULES.to_stored(since)[0]
        assert stands + RULES.to_stored(later, snapshot)[1] == whole


def test_the_filter_lets_every_stored_key_through_and_stops_most_others():
    rng = random.Random(9)
    keys = [rng.randrange(P) for _ in range(1000)]
    stored = _stored(keys)
    assert all(stored.has(key) for key in keys)
    asked = stored._asked
    strangers = [rng.randrange(P) for _ in range(2000)]
    assert not any(stored.has(key) for key in strangers)
    # about one in 300 gets through the filter to the text (1,000 keys, 32,768 bits)
    assert stored._asked - asked < 2000 // 100


def test_a_stored_position_is_replayed_from_its_blocks_mark():
    states = _game(200, seed=12)
    loaded, reader = _loaded(states[-1])
    stored = loaded.line.stored
    assert reader.text.count("#") == 200 // 32
    for index in (150, 0, 64, 63, 200, 1, 32):
        key = states[-1].keys[index]
        assert [snapshot(board) for board in stored.boards(key)] == [
            snapshot(states[index].board)]
    assert reader.reads == 1


def test_a_built_positions_origin_is_the_second_stored_position():
    built = position("0,0: L K; -1,0: D K")
    after = RULES.play(built, RULES.legal_moves(built)[0])
    loaded, _ = _loaded(after)
    stored = loaded.line.stored
    assert stored.keys() == list(after.keys) and len(after.keys) == 3
    assert [snapshot(board) for board in stored.boards(after.keys[1])] == [
        snapshot(built.origin)]
    assert [snapshot(board) for board in stored.boards(after.keys[2])] == [
        snapshot(after.board)]
    assert [snapshot(board) for board in stored.boards(0)] == [snapshot({})]
