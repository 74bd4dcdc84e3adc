"""The clocks' tick over active games with a time control, of which some are due (40% owe a
half-time reminder, 30% a last-day reminder, 30% a timeout), on SQLite and PostgreSQL
(``PBEM_BENCH_DATABASE_URL``, else ``PBEM_TEST_DATABASE_URL``, else the loopback server; a
scratch database is created and dropped). By default 10,000 games with 1,000 due;
``PBEM_BENCH_CLOCKS=full`` runs 100,000 games with 1,000 and then 10,000 due, on PostgreSQL
only (setting up takes minutes); ``PBEM_BENCH_CLOCKS=due`` runs 20,000 games with 10,000 due
on PostgreSQL only. Target: 10,000 due in under 5 s of CPU. The games are rated, so the third
that time out are rated in the tick too (in one pass per chunk), and inserted in bulk as the
play service would have left them; then one tick does the work and a second finds nothing
left.
"""

from __future__ import annotations

import os
import tempfile
import time
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from .bench_http import PG_DEFAULT, _pg_database
from .timing import SECRET_KEY

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)
#: Hours since the turn began, and the hour its next check came, for each kind of due seat.
STARTED = {"half": (40, 36), "day": (50, 48), "timeout": (73, 72)}
SHARES = {"half": 0.4, "day": 0.3, "timeout": 0.3}


def run() -> dict:
    figures = {}
    url = os.environ.get("PBEM_BENCH_DATABASE_URL") or os.environ.get(
        "PBEM_TEST_DATABASE_URL", PG_DEFAULT)
    mode = os.environ.get("PBEM_BENCH_CLOCKS")
    full = mode in ("full", "due")
    sizes = {"full": [(100_000, 1_000), (100_000, 10_000)],
             "due": [(20_000, 10_000)]}.get(mode, [(10_000, 1_000)])
    for games, due in sizes:
        if not full:
            with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
                figures.update(_measure("sqlite", f"sqlite:///{folder}/bench.sqlite", folder,
                                        games, due))
        try:
            with _pg_database(url) as scratch, tempfile.TemporaryDirectory() as folder:
                figures.update(_measure("postgresql", scratch.url_text, folder, games, due))
        except sa.exc.OperationalError as exc:
            figures["postgresql"] = f"skipped: cannot reach {url} ({type(exc).__name__})"
    return figures


def _measure(label: str, url: str, folder: str, games: int, due: int) -> dict:
    from pbem import create_app
    from pbem.clocks.tick import run as tick
    from pbem.core.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY,
                      "MAIL_BACKEND": "file", "MAIL_FILE_DIR": folder,
                      "MAIL_DOMAIN": "pbem.example", "BASE_URL": "https://pbem.example"})
    with app.app_context():
        db.create_all()
        _populate(db, games, due)
        load = os.getloadavg()[0]
        started, cpu = time.perf_counter(), time.process_time()
        summary = tick(NOW)
        first, cpu = time.perf_counter() - started, time.process_time() - cpu
        started = time.perf_counter()
        again = tick(NOW)
        second = time.perf_counter() - started
        db.session.remove()
        db.engine.dispose()
    label = f"{label}, {games:,} games, {due:,} due"
    return {
        f"{label}: tick (s)": round(first, 2),
        # The wall time swings with the machine's load; this process's CPU time much less.
        f"{label}: its CPU time in this process (s)": round(cpu, 2),
        f"{label}: load average (1 min) before, after": [round(load, 1),
                                                        round(os.getloadavg()[0], 1)],
        f"{label}: what it did": summary,
        f"{label}: the next tick, nothing due (s)": round(second, 3),
        f"{label}: again": again,
    }


def _populate(db, games: int, due: int) -> None:
    """Players, Pylon games at their first move with a 3d/move clock, seats and clocks; the
    first ``due`` games are due, in the shares of :data:`SHARES`."""
    from pbem.accounts.models import Player
    from pbem.clocks.models import StoredClock
    from pbem.games import get_rules
    from pbem.play.models import Game, Seat

    players = max(1_000, games // 10)
    rules = get_rules("pylon")
    _, options = rules.validate_options(2, {})
    snapshot = rules.to_dict(rules.new_game(players=2, options=options, seed=1))
    db.session.execute(sa.insert(Player), [
        {"id": i + 1, "email": f"p{i}@bench.example", "name": f"P{i}", "is_admin": False,
         "login_counter": 0, "created_at": NOW} for i in range(players)])
    kinds = [kind for kind, share in SHARES.items() for _ in range(round(due * share))]
    began = [STARTED[kinds[g]] if g < len(kinds) else (1, 36) for g in range(games)]
    # Whose turn it is, with the deadline of the 3-day clock, as the games rows show it.
    db.session.execute(sa.insert(Game), [
        {"id": g + 1, "slug": "pylon", "options": options, "seed": 1, "rules_version": "1",
         "status": "active", "ply": 0, "snapshot": snapshot, "version": 1,
         "to_move_seat": 0, "to_move_player_id": _player(g, 0, players),
         "to_move_deadline": NOW + (72 - began[g][0]) * H,
         "time_control": "3d/move", "vacation_allowed": True, "created_at": NOW,
         "rated": True,
         "started_at": NOW, "updated_at": NOW} for g in range(games)])
    db.session.execute(sa.insert(Seat), [
        {"id": 2 * g + s + 1, "game_id": g + 1, "index": s,
         "player_id": _player(g, s, players), "response": "accepted"}
        for g in range(games) for s in (0, 1)])
    clocks = []
    for g in range(games):
        hours, check = began[g]
        for s in (0, 1):
            clocks.append({
                "seat_id": 2 * g + s + 1, "game_id": g + 1, "seat": s,
                "player_id": _player(g, s, players), "remaining_seconds": 3 * 86400,
                "turn_started": NOW - hours * H if s == 0 else None,
                "next_check_at": NOW - (hours - check) * H if s == 0 else None})
    db.session.execute(sa.insert(StoredClock), clocks)
    db.session.commit()


def _player(game: int, seat: int, players: int) -> int:
    """The player in ``seat`` of game ``game`` (0-based), the same for seats and clocks."""
    return (game + seat * (1 + game // players)) % players + 1
