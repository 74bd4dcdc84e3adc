"""Pairing a 500-player Swiss round (two players, and four to a table) and standings."""

from __future__ import annotations

import random
import time
from itertools import combinations

from pbem.tournaments import History, Result, compute_standings
from pbem.tournaments.pairing import swiss_round, swiss_tables_round

from .timing import ms

PLAYERS = 500
ROUNDS_BEFORE = 4  # rounds played first, so score groups split and rematches must be avoided


def _play(rnd, rng) -> list[Result]:
    """Random results: places shuffled, with an occasional shared place."""
    results = []
    for table in rnd.tables:
        places = list(range(len(table.seats)))
        rng.shuffle(places)
        if rng.random() < 0.1:
            places[0] = places[1]
        results.append(Result(table.seats, tuple(places)))
    return results


def _field(pair, rounds: int, rng):
    """A field after ``rounds`` rounds paired by ``pair(ranking, history)``."""
    players, results, byes = list(range(PLAYERS)), [], []
    for _ in range(rounds):
        ranking = [s.player for s in compute_standings(players, results, byes)]
        rnd = pair(ranking, History.of(results, byes))
        results += _play(rnd, rng)
        byes += rnd.byes
    return players, results, byes


def _time_pairing(pair, label: str, figures: dict) -> None:
    players, results, byes = _field(pair, ROUNDS_BEFORE, random.Random(1))
    ranking = [s.player for s in compute_standings(players, results, byes)]
    history = History.of(results, byes)
    samples = []
    for _ in range(3):
        started = time.perf_counter()
        rnd = pair(ranking, history)
        samples.append(time.perf_counter() - started)
    repeats = sum(history.met(a, b) for t in rnd.tables for a, b in combinations(t.seats, 2))
    figures[f"{label}: round {ROUNDS_BEFORE + 1} pairing ms (best of 3)"] = ms(min(samples))
    figures[f"{label}: repeat meetings"] = repeats


def _time_standings(figures: dict) -> None:
    count, rounds = 200, 7
    players, results, byes = list(range(count)), [], []
    rng = random.Random(2)
    for _ in range(rounds):
        ranking = [s.player for s in compute_standings(players, results, byes)]
        rnd = swiss_round(ranking, History.of(results, byes))
        results += _play(rnd, rng)
        byes += rnd.byes
    samples = []
    for _ in range(5):
        started = time.perf_counter()
        compute_standings(players, results, byes)
        samples.append(time.perf_counter() - started)
    figures["standings of a 200-player Swiss after 7 rounds ms"] = ms(min(samples))


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
