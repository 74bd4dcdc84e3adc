"""The benches' own measures: the move profile's accounting by package
(``bench.profile_move``), what the best ratio without the ORM is computed from, and the
function calls counted per request (``bench.timing``), which the flat-cost figures rest on."""

import pytest
from flask import Flask

from bench.profile_move import database_layer_extra, package_of
from bench.timing import calls_per_request

SITE = "/srv/venv/lib/python3.11/site-packages"


def test_functions_count_for_their_package():
    assert package_of(f"{SITE}/sqlalchemy/orm/loading.py", "instances") == "sqlalchemy.orm"
    assert package_of(f"{SITE}/sqlalchemy/log.py", "_should_log") == "sqlalchemy.log"
    assert package_of(f"{SITE}/flask_sqlalchemy/session.py", "get_bind") == "flask_sqlalchemy"
    assert package_of(f"{SITE}/werkzeug/local.py", "__get__") == "werkzeug"
    assert package_of("/work/main/pbem/play/storing.py", "write") == "pbem.play"
    assert package_of("/work/main/pbem/app.py", "create_app") == "pbem.app"
    assert package_of("/usr/lib/python3.11/json/decoder.py", "decode") == "the standard library"


def test_c_functions_count_for_the_driver_that_defines_them():
    assert package_of("~", "<method 'execute' of 'sqlite3.Cursor' objects>") == "sqlite3"
    assert package_of("~", "<method 'fetch' of 'psycopg_binary.pq.PGconn' objects>") == "psycopg"
    assert package_of("~", "<built-in method builtins.isinstance>") == "builtins"


def test_the_database_layer_is_credited_only_what_it_costs_beyond_the_baseline():
    move = {"sqlalchemy.orm": 3.0, "sqlalchemy.engine": 1.5, "psycopg": 0.5,
            "flask_sqlalchemy": 0.25, "pbem.play": 1.0, "werkzeug": 2.0}
    fair = {"sqlalchemy.engine": 1.0, "psycopg": 0.75, "werkzeug": 1.0}
    # the ORM and Flask-SQLAlchemy whole, the engine's extra half; the driver, cheaper for the
    # move, saves nothing, and what is not the database layer (pbem, werkzeug) stays
    assert database_layer_extra(move, fair) == 3.0 + 0.5 + 0.25


def test_calls_per_request_count_the_request_s_own_work_and_nothing_outside_it():
    app = Flask(__name__)

    def step():
        return None

    @app.get("/work/<int:steps>")
    def work(steps):
        for _ in range(steps):
            step()
        return "done"

    client = app.test_client()

    def fetch(steps):
        return lambda: client.get(f"/work/{steps}")

    fetch(10)()  # a first request sets up what later ones reuse
    light = calls_per_request(fetch(10), 5)
    assert calls_per_request(fetch(10), 5) == light  # the same work, the same count
    assert calls_per_request(fetch(110), 5) == light + 100  # each step() one call more
    for _ in range(1000):  # calls outside a request are not counted
        step()
    assert calls_per_request(lambda: [step() for _ in range(50)] and fetch(10)(), 3) == light


def test_a_refused_request_is_not_counted_as_the_page():
    app = Flask(__name__)
    client = app.test_client()
    with pytest.raises(RuntimeError, match="refused: 404"):
        calls_per_request(lambda: client.get("/nowhere"), 2)
