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
``bench/results/profile_move.prof``). With ``PBEM_PROFILE_PACKAGES=1`` it ends with each
package's own CPU per POST under :mod:`cProfile`, for the move and the fair baseline side by
side, and what the move / fair ratio would be at best without the ORM: every package of the
database layer (SQLAlchemy, Flask-SQLAlchemy, the driver) given no more than the baseline
spends in it. Every run also prints the ORM's part of the move's load and commit, timed
against the same SELECT and a commit through Core, and the move's ratio to the fair baseline
without that part: what a move path without the ORM would reach on them.
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
from .timing import SECRET_KEY, calls_per_request

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
    app = create_app(config)
    client = app.test_client(use_cookies=False)
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
    orm_extra = _orm_beyond_core(app)
    print(f"The ORM's part of the move's load and commit (a fresh session loading the game "
          f"locked, then committing, against the same SELECT and a commit through Core): "
          f"{orm_extra:.3f} ms; a move that paid Core's price for them: "
          f"{move_ms - orm_extra:.3f} ms, {(move_ms - orm_extra) / fair_ms:.2f} x the fair "
          f"baseline")
    calls = {name: calls_per_request(post, BLOCK) for name, post in (
        ("move", move), ("fair baseline", fair_move), ("answered move", answered_move))}
    print(f"Function calls per POST inside Flask's WSGI app (a measure no other process's load "
          f"moves): move {calls['move']:.0f}, fair baseline {calls['fair baseline']:.0f} "
          f"(move / fair {calls['move'] / calls['fair baseline']:.2f}), answered move "
          f"{calls['answered move']:.0f}")
    if os.environ.get("PBEM_PROFILE_CPROFILE"):
        _cprofile(answered_move if os.environ["PBEM_PROFILE_CPROFILE"] == "answered" else move)
    if os.environ.get("PBEM_PROFILE_PACKAGES"):
        _by_package(move, fair_move)
    spent = _timed_stages()
    for _ in range(BLOCK):
        move()
    whole = spent[STAGES[0][2]]
    print("Where the move's time goes (CPU ms per POST, share of the request):")
    for label, depth, target in STAGES:
        print(f"  {'  ' * depth}{label:<{64 - 2 * depth}} {spent[target] / BLOCK * 1000:6.3f}"
              f" {spent[target] / whole:6.1%}")


def _orm_beyond_core(app) -> float:
    """The CPU milliseconds a move's load (the game with its seats, players and their settings,
    locked) and its commit cost through the ORM beyond the same SELECT and a commit through
    Core, each in a transaction of its own as a request has it: what a move path without the
    ORM would save on them, at most (the median of alternating blocks)."""
    from sqlalchemy import select

    from pbem.core.extensions import db
    from pbem.play.models import Game
    from pbem.play.queries import _game_query, get_game

    spent = {"orm": [], "core": []}
    with app.app_context():
        game_id = db.session.scalar(select(Game.id).where(Game.status == "active").limit(1))
        db.session.remove()

        def orm() -> None:
            get_game(game_id, lock=True)
            db.session.commit()
            db.session.remove()  # as the request's end does

        def core() -> None:
            with db.engine.connect() as connection:
                connection.execute(_game_query(True, False), {"game_id": game_id}).all()
                connection.commit()

        for _ in range(ROUNDS):
            for name, load in (("orm", orm), ("core", core)):
                started = time.process_time()
                for _ in range(BLOCK):
                    load()
                spent[name].append((time.process_time() - started) / BLOCK * 1000)
    return statistics.median(spent["orm"]) - statistics.median(spent["core"])


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


def _cprofile(move) -> None:
    """The moves' CPU by function under cProfile (before the stages' timers wrap them)."""
    profiler = cProfile.Profile(time.process_time)
    profiler.runcall(lambda: [move() for _ in range(BLOCK)])
    profiler.dump_stats(Path(__file__).parent / "results" / "profile_move.prof")
    stats = pstats.Stats(profiler).strip_dirs()
    for order in ("tottime", "cumulative"):
        stats.sort_stats(order).print_stats(45)


#: The database layer: what a move path without the ORM would still spend, at best, as much
#: as the fair baseline does (which runs the same statements through SQLAlchemy Core).
DATABASE_LAYER = ("sqlalchemy", "flask_sqlalchemy", "psycopg", "sqlite3")


def _by_package(move, fair_move) -> None:
    """Each package's own CPU per POST of the move and of the fair baseline under cProfile,
    and the best a move without the ORM could do: the move's time with the database layer
    cut to the baseline's. It is an upper bound on what such a rewrite saves: the move's
    wider rows would still cost something, and the profiler's cost per call weighs most on
    the ORM, which makes the most calls (the real-time estimate, :func:`_orm_beyond_core`,
    is the sober one)."""
    own = {name: _own_time_by_package(post)
           for name, post in (("move", move), ("fair", fair_move))}
    print("Own CPU per POST by package under cProfile (ms; the profiler adds a cost to every "
          "call, so compare the columns with each other, not with the figures above):")
    print(f"  {'package':<28} {'move':>7} {'fair':>7} {'extra':>7}")
    for package in sorted(own["move"].keys() | own["fair"].keys(),
                          key=lambda name: own["fair"].get(name, 0) - own["move"].get(name, 0)):
        spent = own["move"].get(package, 0.0), own["fair"].get(package, 0.0)
        if max(spent) >= 0.005:
            print(f"  {package:<28} {spent[0]:7.3f} {spent[1]:7.3f} {spent[0] - spent[1]:+7.3f}")
    move_ms, fair_ms = sum(own["move"].values()), sum(own["fair"].values())
    layer_extra = database_layer_extra(own["move"], own["fair"])
    print(f"  {'total':<28} {move_ms:7.3f} {fair_ms:7.3f} {move_ms - fair_ms:+7.3f}")
    print(f"Move / fair under cProfile {move_ms / fair_ms:.2f}; with the database layer costing "
          f"the move no more than the baseline (-{layer_extra:.3f} ms), at best "
          f"{(move_ms - layer_extra) / fair_ms:.2f}")


def database_layer_extra(move: dict[str, float], fair: dict[str, float]) -> float:
    """What the move spends in the database layer's packages beyond the fair baseline's
    spending in each (a package where the move spends less saves nothing)."""
    return sum(max(0.0, spent - fair.get(package, 0.0)) for package, spent in move.items()
               if package.split(".")[0] in DATABASE_LAYER)


def _own_time_by_package(post) -> dict[str, float]:
    """Milliseconds per ``post()`` spent in each package's own code (SQLAlchemy's and pbem's
    by subpackage; the C functions a package calls count as Python's, under ``builtins``,
    except the database drivers' cursors and connections)."""
    profiler = cProfile.Profile(time.process_time)
    profiler.runcall(lambda: [post() for _ in range(BLOCK)])
    spent: dict[str, float] = {}
    for (file, _line, function), (*_calls, own_seconds, _cumulative, _callers) in \
            pstats.Stats(profiler).stats.items():
        package = package_of(file, function)
        spent[package] = spent.get(package, 0.0) + own_seconds * 1000 / BLOCK
    return spent


def package_of(file: str, function: str) -> str:
    """The package a profiled function's own time counts for (``file`` and ``function`` as
    :mod:`pstats` names them)."""
    if file == "~":  # a C function: the drivers' own, or Python's
        return next((driver for driver in ("sqlite3", "psycopg") if driver in function),
                    "builtins")
    parts = Path(file).parts
    for root, depth in (("sqlalchemy", 2), ("pbem", 2)):
        if root in parts[:-1]:
            inner = parts[parts.index(root):]
            return ".".join(part.removesuffix(".py") for part in inner[:depth])
    if "site-packages" in parts:
        return parts[parts.index("site-packages") + 1].removesuffix(".py")
    return "bench" if "bench" in parts else "the standard library"


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
