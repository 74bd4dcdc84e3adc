"""The clocks' tick over 10,000 active games with a time control, of which 1,000 are due
(400 half-time reminders, 300 last-day reminders, 300 timeouts), on SQLite and PostgreSQL
(``PBEM_BENCH_DATABASE_URL``, else ``PBEM_TEST_DATABASE_URL``, else the loopback server; a
scratch database is created and dropped). Target: under 5 s. The games are inserted in bulk
as the play service would have left them; then one tick does the work and a second finds
nothing left.
"""

from __future__ import annotations

import os
import tempfile
import time
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from .bench_http import PG_DEFAULT, _pg_database
from .timing import SECRET_KEY

GAMES = 10_000
PLAYERS = 1_000
DUE = {"half": 400, "day": 300, "timeout": 300}
NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)


def run() -> dict:
    figures = {}
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        figures.update(_measure("sqlite", f"sqlite:///{folder}/bench.sqlite", folder))
    url = os.environ.get("PBEM_BENCH_DATABASE_URL") or os.environ.get(
        "PBEM_TEST_DATABASE_URL", PG_DEFAULT)
    try:
        with _pg_database(url) as scratch, tempfile.TemporaryDirectory() as folder:
            figures.update(_measure("postgresql", scratch.url_text, folder))
    except sa.exc.OperationalError as exc:
        figures["postgresql"] = f"skipped: cannot reach {url} ({type(exc).__name__})"
    return figures


def _measure(label: str, url: str, folder: str) -> dict:
    from pbem import create_app
    from pbem.clocks.tick import run as tick
    from pbem.core.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY,
                      "MAIL_BACKEND": "file", "MAIL_FILE_DIR": folder,
                      "BASE_URL": "https://pbem.example"})
    with app.app_context():
        db.create_all()
        _populate(db)
        started, cpu = time.perf_counter(), time.process_time()
        summary = tick(NOW)
        first, cpu = time.perf_counter() - started, time.process_time() - cpu
        started = time.perf_counter()
        again = tick(NOW)
        second = time.perf_counter() - started
        db.session.remove()
        db.engine.dispose()
    return {
        f"{label}: tick, 10,000 games, 1,000 due (s)": round(first, 2),
        # The wall time swings with the machine's load; this process's CPU time much less.
        f"{label}: its CPU time in this process (s)": round(cpu, 2),
        f"{label}: load average then": round(os.getloadavg()[0], 1),
        f"{label}: what it did": summary,
        f"{label}: the next tick, nothing due (s)": round(second, 3),
        f"{label}: again": again,
    }


def _populate(db) -> None:
    """Players, Pylon games at their first move with a 3d/move clock, seats and clocks."""
    from pbem.accounts.models import Player
    from pbem.clocks.models import StoredClock
    from pbem.games import get_rules
    from pbem.play.models import Game, Seat

    rules = get_rules("pylon")
    _, options = rules.validate_options(2, {})
    snapshot = rules.to_dict(rules.new_game(players=2, options=options, seed=1))
    db.session.execute(sa.insert(Player), [
        {"id": i + 1, "email": f"p{i}@bench.example", "name": f"P{i}", "is_admin": False,
         "login_counter": 0, "created_at": NOW} for i in range(PLAYERS)])
    db.session.execute(sa.insert(Game), [
        {"id": g + 1, "slug": "pylon", "options": options, "seed": 1, "rules_version": "1",
         "status": "active", "ply": 0, "snapshot": snapshot, "version": 1,
         "time_control": "3d/move", "vacation_allowed": True, "created_at": NOW,
         "started_at": NOW, "updated_at": NOW} for g in range(GAMES)])
    db.session.execute(sa.insert(Seat), [
        {"id": 2 * g + s + 1, "game_id": g + 1, "index": s,
         "player_id": _player(g, s), "response": "accepted"}
        for g in range(GAMES) for s in (0, 1)])
    started = ([NOW - 40 * H] * DUE["half"] + [NOW - 50 * H] * DUE["day"]
               + [NOW - 73 * H] * DUE["timeout"])
    clocks = []
    for g in range(GAMES):
        began = started[g] if g < len(started) else NOW - H
        due = {40: 36, 50: 48, 73: 72}.get(int((NOW - began) / H), 36)
        for s in (0, 1):
            clocks.append({
                "seat_id": 2 * g + s + 1, "game_id": g + 1, "seat": s,
                "player_id": _player(g, s),
                "remaining_seconds": 3 * 86400, "turn_started": began if s == 0 else None,
                "next_check_at": began + due * H if s == 0 else None})
    db.session.execute(sa.insert(StoredClock), clocks)
    db.session.commit()


def _player(game: int, seat: int) -> int:
    """The player in ``seat`` of game ``game`` (0-based), the same for seats and clocks."""
    return (game + seat * (1 + game // PLAYERS)) % PLAYERS + 1
