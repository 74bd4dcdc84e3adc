"""Computer opponents: Monte Carlo tree search through the rules protocol.

Pure Python like ``pbem.games`` (standard library only), and it takes its plies only from the
rules object it is given (a game's heuristics may read that game's positions to judge them), so
a bot plays whatever the rules allow and nothing else::

    >>> from pbem.games import get_rules
    >>> from pbem.bots import choose_move
    >>> rules = get_rules("pylon")
    >>> state = rules.new_game(players=2, options={"start": "quick"}, seed=3)
    >>> move = choose_move(rules, state, level=1, seed=7)
    >>> move in rules.legal_moves(state)
    True
    >>> move == choose_move(rules, state, level=1, seed=7)
    True

A level is a fixed number of playouts (``LEVELS``), and for a game that can solve its endgames
exactly a fixed amount of solving (see ``Heuristics.solve``), so the same seed, level and
position give the same move on any machine; ``budget_s`` optionally stops the work early, which
trades that guarantee for a bounded wait.
"""

from __future__ import annotations

import json
import random
import time

from .heuristics import heuristics_for
from .search import Search

__all__ = ["LEVELS", "choose_move", "evaluate", "search_move"]

#: Playouts per move at each level (a game's heuristics may scale them, see ``Heuristics``).
LEVELS = {1: 100, 2: 400, 3: 1600}


def choose_move(rules, state, level: int = 2, seed: int = 0, budget_s: float | None = None):
    """One ply of ``rules.legal_moves(state)`` for the seat to move, chosen by a search of
    ``LEVELS[level]`` playouts among the plies the game's exact solver keeps, where it solves
    the position at this level (``Heuristics.solve``: a solved win is played at once); the
    same for the same ``seed``, ``level`` and position.

    :raises ValueError: an unknown level, or a finished game (nothing to choose).
    """
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}; the levels are {sorted(LEVELS)}")
    heuristics = heuristics_for(rules.slug)
    deadline = None if budget_s is None else time.monotonic() + budget_s
    plies = None
    if rules.to_move(state) is not None:
        plies = heuristics.solve(rules, state, level, deadline)
        if plies is not None and len(plies) == 1:
            return plies[0]
    if deadline is not None:
        budget_s = max(0.0, deadline - time.monotonic())
    playouts = heuristics.playouts(LEVELS[level])
    return search_move(rules, state, playouts, seed=seed, budget_s=budget_s, plies=plies)


def search_move(rules, state, playouts: int, seed: int = 0, budget_s: float | None = None,
                plies: list[str] | None = None):
    """``choose_move`` with an exact number of playouts instead of a level (for tests and
    measurements that need a cheaper or a stronger bot than the levels give), choosing among
    ``plies`` if given (legal plies of ``state``), else among all of them.

    :raises ValueError: a finished game, or fewer than one playout.
    """
    if rules.to_move(state) is None:
        raise ValueError("the game is over: there is no move to choose")
    if playouts < 1:
        raise ValueError(f"a search needs at least one playout, not {playouts}")
    data = rules.to_dict(state)
    rng = _rng(rules, data, playouts, seed)
    search = Search(rules, heuristics_for(rules.slug), rng, seats=len(rules.scores(state)))
    deadline = None if budget_s is None else time.monotonic() + budget_s
    # A fresh copy of the position: what earlier searches left hanging on the state (Stax's
    # states share their history with every line tried from them) must not slow this one.
    return search.best_move(rules.from_dict(data), playouts, deadline, plies)


def _rng(rules, data: dict, playouts: int, seed: int) -> random.Random:
    """A generator seeded from the seed, the playout count (the level) and the position (its
    JSON form, which is stable across processes, unlike ``hash()`` of a string)."""
    position = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return random.Random(f"{rules.slug}|{seed}|{playouts}|{position}")


def evaluate(rules, state, level: int = 3, seed: int = 0, budget_s: float | None = None,
             playouts: int | None = None) -> tuple[str | None, list[float]]:
    """What the bot of ``level`` (or a search of ``playouts``) prefers in ``state`` and the
    shares of the game it expects each seat to get from there (a win counts 1, a draw splits
    it): the post-game review's reading of a position. A finished game's shares are its
    result, with no ply.
    """
    if rules.to_move(state) is None:
        winners = rules.winners(state)
        seats = len(rules.scores(state))
        return None, [1 / len(winners) if seat in winners else 0.0 for seat in range(seats)]
    heuristics = heuristics_for(rules.slug)
    count = playouts if playouts is not None else heuristics.playouts(LEVELS[level])
    data = rules.to_dict(state)
    rng = _rng(rules, data, count, seed)
    search = Search(rules, heuristics, rng, seats=len(rules.scores(state)))
    deadline = None if budget_s is None else time.monotonic() + budget_s
    move, shares = search.best_with_values(rules.from_dict(data), count, deadline)
    if shares is None:  # a forced ply: read the position after it
        return move, evaluate(rules, rules.play(state, move), level, seed, budget_s,
                              playouts)[1]
    return move, shares
