"""Where a move POST spends its CPU: ``python -m bench.profile_move [database URL]``.

Not one of the benches (``python -m bench`` runs ``bench_*`` only): a tool for issue #21's
question of what a move costs beside the bare baseline. In this process, through Flask's
test client (no gunicorn, no sockets), it posts the bench's own Pylon moves through their move
links (:func:`bench.bench_http._prepare`), as the bench's clients do (with a session cookie),
and the bare baseline's ``POST /bump/<id>`` (:mod:`bench.baseline_app`) on the same database.

It prints the SQL statements of one move, the CPU time per POST of each (``time.process_time``
over alternating blocks, the median block: other processes' load inflates it less than wall
time), and the move's stages: the time spent inside each function named, per POST, and its
share of the whole request. SQLite in a scratch folder by default; a PostgreSQL URL uses a
scratch database made on that server.
"""

from __future__ import annotations

import gc
import importlib
import os
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
    ("read the form", 2, "pbem.play.views:ConfirmMoveForm"),
    ("play the turn, commit", 2, "pbem.play.commands:play_turn"),
    ("check the seat and ply, read the position", 3, "pbem.play.service:_check_actor"),
    ("store the plies and the game row", 3, "pbem.play.service:_write"),
    ("events: the turn played (clocks, archive, ...)", 3, "pbem.play.service:_publish"),
    ("the next player's turn email queued", 3, "pbem.play.service:_turn_begins"),
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
    from pbem.core.extensions import db

    work, _ = _prepare(url, folder)
    moves = iter([move for plays in work for move in plays])
    baseline_app.create(url, CLIENTS)
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY,
                      "MAIL_BACKEND": "file", "MAIL_FILE_DIR": str(folder / "mail"),
                      "MAIL_DELIVER_AFTER_COMMIT": False})
    client = app.test_client(use_cookies=False)
    cookie = client.get("/sign-in").headers["Set-Cookie"].split(";")[0]
    os.environ["PBEM_DATABASE_URL"] = url
    bare = baseline_app.create_app().test_client(use_cookies=False)

    def move() -> None:
        path, ply_text, ply = next(moves)
        response = client.post(path, data={"move": ply_text, "ply": ply},
                               headers={"Cookie": cookie})
        if response.status_code != 303:
            raise RuntimeError(f"{path}: {response.status_code}")

    def bump() -> None:
        if bare.post("/bump/1", data={"text": "bump"}).status_code != 303:
            raise RuntimeError("the baseline's POST failed")

    statements = []
    with app.app_context():
        sa.event.listen(db.engine, "before_cursor_execute",
                        lambda *args: statements.append(args[2]))
    gc.collect()
    gc.freeze()  # as pbem.wsgi does for the gunicorn workers
    for _ in range(20):
        move()
        bump()
    statements.clear()
    move()
    print(f"SQL statements per move: {len(statements)}")
    for statement in statements:
        print("   ", " ".join(statement.split())[:110])
    cpu = {"move": [], "bare baseline": []}
    for _ in range(ROUNDS):
        for name, post in (("move", move), ("bare baseline", bump)):
            started = time.process_time()
            for _ in range(BLOCK):
                post()
            cpu[name].append((time.process_time() - started) / BLOCK * 1000)
    move_ms, bare_ms = (statistics.median(cpu[name]) for name in cpu)
    print(f"CPU per POST: move {move_ms:.3f} ms, bare baseline {bare_ms:.3f} ms "
          f"(baseline / move {bare_ms / move_ms:.2f}; medians of {ROUNDS} blocks of {BLOCK})")
    spent = _timed_stages()
    for _ in range(BLOCK):
        move()
    whole = spent[STAGES[0][2]]
    print("Where the move's time goes (ms per POST, share of the request):")
    for label, depth, target in STAGES:
        print(f"  {'  ' * depth}{label:<{64 - 2 * depth}} {spent[target] / BLOCK * 1000:6.3f}"
              f" {spent[target] / whole:6.1%}")


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
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent[target] += time.perf_counter() - started

    return timed


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
