"""Stax's superko set under branching: a state reached through many branch points answers
"seen before?" from a persistent set shared with its parent (a few levels, not one dict per
branch point), and it answers exactly as the state's keys do."""

from __future__ import annotations

import random

from pbem.games import get_rules
from pbem.games.stax.state import key_set, seen_test

RULES = get_rules("stax")


def test_a_state_deep_in_a_branching_search_sees_exactly_its_own_keys():
    rng = random.Random(7)
    state, branches = RULES.new_game(players=2), 0
    path = [state]
    for _ in range(120):
        moves = RULES.legal_moves(path[-1])
        if not moves or RULES.is_over(path[-1]):
            break
        RULES.play(path[-1], rng.choice(moves))  # a sibling: the line grows past path[-1]
        path.append(RULES.play(path[-1], rng.choice(moves)))
        branches += 1
    state = path[-1]
    assert key_set(state) is not None and branches > 20  # one set, not a dict per branch
    seen, keys = seen_test(state), set(state.keys)
    assert all(seen(key) for key in keys)
    strangers = [rng.getrandbits(127) for _ in range(1000)]
    assert not any(seen(key) for key in strangers if key not in keys)
    # an ancestor's set is unchanged by its descendants' keys
    ancestor = path[len(path) // 2]
    assert not any(seen_test(ancestor)(key) for key in set(state.keys) - set(ancestor.keys))
