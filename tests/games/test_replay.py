"""``rules.replay``: a stored history replayed at once gives exactly the state that playing it
ply by ply gave, in every game, at every length, resignations included."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from .golden import cases

CASES = cases()
#: Long enough for Stax and Triumvirate games to run past the length the analysis board is
#: measured at (ply 300).
MAX_PLIES = 360


def _played(rules, players: int, seed: int, resign_at: int | None, long: bool = False):
    """A random game played ply by ply: its start, its history as (seat, ply) entries and the
    state after each entry (the seat to move resigns after ``resign_at`` plies). ``long``:
    each ply the first of a few random ones that does not end the game, so that Stax games
    (most of which a random king capture ends early) run long."""
    rng = random.Random(seed)
    start = state = rules.new_game(players=players, seed=seed)
    entries, states = [], [state]
    while not rules.is_over(state) and len(entries) < MAX_PLIES:
        seat = rules.to_move(state)
        if len(entries) == resign_at:
            entries.append((seat, "resign"))
            state = rules.resign(state, seat)
        else:
            for _ in range(8 if long else 1):
                ply = rng.choice(rules.legal_moves(state))
                after = rules.play(state, ply)
                if not rules.is_over(after):
                    break
            entries.append((seat, ply))
            state = after
        states.append(state)
    return start, entries, states


def _same(rules, replayed, played) -> None:
    assert replayed == played
    assert rules.to_dict(replayed) == rules.to_dict(played)
    assert rules.to_move(replayed) == rules.to_move(played)
    assert rules.is_over(replayed) == rules.is_over(played)
    assert rules.winners(replayed) == rules.winners(played)
    assert rules.end_reason(replayed) == rules.end_reason(played)
    assert rules.legal_moves(replayed) == rules.legal_moves(played)


@settings(max_examples=30, deadline=None)
@given(
    case=st.integers(min_value=0, max_value=len(CASES) - 1),
    seed=st.integers(min_value=0, max_value=10_000),
    resign_at=st.one_of(st.none(), st.integers(min_value=0, max_value=120)),
    cut=st.floats(min_value=0, max_value=1),
    long=st.booleans(),
)
def test_replay_equals_play_ply_by_ply(case, seed, resign_at, cut, long):
    rules, players = CASES[case]
    start, entries, states = _played(rules, players, seed, resign_at, long)
    for length in {0, int(cut * len(entries)), len(entries) - 1, len(entries)} - {-1}:
        _same(rules, rules.replay(start, entries[:length]), states[length])


def test_a_replayed_position_plays_on_as_the_played_one():
    """The superko state a Stax replay builds refuses and allows what play's does: the game
    continued from the replayed position matches the one continued from the played one."""
    rules, players = next(case for case in CASES if case[0].slug == "stax")
    start, entries, states = _played(rules, players, 7, None, long=True)
    assert len(entries) == MAX_PLIES
    middle = len(entries) // 2
    replayed, played = rules.replay(start, entries[:middle]), states[middle]
    for seat, ply in entries[middle:]:
        assert rules.to_move(replayed) == seat
        replayed, played = rules.play(replayed, ply), rules.play(played, ply)
        _same(rules, replayed, played)


def test_a_stax_game_ended_by_no_action_ends_so_when_replayed():
    """The one end a Stax replay looks for only after its last entry (STAX-R3): seed 510 is
    a random two-player game in which the seat to move is left without an action."""
    rules = next(case[0] for case in CASES if case[0].slug == "stax")
    start, entries, states = _played(rules, 2, 510, None)
    assert rules.end_reason(states[-1]) == "no-moves"
    _same(rules, rules.replay(start, entries), states[-1])
    assert not rules.is_over(rules.replay(start, entries[:-1]))
