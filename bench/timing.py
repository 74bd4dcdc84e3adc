"""Small timing helpers shared by the benchmarks."""

from __future__ import annotations

import random
import statistics
import sys
import time


def percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def summary_ms(samples: list[float]) -> dict:
    """p50, p99 and mean of a list of durations in seconds, as milliseconds."""
    return {
        "p50_ms": ms(percentile(samples, 50)),
        "p99_ms": ms(percentile(samples, 99)),
        "mean_ms": ms(statistics.fmean(samples)),
    }


def random_games_per_second(rules, players, options, seconds=3.0, max_plies=None):
    """Full random games (legal_moves + play per ply, uniform choice) per second."""
    rng = random.Random(1)
    games = plies = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        state = rules.new_game(players=players, options=options, seed=games)
        count = 0
        while rules.to_move(state) is not None and (max_plies is None or count < max_plies):
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
            count += 1
        games += 1
        plies += count
    elapsed = time.perf_counter() - started
    return round(games / elapsed, 1), round(plies / games, 1)


def midgame_states(rules, players, options, count=20, fraction=0.5):
    """States roughly ``fraction`` of the way through random games."""
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = rules.new_game(players=players, options=options, seed=seed)
        history = [state]
        while rules.to_move(state) is not None and len(history) < 400:
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
            history.append(state)
        states.append(history[int((len(history) - 1) * fraction)])
    return [s for s in states if rules.to_move(s) is not None]


def mean_call_ms(fn, states, fresh=lambda s: s, repeat=20):
    """Mean time of ``fn(state)`` in milliseconds; ``fresh`` copies a state outside the timing
    (so a cache kept on a state does not flatter repeated calls)."""
    samples = []
    for _ in range(repeat):
        for state in [fresh(s) for s in states]:
            started = time.perf_counter()
            fn(state)
            samples.append(time.perf_counter() - started)
    return ms(statistics.fmean(samples))


#: The benchmarks' apps run as production does (not TESTING), which needs a key of its own.
SECRET_KEY = "bench-secret-key-not-for-production"


def file_mail_app(folder: str):
    """An app on a fresh SQLite database in ``folder``, its mail written there as files: what
    the mail benches run against."""
    from pbem import create_app
    from pbem.core.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                      "SECRET_KEY": SECRET_KEY, "MAIL_BACKEND": "file", "MAIL_FILE_DIR": folder,
                      "MAIL_DOMAIN": "pbem.example", "BASE_URL": "https://pbem.example"})
    with app.app_context():
        db.create_all()
    return app


def calls_per_request(request, count: int) -> float:
    """The function calls (Python's and C's) made inside Flask's ``wsgi_app`` per
    ``request()``, over ``count`` of them: deterministic where CPU time is not (a shared
    machine's load, the collector's passes and the other core's work move it), so a change to
    a request, or a page's cost growing with the data, shows in it at once however small. A
    yardstick beside the CPU time, not a replacement: code spends unequal CPU per call (a move
    spends more per call than the fair baseline: its ratio of calls stayed a quarter below its
    ratio of CPU time)."""
    from flask import Flask

    calls, inside = [0], [0]
    wsgi_app = Flask.wsgi_app

    def counted(self, environ, start_response):
        inside[0] += 1
        try:
            return wsgi_app(self, environ, start_response)
        finally:
            inside[0] -= 1

    def count_call(_frame, event, _arg):
        if inside[0] and event in ("call", "c_call"):
            calls[0] += 1

    Flask.wsgi_app = counted
    sys.setprofile(count_call)
    try:
        for _ in range(count):
            answered = getattr(request(), "status_code", 200)
            if answered >= 400:  # a refusal's calls are not the page's
                raise RuntimeError(f"the request counted was refused: {answered}")
    finally:
        sys.setprofile(None)
        Flask.wsgi_app = wsgi_app
    return calls[0] / count
