"""Fixtures for the server tests: the app on SQLite (and PostgreSQL when
``PBEM_TEST_DATABASE_URL`` is set), clients, a CLI runner, players and games, a real SMTP
server on loopback."""

from __future__ import annotations

import gc
import os
import shutil
import sqlite3
import tempfile
import threading
import time
import uuid
import warnings

import compiled_sql
import drawn_boards
import pytest
import samples
import sqlalchemy as sa
import url_builders
from helpers import app_settings, new_player

from pbem import create_app
from pbem.accounts.models import Player
from pbem.app import DELIVERY_THREAD
from pbem.core.extensions import db

# The tests never read the checkout's own instance folder (a developer's config.py, or the
# settings a running `pbem dev` shares with other commands).
os.environ.setdefault("PBEM_INSTANCE_PATH", tempfile.mkdtemp(prefix="pbem-tests-"))
# The commands speak English in the tests whatever the machine's locale (LANG=de_DE.UTF-8 would
# make them German); tests/test_cli_language.py chooses other languages.
os.environ["PBEM_CLI_LANGUAGE"] = "en"
# The long sweeps' sample is fixed here, before xdist starts the workers that inherit it: a run
# that crosses midnight still collects the same cases in each (tests/samples.py).
os.environ.setdefault("PBEM_SAMPLE_SEED", samples.default_seed())

url_builders.install()
drawn_boards.install()

PG_URL = os.environ.get("PBEM_TEST_DATABASE_URL")
PG_SKIP = "PostgreSQL tests need PBEM_TEST_DATABASE_URL (.ci/run sets it)"


def pytest_report_header(config):
    return f"long sweeps sampled with PBEM_SAMPLE_SEED={samples.seed()} (-m '' runs them whole)"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Skip the PostgreSQL tests without a server; keep ``xdist_group`` working.

    xdist names a test's group (``--dist loadgroup``, as ``make test`` runs) by appending
    ``@group`` to its node id, through a field that pytest 9.2's structured node ids no longer
    read: the groups were silently ignored, and a group's tests spread over both workers
    (pytest-xdist issue #1386). Where xdist's own hook (run before this one) left the suffix
    out, it is put on the structured id, as xdist means it."""
    grouping = getattr(config.option, "loadgroup", False)
    for item in items:
        if "postgres" in item.keywords and not PG_URL:
            item.add_marker(pytest.mark.skip(reason=PG_SKIP))
        groups = grouping and sorted({str(mark.args[0] if mark.args else
                                          mark.kwargs.get("name", "default"))
                                      for mark in item.iter_markers("xdist_group")})
        if groups and not item.nodeid.endswith(suffix := "@" + "_".join(groups)):
            item._id = type(item._id).parse(item.nodeid + suffix)


def pytest_collection_finish(session):
    """Spare the garbage collector what lives until the end: the modules and the collected
    tests go to its permanent generation, and it waits for more new objects before it runs
    (each test builds an app, tens of thousands of them). Its CPU fell by almost half."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


@pytest.fixture(scope="session")
def pg_database(worker_id):
    """A PostgreSQL database of this xdist worker's own, created and dropped here."""
    if not PG_URL:
        pytest.skip(PG_SKIP)
    name = f"pbem_test_{worker_id}_{uuid.uuid4().hex[:6]}"
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    yield sa.engine.make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def sqlite_schema(tmp_path_factory):
    """An SQLite file holding the schema (``create_all``), made once per test process: a
    test's own database starts as a copy of it, a tenth of the CPU of creating the tables."""
    folder = tmp_path_factory.mktemp("schema")
    app = create_app(app_settings(folder))
    with app.app_context():
        db.create_all()
        compiled_sql.adopt(db.engine)
        db.session.remove()
        db.engine.dispose()  # the last connection folds the write-ahead log into the file
    return folder / "test.sqlite"


@pytest.fixture
def make_app(tmp_path, sqlite_schema):
    """Build an app on a fresh database: ``make_app(url=None, migrate=False, **config)``.

    A second app of the same test shares the first one's SQLite file (and its rows)."""
    built = []

    def make(url: str | None = None, migrate: bool = False, **config):
        settings = app_settings(tmp_path, url, **config)
        file = tmp_path / "test.sqlite"
        # Whether the database already holds the schema, empty: a copy of the SQLite one,
        # or a reused PostgreSQL database emptied.
        ready = (not migrate and not file.exists()
                 and settings["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{file}")
        if ready:
            shutil.copyfile(sqlite_schema, file)
        app = create_app(settings)
        with app.app_context():
            compiled_sql.share(db.engine)
            if url and url.startswith("postgresql"):  # the worker's database is reused
                ready = not migrate and _emptied_if_intact()
                if not ready:
                    db.drop_all()
                    with db.engine.begin() as connection:
                        connection.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
            if not migrate and not ready:
                db.create_all()
        built.append(app)
        return app

    yield make
    for app in built:
        with app.app_context():
            db.session.remove()
            _closed_when_returned(db.engine)


def _emptied_if_intact() -> bool:
    """Empty a reused PostgreSQL database's tables, when they are exactly the ones
    ``create_all`` makes (no migration ran there: no ``alembic_version``), and start its
    sequences again, so ids count from 1 as in a new database; False, touching nothing,
    otherwise.

    The rows go by DELETE, children first, not by TRUNCATE: a TRUNCATE of the 36 tables gives
    each a new file on disk, about a second of waiting per test here, where deleting the few
    rows a test leaves takes a thirtieth of that. Both are far cheaper than dropping and
    creating the schema, which every PostgreSQL test once paid."""
    tables = db.metadata.sorted_tables
    with db.engine.begin() as connection:
        present = set(sa.inspect(connection).get_table_names())
        if present != {table.name for table in tables}:
            return False
        for table in reversed(tables):
            connection.execute(table.delete())
        quote = connection.dialect.identifier_preparer.quote
        for sequence in connection.execute(sa.text(
                "SELECT sequence_name FROM information_schema.sequences")).scalars():
            connection.execute(sa.text(f"ALTER SEQUENCE {quote(sequence)} RESTART"))
    return True


#: How long a test's app waits at the end for the threads and connections it left.
RETURN_WAIT = 10.0


def _closed_when_returned(engine) -> None:
    """Close the engine's connections once the threads the test left have given theirs back.

    The delivery a request starts after its commit (``MAIL_DELIVER_AFTER_COMMIT``, as
    ``live_server`` sets) runs in a thread of its own, and a server's request may still be
    running. Disposed under them, the engine either took back a connection into the pool it
    had discarded, or opened one in its new pool that nothing closed: the connection stayed
    open until the garbage collector found it, in whatever later test, whose ResourceWarning
    (an error here) named neither the test nor the thread. One still out after
    :data:`RETURN_WAIT` seconds is reported now, against the test that left it.
    """
    deadline = time.monotonic() + RETURN_WAIT
    for thread in threading.enumerate():
        if thread.name == DELIVERY_THREAD:
            thread.join(max(0.0, deadline - time.monotonic()))
    checked_out = getattr(engine.pool, "checkedout", lambda: 0)
    while checked_out() and time.monotonic() < deadline:
        time.sleep(0.01)
    left = checked_out()
    engine.dispose()
    if left:
        warnings.warn(ResourceWarning(f"{left} database connection(s) still in use by a thread "
                                      f"{RETURN_WAIT:.0f} s after the test ended"), stacklevel=2)


@pytest.fixture
def app(request, make_app):
    """The app in an app context: on SQLite, or on PostgreSQL for tests marked ``postgres``."""
    url = None
    if request.node.get_closest_marker("postgres"):
        url = request.getfixturevalue("pg_database")
    app = make_app(url)
    with app.app_context():
        yield app


@pytest.fixture(scope="session")
def world_templates():
    """The worlds :func:`shared_world` has built this session: name -> (SQLite file, ids)."""
    return {}


@pytest.fixture
def shared_world(app, world_templates, tmp_path_factory):
    """``shared_world(name, build)``: the players ``build()`` returns, in a world it builds
    (games, players) that many tests read.

    On SQLite the world is built once a session, in a database of its own, and copied into
    each test's database with SQLite's backup (a few milliseconds), so every test still has
    a world of its own and may write to it. On PostgreSQL it is built in the test's database.
    """

    def world(name, build):
        if db.engine.dialect.name != "sqlite":
            return build()
        if name not in world_templates:
            folder = tmp_path_factory.mktemp(name)
            template = create_app(app_settings(folder))
            with template.app_context():
                db.create_all()
                ids = [player.id for player in build()]
                db.session.remove()
                db.engine.dispose()
            world_templates[name] = (folder / "test.sqlite", ids)
        path, ids = world_templates[name]
        db.session.remove()
        source = sqlite3.connect(path)
        try:
            with db.engine.connect() as connection:
                source.backup(connection.connection.driver_connection)
        finally:
            source.close()
        return [db.session.get(Player, player_id) for player_id in ids]

    return world


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def make_player(app):
    """``make_player(email=None, name=None, admin=False, joined=True)``: see :func:`new_player`."""
    return new_player


@pytest.fixture
def make_game(make_player):
    """A started game (``make_game("pylon", players=None, options=None, seed=1)``)."""
    from pbem.games import get_rules
    from pbem.play.commands import create_game

    def make(slug="pylon", players=None, options=None, seed=1, start_now=True):
        rules = get_rules(slug)
        players = players or [make_player(name=f"P{i + 1}") for i in range(rules.player_counts[0])]
        return create_game(slug, players, options, creator=players[0], start_now=start_now,
                           seed=seed)

    return make


@pytest.fixture
def smtp(app):
    """A real SMTP server on a free loopback port; ``smtp.messages`` are what it received."""
    from smtp_server import SMTPServer

    server = SMTPServer()
    server.start()
    app.config.update(MAIL_BACKEND="smtp", MAIL_SERVER="127.0.0.1", MAIL_PORT=server.port)
    app.extensions["mail"].server = "127.0.0.1"
    app.extensions["mail"].port = server.port
    yield server
    server.stop()


CHROMIUM = os.environ.get("PBEM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def _read_whole(app):
    """The app, answering with bodies already read and closed.

    Werkzeug's development server closes a response only after draining the request, and a
    browser that drops the connection (a page closed while a script loads) makes the drain
    raise first: the static file stays open and its ResourceWarning fails a later test.
    """
    def serve(environ, start_response):
        body = app(environ, start_response)
        try:
            return [b"".join(body)]
        finally:
            if hasattr(body, "close"):
                body.close()
    return serve


@pytest.fixture
def live_server(app):
    """The app served over HTTP from a thread on a free loopback port; yields its base URL.

    Emailed links point at it, and mail goes out right after each request, as in development.
    """
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, _read_whole(app), threaded=True)
    base = f"http://127.0.0.1:{server.server_port}"
    app.config.update(BASE_URL=base, MAIL_DELIVER_AFTER_COMMIT=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield base
    server.shutdown()
    thread.join(10)
    server.server_close()


@pytest.fixture(scope="session")
def chromium():
    """The system chromium (Debian's; Playwright's own download cannot work here), started
    once per test process: a launch costs about a second, a fresh context almost nothing."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no chromium at {CHROMIUM} (make test installs it; or set PBEM_CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def browser_page(chromium):
    """A page in a fresh browser context (no cookies or storage from another test); every
    context the test opened is closed after it."""
    page = chromium.new_context().new_page()
    page.set_default_timeout(15_000)
    try:
        yield page
    finally:
        for context in chromium.contexts:
            context.close()
