"""The server over HTTP: gunicorn (``deploy/gunicorn.conf.py``, 2 sync workers) on loopback,
16 concurrent clients.

For SQLite and for PostgreSQL (``PBEM_BENCH_DATABASE_URL``, else ``PBEM_TEST_DATABASE_URL``,
else the loopback server; skipped, saying why, when it cannot be reached) it measures, in the
same run, move submissions (POSTs of ``/play/<token>/move`` through signed links, each client
playing its own Pylon games), moves each answered at once by the opponent's conditional reply
(two turns in one transaction: :mod:`bench.answered_moves`), the two baselines of
:mod:`bench.baseline_app` (Flask and SQLAlchemy Core alone, under the same gunicorn settings):
the bare one (lock one row by id, insert one row, update it, commit, redirect; each client its
own row) and the fair one (what a move cannot avoid: verify the signed link and the CSRF
token, lock the game with its seats and players, compare-and-set the game row, insert the ply
and the outbox row, commit, redirect 303; each client its own game), and a trivial route of
pbem (``/health``); then the game page of a 300-ply game. Figures: requests per second, p50
and p99 in milliseconds, CPU per request, the move's throughput over each baseline's (the
target: 0.8 or more) and the app workers' CPU per move over their CPU per baseline request
(the target against the fair one: 1.3 or less), and per answered move over per plain move
(the target: 1.3 or less).

The machines are shared, so the five are measured in alternating windows (the same load falls
on both sides of each ratio), and the load average is recorded beside the figures. Every
client is a thread with its own session cookie and CSRF token, as a browser has.

Each server is started as deployed, with ``deploy/gunicorn.conf.py``; the bench overrides only
what must differ on a shared machine: the address (``PBEM_BIND``), the number of workers
(``PBEM_WORKERS=2``), the application (for the baselines) and the control socket (one per
server, in the run's folder).

The load generator, the workers and the database server share the machine's cores, so each
route's CPU time per request is recorded too, for each of them: with the cores busy, the
throughput ratio is about the inverse ratio of those totals.
"""

from __future__ import annotations

import http.client
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

import psutil
import sqlalchemy as sa

from . import answered_moves, baseline_app
from .timing import SECRET_KEY, summary_ms

CLIENTS = 16
SECONDS = 6.0
#: The routes take turns in windows of SECONDS / ROUNDS each.
ROUNDS = 6
#: Seconds of each route before the windows, not measured.
WARM_UP = 1.0
GAMES_PER_CLIENT = 8
#: An answered line covers at most 20 of a Pylon game's first player's moves (a line is at
#: most 40 turns), so a client needs this many games not to run out within the windows: a
#: client that runs out posts played plies again and is refused, cheaply, which would make
#: the answered move look cheaper than it is.
ANSWERED_GAMES_PER_CLIENT = 32
ROOT = Path(__file__).resolve().parent.parent
PG_DEFAULT = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def run() -> dict:
    figures = {}
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        figures.update(_backend("sqlite", f"sqlite:///{folder}/bench.sqlite", Path(folder)))
    pg_url = os.environ.get("PBEM_BENCH_DATABASE_URL") or os.environ.get(
        "PBEM_TEST_DATABASE_URL", PG_DEFAULT)
    try:
        with _pg_database(pg_url) as database, tempfile.TemporaryDirectory() as folder:
            figures.update(_backend("postgresql", database.url_text, Path(folder),
                                    database.backend_pids))
    except sa.exc.OperationalError as exc:
        figures["postgresql"] = f"skipped: cannot reach {pg_url} ({type(exc).__name__})"
    return figures


class _pg_database:
    """A throwaway PostgreSQL database for one run."""

    def __init__(self, url: str):
        self.admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
        self.name = f"pbem_bench_{uuid.uuid4().hex[:8]}"
        self.url = sa.engine.make_url(url).set(database=self.name)

    def __enter__(self) -> _pg_database:
        with self.admin.connect() as connection:
            connection.execute(sa.text(f'CREATE DATABASE "{self.name}"'))
        self.url_text = self.url.render_as_string(hide_password=False)
        return self

    def backend_pids(self) -> list[int]:
        """The server processes serving this database's connections (the workers' pools)."""
        with self.admin.connect() as connection:
            return list(connection.scalars(
                sa.text("SELECT pid FROM pg_stat_activity WHERE datname = :name"),
                {"name": self.name}))

    def __exit__(self, *_):
        with self.admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
        self.admin.dispose()


def _backend(label: str, url: str, folder: Path, database_pids=lambda: []) -> dict:
    env = dict(os.environ, PBEM_DATABASE_URL=url, PBEM_SECRET_KEY=SECRET_KEY,
               PBEM_INSTANCE_PATH=str(folder), PBEM_MAIL_BACKEND="file",
               PBEM_MAIL_DELIVER_AFTER_COMMIT="false")
    work, answered, long_game = _prepare(url, folder)
    baseline_app.create(url, CLIENTS)
    baseline_app.create_fair(url, CLIENTS)
    port, bare_port, fair_port = _free_port(), _free_port(), _free_port()
    servers = [_gunicorn(port, None, env, folder),
               _gunicorn(bare_port, "bench.baseline_app:create_app()", env, folder),
               _gunicorn(fair_port, "bench.baseline_app:create_fair_app()", env, folder)]
    try:
        for listening in (port, bare_port, fair_port):
            _wait_for(listening)
        _wait_for_workers(servers)
        sessions = [_session(port) for _ in range(CLIENTS)]
        fair_sessions = [_session(fair_port, "/fair/session") for _ in range(CLIENTS)]
        load_before = os.getloadavg()[0]
        meter = _CpuMeter([server.pid for server in servers], database_pids)
        moves, answered_moves, fair, bare, trivial = _interleaved(meter, [
            (port, sessions, _move_player(work)),
            (port, sessions, _move_player(answered)),
            (fair_port, fair_sessions, _fair_player()),
            (bare_port, sessions,
             lambda client: ("POST", f"/bump/{client + 1}", {"text": "bump"})),
            (port, sessions, lambda client: ("GET", "/health", None))])
        page = _load(port, sessions[:1], lambda client: ("GET", f"/games/{long_game}", None),
                     seconds=3)
        load_after = os.getloadavg()[0]
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    shutil.rmtree(folder / "mail", ignore_errors=True)
    out = {}
    for name, result in (("move POST", moves),
                         ("move POST answered by a conditional reply", answered_moves),
                         ("fair baseline POST", fair),
                         ("bare baseline POST", bare),
                         ("trivial GET /health", trivial), ("game page, 300 plies", page)):
        clients = 1 if name.startswith("game page") else CLIENTS
        prefix = f"{label}: {name} ({clients} clients)"
        out[f"{prefix} req/s"] = round(result["rps"], 1)
        out[f"{prefix} p50 ms"] = result["p50_ms"]
        out[f"{prefix} p99 ms"] = result["p99_ms"]
        if "cpu_ms" in result:
            out[f"{prefix} CPU ms/request ({', '.join(_CpuMeter.GROUPS)})"] = result["cpu_ms"]
        if result["errors"]:
            out[f"{prefix} errors"] = result["errors"]
    for name, other in (("fair baseline", fair), ("bare baseline", bare), ("trivial", trivial)):
        ratio = moves["rps"] / other["rps"] if other["rps"] else 0.0
        out[f"{label}: move throughput / {name} throughput"] = round(ratio, 3)
    workers = _CpuMeter.GROUPS.index("app workers")
    for name, other in (("fair baseline", fair), ("bare baseline", bare)):
        ratio = moves["cpu_ms"][workers] / other["cpu_ms"][workers] if other["cpu_ms"][workers] \
            else 0.0
        out[f"{label}: app workers' CPU per move / per {name} request"] = round(ratio, 2)
    plain = moves["cpu_ms"][workers]
    out[f"{label}: app workers' CPU per move answered by a conditional reply / per plain "
        "move"] = round(answered_moves["cpu_ms"][workers] / plain, 2) if plain else 0.0
    out[f"{label}: load average (1 min) before, after"] = [round(load_before, 2),
                                                            round(load_after, 2)]
    return out


def _gunicorn(port: int, app: str | None, env: dict, folder: Path) -> subprocess.Popen:
    """The same server for pbem and the baselines: the deployed configuration (its ``app``,
    pbem's, unless one is named) with 2 sync workers on loopback."""
    command = [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
               "--control-socket", str(folder / f"gunicorn-{port}.ctl"),
               "--log-level", "warning"]
    return subprocess.Popen(
        command + ([app] if app else []), cwd=ROOT,
        env=dict(env, PBEM_BIND=f"127.0.0.1:{port}", PBEM_WORKERS="2"),
    )


def _prepare(url: str, folder: Path) -> tuple[list, list, int]:
    """Migrate, create each client's Pylon games with their moves (random playouts), its games
    whose moves a conditional reply answers (:mod:`bench.answered_moves`) and a 300-ply game;
    return the work lists ``[client] -> [(path, move, ply)]`` of the plain and the answered
    moves and that game's id."""
    from flask_migrate import upgrade

    from pbem import create_app
    from pbem.accounts.service import player_by_email
    from pbem.core.extensions import db
    from pbem.core.signing import sign
    from pbem.games import get_rules
    from pbem.play import commands
    from pbem.play.models import Move

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": SECRET_KEY,
                      "MAIL_BACKEND": "file", "MAIL_FILE_DIR": str(folder / "mail")})
    with app.app_context():
        upgrade()
        pylon, work = get_rules("pylon"), []
        for client in range(CLIENTS):
            players = [player_by_email(f"{side}{client}@bench.test") for side in "ab"]
            plays = []
            for n in range(GAMES_PER_CLIENT):
                game = commands.create_game("pylon", players, start_now=True,
                                            seed=client * 100 + n)
                state, rng, ply = game.load_state(), random.Random(game.seed), 0
                while not pylon.is_over(state):
                    seat, move = pylon.to_move(state), rng.choice(pylon.legal_moves(state))
                    plays.append((f"/play/{sign('move', [game.id, seat, ply])}/move", move, ply))
                    state, ply = pylon.play(state, move), ply + 1
            work.append(plays)
        answered = answered_moves.prepare(CLIENTS, ANSWERED_GAMES_PER_CLIENT)
        long_game = _long_game(db, commands, Move, player_by_email, get_rules("triumvirate"))
        db.engine.dispose()
    return work, answered, long_game


def _long_game(db, commands, Move, player_by_email, rules) -> int:
    """A 300-ply Triumvirate game (no draw rule, so random play goes on), stored directly."""
    players = [player_by_email(f"{name}@bench.test") for name in ("x", "y")]
    game = commands.create_game(rules.slug, players, {"quiet_limit": 0}, start_now=True, seed=1)
    state, rng = game.load_state(), random.Random(1)
    while game.ply < 300:
        move = rng.choice(rules.legal_moves(state))
        game.ply += 1
        db.session.add(Move(game_id=game.id, ply=game.ply, seat=rules.to_move(state),
                            move=move, text=move))
        state = rules.play(state, move)
    game.snapshot = rules.to_dict(state)
    db.session.commit()
    return game.id


def _move_player(work: list):
    """Each client walks its own list of moves; the CSRF token comes from one GET per client."""
    cursors = [0] * len(work)

    def next_request(client: int):
        path, move, ply = work[client][cursors[client] % len(work[client])]
        cursors[client] += 1
        return "POST", path, {"move": move, "ply": ply}

    return next_request


def _fair_player():
    """Each client plays its own game of the fair baseline, seats taking turns, one ply a
    request (the link signed here, in the load generator, as pbem's are signed at set-up)."""
    plies = [0] * CLIENTS

    def next_request(client: int):
        ply = plies[client]
        plies[client] += 1
        token = baseline_app.fair_token(SECRET_KEY, client + 1, ply % 2, ply)
        return "POST", f"/fair/{token}/move", {"move": "a1", "ply": ply}

    return next_request


def _wait_for_workers(servers: list, workers: int = 2, seconds: float = 120) -> None:
    """Wait until every server has its workers and they are idle: the port listens before
    the workers have loaded the application (it is not preloaded), and a worker still loading
    when the windows begin would charge its start to the first route measured."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        children = [child for server in servers
                    for child in psutil.Process(server.pid).children()]
        before = [_cpu_seconds(child) for child in children]
        time.sleep(0.5)
        spent = [_cpu_seconds(child) - cpu for child, cpu in zip(children, before, strict=True)]
        if len(children) == workers * len(servers) and max(spent) < 0.02:
            return
    raise RuntimeError("gunicorn's workers did not settle")


def _interleaved(meter: _CpuMeter, routes: list) -> list[dict]:
    """Each route (a port, its clients' sessions and a request maker) in turn for ROUNDS
    windows, after a first, unmeasured turn of each (each worker's first requests compile
    its statements and load what it had left for later); the figures of each route over its
    windows, with the CPU time each process group spent on them per request."""
    for port, sessions, make_request in routes:
        _load(port, sessions, make_request, WARM_UP, summary=False)
    runs = [[] for _ in routes]
    cpu = [[0.0] * len(_CpuMeter.GROUPS) for _ in routes]
    for _ in range(ROUNDS):
        for (port, sessions, make_request), run, spent in zip(routes, runs, cpu, strict=True):
            before = meter.read()
            run.append(_load(port, sessions, make_request, SECONDS / ROUNDS, summary=False))
            for group, seconds in enumerate(meter.spent_since(before)):
                spent[group] += seconds
    figures = []
    for run, spent in zip(runs, cpu, strict=True):
        result = _summary([r["samples"] for r in run], sum(r["errors"] for r in run),
                          sum(r["elapsed"] for r in run))
        requests = sum(len(client) for r in run for client in r["samples"]) or 1
        result["cpu_ms"] = [round(seconds / requests * 1000, 3) for seconds in spent]
        figures.append(result)
    return figures


class _CpuMeter:
    """CPU time (user and system) of the load generator (this process), the app servers'
    workers (pbem's and the baseline's; the one not measured idles) and the database server's
    processes for this run (none for SQLite: it runs in the workers)."""

    GROUPS = ("load generator", "app workers", "database server")

    def __init__(self, server_pids: list[int], database_pids):
        self.servers = [psutil.Process(pid) for pid in server_pids]
        self.database_pids = database_pids

    def read(self) -> list[dict[int, float]]:
        workers = [process for server in self.servers
                   for process in (server, *server.children(recursive=True))]
        groups = ([psutil.Process()], workers,
                  [psutil.Process(pid) for pid in self.database_pids()])
        return [{process.pid: _cpu_seconds(process) for process in group} for group in groups]

    def spent_since(self, before: list[dict[int, float]]) -> list[float]:
        """Per group, the CPU seconds since ``before`` (a process started since counts whole)."""
        return [sum(seconds - earlier.get(pid, 0.0) for pid, seconds in now.items())
                for earlier, now in zip(before, self.read(), strict=True)]


def _cpu_seconds(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
    except psutil.NoSuchProcess:
        return 0.0
    return times.user + times.system


def _load(port: int, sessions: list, make_request, seconds: float = SECONDS,
          summary: bool = True) -> dict:
    """One closed loop per session (a new connection per request, as gunicorn's sync workers
    close each one) for ``seconds``."""
    samples: list[list[float]] = [[] for _ in sessions]
    errors = [0] * len(sessions)
    deadline = time.perf_counter() + seconds

    def client(index: int):
        cookie, token = sessions[index]
        mine = samples[index]
        while time.perf_counter() < deadline:
            method, path, form = make_request(index)
            body, headers = None, {"Cookie": cookie}
            if form is not None:
                body = urlencode({**form, "csrf_token": token})
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            started = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            connection.close()
            mine.append(time.perf_counter() - started)
            if response.status >= 400:
                errors[index] += 1

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(len(sessions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    if not summary:
        return {"samples": samples, "errors": sum(errors), "elapsed": elapsed}
    return _summary([samples], sum(errors), elapsed)


def _summary(windows: list, errors: int, elapsed: float) -> dict:
    every = [sample for window in windows for client in window for sample in client]
    return {"rps": len(every) / elapsed, "errors": errors, **summary_ms(every)}


def _session(port: int, path: str = "/sign-in") -> tuple[str, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    response = connection.getresponse()
    html = response.read().decode()
    connection.close()
    cookie = (response.getheader("Set-Cookie") or "").split(";")[0]
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    return cookie, token


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not listen on port {port}")

