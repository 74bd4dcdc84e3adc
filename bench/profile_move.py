"""Where a move POST spends its CPU: ``python -m bench.profile_move [database URL]``.

Not one of the benches (``python -m bench`` runs ``bench_*`` only): a tool for issue #21's
question of what the move costs beside the bare baseline. In this process, through Flask's
test client (no gunicorn, no sockets), it posts the bench's own Pylon moves
(:func:`bench.bench_http._prepare`) as the bench's clients do (a session cookie and a CSRF
token sent as they were, never updated), and prints the SQL statements of one POST, the CPU
time per POST (``time.process_time``, which other processes' load does not inflate as much as
wall time), then a profile of as many more. SQLite in a scratch folder by default; a
PostgreSQL URL uses a scratch database made on that server.
"""

from __future__ import annotations

import cProfile
import gc
import os
import pstats
import re
import sys
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

from .bench_http import _pg_database, _prepare
from .timing import SECRET_KEY

POSTS = int(os.environ.get("PBEM_PROFILE_POSTS", "300"))


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
    moves = [move for plays in work for move in plays]
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY,
                      "MAIL_BACKEND": "file", "MAIL_FILE_DIR": str(folder / "mail"),
                      "MAIL_DELIVER_AFTER_COMMIT": False})
    client = app.test_client(use_cookies=False)
    page = client.get("/sign-in")
    cookie = page.headers["Set-Cookie"].split(";")[0]
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                      page.get_data(as_text=True)).group(1)
    cursor = iter(moves)

    def post() -> None:
        path, move, ply = next(cursor)
        response = client.post(path, data={"move": move, "ply": ply, "csrf_token": token},
                               headers={"Cookie": cookie})
        if response.status_code != 302:
            raise RuntimeError(f"{path}: {response.status_code}")

    statements = []
    with app.app_context():
        sa.event.listen(db.engine, "before_cursor_execute",
                        lambda *args: statements.append(args[2]))
    gc.collect()
    gc.freeze()  # as pbem.wsgi does for the gunicorn workers
    for _ in range(20):
        post()
    statements.clear()
    post()
    print(f"SQL statements per POST: {len(statements)}")
    for statement in statements:
        print("   ", " ".join(statement.split())[:120])
    if len(moves) < 2 * POSTS + 21:
        raise SystemExit(f"only {len(moves)} moves prepared; lower PBEM_PROFILE_POSTS")
    started = time.process_time()
    for _ in range(POSTS):
        post()
    print(f"CPU per POST: {(time.process_time() - started) / POSTS * 1000:.3f} ms")
    profile = cProfile.Profile()
    profile.runcall(lambda: [post() for _ in range(POSTS)])
    pstats.Stats(profile).sort_stats("cumulative").print_stats(r"pbem|flask|sessions|csrf", 40)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
