"""What the tests keep from one app to the next (tests/url_builders.py, tests/compiled_sql.py,
tests/drawn_boards.py): every rule gets the URL builder Werkzeug would compile for it, so the
pages' links are the server's own; an app's SQL, compiled once, serves the apps that follow;
and a board drawn again is the picture resvg draws for it."""

from __future__ import annotations

import drawn_boards
import resvg_py
import sqlalchemy as sa
from url_builders import compile_afresh

from pbem.accounts.models import Player
from pbem.core.extensions import db


def _shape(function):
    code = function.__code__
    return (code.co_code, code.co_consts, code.co_names, code.co_varnames, code.co_name,
            function.__defaults__)


def test_every_rule_builds_with_the_builder_werkzeug_compiles_for_it(app):
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 100
    for rule in rules:
        assert _shape(rule._build.__func__) == _shape(compile_afresh(rule, False)), rule
        assert _shape(rule._build_unknown.__func__) == _shape(compile_afresh(rule, True)), rule


def test_apps_share_the_builders_and_each_fills_in_its_own_values(app, make_app):
    from flask import url_for

    other = make_app(BASE_URL="http://other.test")
    rule, = other.url_map.iter_rules("play.game")
    assert rule._build.__func__ is next(app.url_map.iter_rules("play.game"))._build.__func__
    with other.test_request_context():
        assert url_for("play.game", game_id=7) == "/games/7"
        assert url_for("play.new", slug="a b", seats=2) == "/new/a%20b?seats=2"
    with app.test_request_context():
        assert url_for("play.game", game_id=12, _external=True) == "http://localhost/games/12"


def test_the_next_app_runs_a_query_with_the_sql_compiled_for_the_first(app, make_app):
    def run():
        players = Player.__table__
        result = db.session.connection().execute(
            sa.select(players.c.id).where(players.c.email == "a@b.example"))
        assert result.all() == []
        return result.context

    first, engine = run(), db.engine
    other = make_app()
    with other.app_context():
        assert db.engine is not engine
        again = run()
    assert again.cache_hit == again.dialect.CACHE_HIT
    assert again.compiled is first.compiled


def test_a_board_drawn_again_is_the_picture_resvg_draws_for_it():
    square = ('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">'
              '<rect x="2" y="2" width="4" height="4" fill="teal"/></svg>')
    options = {"svg_string": square, "width": 8, "background": "white", "font_files": None}
    first = resvg_py.svg_to_bytes(**options)
    assert first.startswith(b"\x89PNG") and first == drawn_boards._original(**options)
    assert resvg_py.svg_to_bytes(**options) is first  # kept
    on_black = resvg_py.svg_to_bytes(**{**options, "background": "black"})
    assert on_black != first and on_black == drawn_boards._original(
        **{**options, "background": "black"})
