"""Whole games between players (bots at some level, or uniform random), for measuring strength.

A player is ``chooser(rules, state, seed) -> ply``; ``bot(level)`` and ``uniform_random`` make
them. The tests and ``bench/bench_bots.py`` use these.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import choose_move, search_move
from .search import result


def bot(level: int):
    """A player that chooses with ``choose_move`` at ``level``."""

    def chooser(rules, state, seed):
        return choose_move(rules, state, level=level, seed=seed)

    return chooser


def searcher(playouts: int):
    """A player that chooses with ``search_move`` and ``playouts`` playouts."""

    def chooser(rules, state, seed):
        return search_move(rules, state, playouts, seed=seed)

    return chooser


def uniform_random(rules, state, seed):
    """A player that picks any legal ply, uniformly."""
    moves = rules.legal_moves(state)
    return moves[random.Random(seed).randrange(len(moves))]


@dataclass
class Game:
    """How a game went: each seat's share of the result (win 1, draw ½ in two-player games),
    its number of plies, and whether it reached its end (rather than the ply cap)."""

    shares: list[float]
    plies: int
    finished: bool


def play_game(rules, players: list, options=None, seed=0, max_plies=None) -> Game:
    """A whole game, seat *k* played by ``players[k]``; the game's setup and each player's
    choices are seeded from ``seed``. A game stopped at ``max_plies`` is scored ½ each (it has
    no result)."""
    state = rules.new_game(players=len(players), options=options or {}, seed=seed)
    plies = 0
    while rules.to_move(state) is not None:
        if max_plies is not None and plies >= max_plies:
            return Game([1 / len(players)] * len(players), plies, False)
        chooser = players[rules.to_move(state)]
        state = rules.play(state, chooser(rules, state, seed * 100_003 + plies))
        plies += 1
    return Game(result(rules, state), plies, True)


def match_score(rules, player, opponent, games: int, seed=0, max_plies=None) -> float:
    """``player``'s mean share over ``games`` two-player games against ``opponent``, taking
    the first seat in every other game."""
    total = 0.0
    for index in range(games):
        seat = index % 2
        seats = [player, opponent] if seat == 0 else [opponent, player]
        total += play_game(rules, seats, seed=seed + index, max_plies=max_plies).shares[seat]
    return total / games
