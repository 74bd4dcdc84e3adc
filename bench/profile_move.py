"""Where a move POST spends its CPU: ``python -m bench.profile_move [database URL]``.

Not one of the benches (``python -m bench`` runs ``bench_*`` only): a tool for the question
of what a move costs beside the baselines. In this process, through Flask's test client (no
gunicorn, no sockets), it posts the bench's own Pylon moves through their move links
(:func:`bench.bench_http._prepare`), as the bench's clients do (with a session cookie), the
moves a conditional reply answers (:mod:`bench.answered_moves`), and the baselines' POSTs
(:mod:`bench.baseline_app`, the fair one with its session cookie and CSRF token) on the same
database.

It prints the SQL statements of one move, the CPU time per POST of each (``time.process_time``
over alternating blocks, the median block: other processes' load inflates it less than wall
time), the function calls per POST of the move and the fair baseline (which no load moves),
and the move's stages: the time spent inside each function named, per POST, and its
share of the whole request. SQLite in a scratch folder by default; a PostgreSQL URL uses a
scratch database made on that server. With ``PBEM_PROFILE_CPROFILE=1`` (``=answered``: the
answered moves) it ends with the functions that took most of the moves' CPU under
:mod:`cProfile` (their own time, then with what they called; the whole profile is kept in
``bench/results/profile_move.prof``).
"""

from __future__ import annotations

import cProfile
import gc
import importlib
import os
import pstats
import statistics
import sys
import tempfile
import time
from functools import wraps
from pathlib import Path

import sqlalchemy as sa

from . import baseline_app
from .bench_http import CLIENTS, _pg_database, _prepare
from .timing import SECRET_KEY

#: POSTs per block; blocks of the move and of the baseline alternate ``ROUNDS`` times.
BLOCK = int(os.environ.get("PBEM_PROFILE_POSTS", "300"))
ROUNDS = 5

#: The move's stages: a label, its depth in the tree, and the function timed
#: (``module:attribute``, or ``module:Class.method``), where the request looks it up.
STAGES = [
    ("the whole request (Flask's WSGI app)", 0, "flask.app:Flask.wsgi_app"),
    ("before-request hooks (the session's player, input checks)", 1,
     "flask.app:Flask.preprocess_request"),
    ("the view", 1, "flask.app:Flask.dispatch_request"),
    ("verify the link's signature", 2, "pbem.play.links:unsign"),
    ("load the game, its seats, players and settings, locked", 2, "pbem.play.links:get_game"),
    ("read the form", 2, "pbem.play.forms:ConfirmedMove.read"),
    ("play the turn, commit", 2, "pbem.play.commands:play_turn"),
    ("check the seat and ply, read the position", 3, "pbem.play.service:check_actor"),
    ("store the plies and the game row", 3, "pbem.play.storing:write"),
    ("events: the turn played (clocks, archive, ...)", 3, "pbem.play.storing:publish"),
    ("the next player's turn email queued", 3, "pbem.play.service:turn_begins"),
    ("commit", 3, "sqlalchemy.orm.session:Session.commit"),
    ("redirect", 2, "pbem.play.views:redirect"),
    ("after-request hooks (headers)", 1, "flask.app:Flask.process_response"),
]


def main(url: str | None) -> None:
    with tempfile.TemporaryDirectory(prefix="pbem-profile-") as folder:
        if url is None:
            _profile(f"sqlite:///{folder}/profile.sqlite", Path(folder))
            return
        with _pg_database(url) as database:
            _profile(database.url_text, Path(folder))


def _profile(url: str, folder: Path) -> None:
    from pbem import create_app

    work, answered, _ = _prepare(url, folder)
    moves = iter([move for plays in work for move in plays])
    answered_moves = iter([move for plays in answered for move in plays])
    baseline_app.create(url, CLIENTS)
    baseline_app.create_fair(url, CLIENTS)
    config = {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY, "MAIL_BACKEND": "file",
              "MAIL_FILE_DIR": str(folder / "mail"), "MAIL_DELIVER_AFTER_COMMIT": False}
    client = create_app(config).test_client(use_cookies=False)
    cookie = client.get("/sign-in").headers["Set-Cookie"].split(";")[0]
    os.environ["PBEM_DATABASE_URL"] = url
    os.environ["PBEM_SECRET_KEY"] = SECRET_KEY
    bare = baseline_app.create_app().test_client(use_cookies=False)
    fair = baseline_app.create_fair_app().test_client(use_cookies=False)
    fair_form = fair.get("/fair/session")
    fair_cookie = fair_form.headers["Set-Cookie"].split(";")[0]
    fair_csrf = fair_form.get_data(as_text=True).split('value="')[1].split('"')[0]
    fair_ply = iter(range(10**9))

    def move(moves=moves, through=client) -> None:
        path, ply_text, ply = next(moves)
        response = through.post(path, data={"move": ply_text, "ply": ply},
                                headers={"Cookie": cookie})
        if response.status_code != 303:
            raise RuntimeError(f"{path}: {response.status_code}")

    def bump() -> None:
        if bare.post("/bump/1", data={"text": "bump"}).status_code != 303:
            raise RuntimeError("the baseline's POST failed")

    def fair_move() -> None:
        ply = next(fair_ply)
        token = baseline_app.fair_token(SECRET_KEY, 1, ply % 2, ply)
        response = fair.post(f"/fair/{token}/move",
                             data={"move": "a1", "ply": ply, "csrf_token": fair_csrf},
                             headers={"Cookie": fair_cookie})
        if response.status_code != 303:
            raise RuntimeError(f"the fair baseline's POST failed: {response.status_code}")

    def answered_move() -> None:
        move(answered_moves)

    for _ in range(20):
        move()
        answered_move()
        bump()
        fair_move()
    statements = _statements_of(config, lambda counted: move(through=counted))
    gc.collect()
    gc.freeze()  # as pbem.wsgi does for the gunicorn workers
    print(f"SQL statements per move: {len(statements)}")
    for statement in statements:
        print("   ", " ".join(statement.split())[:110])
    cpu = {"move": [], "fair baseline": [], "bare baseline": [], "answered move": []}
    for _ in range(ROUNDS):
        for name, post in (("move", move), ("fair baseline", fair_move),
                           ("bare baseline", bump), ("answered move", answered_move)):
            started = time.process_time()
            for _ in range(BLOCK):
                post()
            cpu[name].append((time.process_time() - started) / BLOCK * 1000)
    move_ms, fair_ms, bare_ms, answered_ms = (statistics.median(cpu[name]) for name in cpu)
    print(f"CPU per POST: move {move_ms:.3f} ms, fair baseline {fair_ms:.3f} ms, bare baseline "
          f"{bare_ms:.3f} ms (move / fair {move_ms / fair_ms:.2f}; medians of {ROUNDS} blocks "
          f"of {BLOCK}; load average {os.getloadavg()[0]:.2f}); a move answered by a "
          f"conditional reply {answered_ms:.3f} ms ({answered_ms / move_ms:.2f} x the move)")
    calls = {name: _calls_per_post(post) for name, post in (
        ("move", move), ("fair baseline", fair_move), ("answered move", answered_move))}
    print(f"Function calls per POST inside Flask's WSGI app (a measure no other process's load "
          f"moves): move {calls['move']:.0f}, fair baseline {calls['fair baseline']:.0f} "
          f"(move / fair {calls['move'] / calls['fair baseline']:.2f}), answered move "
          f"{calls['answered move']:.0f}")
    if os.environ.get("PBEM_PROFILE_CPROFILE"):
        _cprofile(answered_move if os.environ["PBEM_PROFILE_CPROFILE"] == "answered" else move)
    spent = _timed_stages()
    for _ in range(BLOCK):
        move()
    whole = spent[STAGES[0][2]]
    print("Where the move's time goes (CPU ms per POST, share of the request):")
    for label, depth, target in STAGES:
        print(f"  {'  ' * depth}{label:<{64 - 2 * depth}} {spent[target] / BLOCK * 1000:6.3f}"
              f" {spent[target] / whole:6.1%}")


def _statements_of(config: dict, post) -> list[str]:
    """The SQL of one ``post(client)``, through an app of its own: a listener on the timed
    app's engine would stay on its every statement (SQLAlchemy keeps dispatching to an
    engine once it had one), a cost the baselines' engines do not pay."""
    from pbem import create_app
    from pbem.core.extensions import db

    counted = create_app(config)
    with counted.app_context():
        engine = db.engine
    statements = []
    sa.event.listen(engine, "before_cursor_execute",
                    lambda _connection, _cursor, statement, *_rest: statements.append(statement))
    post(counted.test_client(use_cookies=False))
    engine.dispose()
    return statements


def _calls_per_post(post) -> float:
    """The function calls (Python's and C's) made inside Flask's ``wsgi_app`` per ``post()``,
    over ``BLOCK`` posts: deterministic where CPU time is not (a shared machine's load moves
    it), so a change to the move shows in it at once, however small. It is a yardstick for
    changes, not the CPU ratio itself: a move spends more CPU per call than the fair baseline
    (its ratio of calls, 1.8 to 2.0, stayed a quarter below its ratio of CPU time)."""
    from flask import Flask

    calls, inside = [0], [0]
    wsgi_app = Flask.wsgi_app

    def counted(self, environ, start_response):
        inside[0] += 1
        try:
            return wsgi_app(self, environ, start_response)
        finally:
            inside[0] -= 1

    def count(_frame, event, _arg):
        if inside[0] and event in ("call", "c_call"):
            calls[0] += 1

    Flask.wsgi_app = counted
    sys.setprofile(count)
    try:
        for _ in range(BLOCK):
            post()
    finally:
        sys.setprofile(None)
        Flask.wsgi_app = wsgi_app
    return calls[0] / BLOCK


def _cprofile(move) -> None:
    """The moves' CPU by function under cProfile (before the stages' timers wrap them)."""
    profiler = cProfile.Profile(time.process_time)
    profiler.runcall(lambda: [move() for _ in range(BLOCK)])
    profiler.dump_stats(Path(__file__).parent / "results" / "profile_move.prof")
    stats = pstats.Stats(profiler).strip_dirs()
    for order in ("tottime", "cumulative"):
        stats.sort_stats(order).print_stats(45)


def _timed_stages() -> dict[str, float]:
    """Wrap each stage's function with a timer; the seconds spent inside each, by target."""
    spent = dict.fromkeys((target for _, _, target in STAGES), 0.0)
    for _, _, target in STAGES:
        module_name, _, path = target.partition(":")
        owner = importlib.import_module(module_name)
        *outer, name = path.split(".")
        for part in outer:
            owner = getattr(owner, part)
        setattr(owner, name, _timer(getattr(owner, name), target, spent))
    return spent


def _timer(function, target: str, spent: dict):
    @wraps(function)
    def timed(*args, **kwargs):
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[target] += time.thread_time() - started

    return timed


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
