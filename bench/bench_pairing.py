"""Pairing a 1,000-player Swiss round (two players, and four to a table) and standings."""

from __future__ import annotations

import random
import time
from itertools import combinations

from pbem.tournaments import History, PlayedRound, Result, compute_standings
from pbem.tournaments.logic.pairing import swiss_round, swiss_tables_round

from .timing import ms

PLAYERS = 1000
ROUNDS_BEFORE = 8  # rounds played first, so score groups split and rematches must be avoided


def _play(rnd, rng) -> PlayedRound:
    """Random results: places shuffled, with an occasional shared place."""
    results = []
    for table in rnd.tables:
        places = list(range(len(table.seats)))
        rng.shuffle(places)
        if rng.random() < 0.1:
            places[0] = places[1]
        results.append(Result(table.seats, tuple(places)))
    return PlayedRound(tuple(results), rnd.byes)


def _history(played: list[PlayedRound]) -> History:
    return History.of([r for rnd in played for r in rnd.results],
                      [p for rnd in played for p in rnd.byes])


def _field(pair, count: int, rounds: int, rng):
    """A field of ``count`` after ``rounds`` rounds paired by ``pair(ranking, history)``."""
    players, played = list(range(count)), []
    for _ in range(rounds):
        ranking = [s.player for s in compute_standings(players, played)]
        played.append(_play(pair(ranking, _history(played)), rng))
    return players, played


def _time_pairing(pair, label: str, figures: dict) -> None:
    players, played = _field(pair, PLAYERS, ROUNDS_BEFORE, random.Random(1))
    ranking = [s.player for s in compute_standings(players, played)]
    history = _history(played)
    samples = []
    for _ in range(3):
        started = time.perf_counter()
        rnd = pair(ranking, history)
        samples.append(time.perf_counter() - started)
    repeats = sum(history.met(a, b) for t in rnd.tables for a, b in combinations(t.seats, 2))
    figures[f"{label}: round {ROUNDS_BEFORE + 1} pairing ms (best of 3)"] = ms(min(samples))
    figures[f"{label}: repeat meetings"] = repeats


def _time_standings(figures: dict) -> None:
    count, rounds = 500, 9
    players, played = _field(swiss_round, count, rounds, random.Random(2))
    samples = []
    for _ in range(5):
        started = time.perf_counter()
        compute_standings(players, played)
        samples.append(time.perf_counter() - started)
    figures[f"standings of a {count}-player Swiss after {rounds} rounds ms"] = ms(min(samples))


def run() -> dict:
    figures: dict = {}
    _time_pairing(swiss_round, f"Swiss {PLAYERS} players", figures)
    _time_pairing(
        lambda ranking, history: swiss_tables_round(ranking, history, size=4),
        f"Swiss {PLAYERS} players at 4-player tables",
        figures,
    )
    _time_standings(figures)
    return figures
