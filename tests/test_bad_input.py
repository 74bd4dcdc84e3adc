"""A bad-input sweep: every URL of the app with junk ids, slugs and signed tokens, junk query
strings and junk form bodies (CSRF off and on), as a visitor, a player and an admin; then the
commands with bad arguments.

Whatever comes in, the answer is never a 5xx; a refusal is an HTML page with a message and no
trace, and changes nothing in the database. The sweep shares one world (players, games,
tournaments) built once per worker; a request the app accepts (junk that is still valid input,
say a unicode display name) may change it, and the world is then put back from its copy, so
cases do not depend on their order.
"""

from __future__ import annotations

import io
import logging
import re
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

import pytest
from werkzeug.routing import IntegerConverter

from pbem import create_app
from pbem.db import db
from pbem.signing import sign

# ----- the junk ---------------------------------------------------------------------------------

#: Values for an ``<int:…>`` part of a URL (the real id is swept separately).
INT_JUNK = {
    "unknown": "999999",
    "zero": "0",
    "huge": str(2**64 + 1),
    "enormous": "9" * 5000,
    "negative": "-1",
    "garbage": "abc",
    "unicode-digits": "\u0663\u0663",
}
#: Values for a ``<slug>`` part of a URL.
SLUG_JUNK = {
    "unknown": "chess",
    "upper": "PYLON",
    "overlong": "x" * 3000,
    "unicode": "p\u00fcl\u00f6n\u2603",
    "traversal": "..%2F..%2Fetc%2Fpasswd",
}
#: Query strings for every GET.
QUERY_JUNK = {
    "ply-garbage": "ply=abc",
    "ply-negative": "ply=-1",
    "ply-huge": f"ply={2**64}",
    "ply-enormous": "ply=" + "9" * 5000,
    "ply-superscript": "ply=\u00b2",
    "page-zero": "page=0",
    "page-garbage": "page=abc",
    "page-superscript": "page=\u00b9",
    "page-huge": f"page={2**64}",
    "round-garbage": "round=abc",
    "round-unknown": "round=999999",
    "round-negative": "round=-1",
    "round-huge": f"round={2**64}",
    "log-junk": "log=%00",
    "game-unknown": "game=chess",
    "player-unknown": "player=999999",
    "player-garbage": "player=abc",
    "player-superscript": "player=\u00b2",
    "tournament-unknown": "tournament=999999",
    "date-impossible": "from=2026-13-45&to=2026-02-30",
    "date-garbage": "to=yesterday",
    "sort-unknown": "sort=random",
    "status-unknown": "status=lost",
    "result-needs-player": "result=won",
    "nul": "game=%00&status=%00&next=%00",
    "next-offsite": "next=https://evil.example/",
    "repeated": "page=1&page=2&ply=0&ply=1",
}
#: Every form field name the app reads, so each junk body reaches every field.
FIELDS = (
    "email", "name", "move", "turn", "choice", "ply", "sure", "players", "seats", "known",
    "random_order", "time_control", "days_per_move", "bank_initial", "bank_increment",
    "bank_cap", "start_now", "option_launch", "option_layout", "option_board", "record",
    "days", "start", "end", "accept", "decline", "timezone", "digest_hour", "quiet_start",
    "quiet_end", "mode_turn", "mode_reminder", "mode_game", "mode_invitation",
    "mode_tournament", "auto_vacation", "reason", "emails", "action", "description",
    "table_size", "format", "cycles", "rounds", "best_of", "advance", "round_days",
    "stall_policy", "extend_days", "same_layout", "enrolment", "registration_deadline",
    "capacity", "starts_at",
)
HUGE = str(2**64)
FORM_JUNK = {
    "empty": {},
    "blank": dict.fromkeys(FIELDS, ""),
    "overlong": dict.fromkeys(FIELDS, "x" * 1000),
    "unicode": dict.fromkeys(FIELDS, "\u202e\u00fc\u2603\U0001d11e \ufeff"),
    "nul": dict.fromkeys(FIELDS, "a\x00b"),
    "control": dict.fromkeys(FIELDS, "\x1b[31m\r\n\x07"),
    "negative": dict.fromkeys(FIELDS, "-1"),
    "huge": dict.fromkeys(FIELDS, HUGE),
    "enormous": dict.fromkeys(FIELDS, "9" * 1200),
    "superscript": dict.fromkeys(FIELDS, "\u00b2"),
    "dates": dict.fromkeys(FIELDS, "2026-13-45T25:61"),
    "repeated": {name: ["1", "x"] for name in FIELDS},
}
#: A form that could pass, sent with junk in the URL (and without a CSRF token).
PLAUSIBLE = {"move": "a1", "ply": "0", "sure": "y", "accept": "1", "answer": "agree",
             "name": "Ann", "email": "ann@example.com", "reason": "testing",
             "emails": "ann@example.com"}
OVERSIZE = "x" * (70 * 1024)
TRACE = re.compile(r"Traceback|File \"|\bline \d+, in\b|sqlalchemy\.|Error:")

# ----- the routes -------------------------------------------------------------------------------

#: The signing purpose of each endpoint that takes a token.
PURPOSE = {
    "play.link": "move", "play.link_move": "move", "play.link_preview": "move",
    "play.link_resign": "move", "play.link_end": "move", "play.invitation": "invitation",
    "accounts.sign_in_link": "sign-in", "clocks.unsubscribe": "unsubscribe",
    "clocks.calendar": "calendar", "tournaments.invitation": "tournament-invitation",
}
#: Tournament pages swept on the tournament in setup (open registration); the others on the
#: running one.
IN_SETUP = {"tournament_admin.edit", "tournament_admin.invite", "tournament_admin.seed",
            "tournament_admin.start", "tournaments.register"}
#: The purpose whose token a foreign-token case presents instead.
FOREIGN = {"move": "reply", "reply": "move", "invitation": "tournament-invitation",
           "tournament-invitation": "invitation", "sign-in": "invitation",
           "unsubscribe": "calendar", "calendar": "unsubscribe"}
#: Signed for the right purpose, with a payload no server ever signs.
PAYLOAD_JUNK = {
    "payload-string": "x",
    "payload-none": None,
    "payload-dict": {"game": 1},
    "payload-empty": [],
    "payload-short": [1],
    "payload-long": [1, 0, 0, 0],
    "payload-strings": ["1", "0", "0"],
    "payload-bools": [True, False, False],
    "payload-floats": [1.5, 0.5, 0.5],
    "payload-unknown": [999999, 0, 0],
    "payload-huge": [2**70, 0, 0],
    "payload-negative": [-1, -1, -1],
    "payload-seat-out-of-range": "seat-99",
}


def _rules():
    """``(rule, endpoint, methods)`` of every route but static files."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x"})
    return [(rule.rule, rule.endpoint, sorted(rule.methods - {"HEAD", "OPTIONS"}),
             dict(rule._converters)) for rule in app.url_map.iter_rules()
            if rule.endpoint != "static"]


RULES = _rules()


def _converter_kind(name, converter) -> str:
    if isinstance(converter, IntegerConverter):
        return "int"
    return "token" if name == "token" else "slug"


@dataclass(frozen=True)
class Case:
    endpoint: str
    method: str
    what: str  # "url:<var>:<junk>", "query:<junk>", "form:<junk>", "csrf:<junk>"

    @property
    def id(self) -> str:
        return f"{self.endpoint}-{self.method}-{self.what}"


def _cases() -> list[Case]:
    cases = []
    for _rule, endpoint, methods, converters in RULES:
        for method in methods:
            for name, converter in converters.items():
                kind = _converter_kind(name, converter)
                junk = {"int": INT_JUNK, "slug": SLUG_JUNK}.get(kind)
                if junk is None:
                    junk = ["garbage", "overlong", "unicode", "tampered", "truncated",
                            "expired", "foreign", *PAYLOAD_JUNK]
                    if PURPOSE[endpoint] == "move":
                        junk.append("passed")
                cases += [Case(endpoint, method, f"url:{name}:{j}") for j in junk]
            if method == "GET":
                cases += [Case(endpoint, method, f"query:{q}") for q in QUERY_JUNK]
            else:
                cases += [Case(endpoint, method, f"form:{f}")
                          for f in (*FORM_JUNK, "oversize", "binary-upload", "json")]
                cases += [Case(endpoint, method, f"csrf:{c}") for c in ("missing", "tampered")]
    return cases


def _params():
    return [pytest.param(case, id=case.id) for case in _cases()]


# ----- the world --------------------------------------------------------------------------------


@dataclass
class World:
    app: object
    path: str
    pristine: str
    ids: dict = field(default_factory=dict)  # URL variable -> a real value
    payloads: dict = field(default_factory=dict)  # purpose -> a live token's payload
    tokens: dict = field(default_factory=dict)  # purpose -> a live token
    who: dict = field(default_factory=dict)  # "visitor"/"player"/"admin" -> player id
    errors: list = field(default_factory=list)  # what the app logged as unexpected
    watcher: sqlite3.Connection | None = None

    def version(self) -> int:
        """SQLite's count of the commits other connections made (any write to any table)."""
        if self.watcher is None:
            self.watcher = sqlite3.connect(self.path)
        return self.watcher.execute("PRAGMA data_version").fetchone()[0]

    def restore(self) -> None:
        """Put the database back as it was built (after a request that was accepted)."""
        with self.app.app_context():
            db.session.remove()
            db.engine.dispose()
        self.watcher.close()
        self.watcher = None
        for suffix in ("-wal", "-shm"):
            Path(self.path + suffix).unlink(missing_ok=True)
        shutil.copyfile(self.pristine, self.path)


class _Recorder(logging.Handler):
    """Keeps the exception of each unexpected error, to name it in a failure."""

    def __init__(self, errors: list):
        super().__init__(logging.ERROR)
        self.errors = errors

    def emit(self, record):
        if record.exc_info:
            self.errors.append(f"{record.exc_info[0].__name__}: {record.exc_info[1]}"[:300])


def _expired(purpose: str, payload) -> str:
    with mock.patch("time.time", return_value=time.time() - 20 * 366 * 24 * 3600):
        return sign(purpose, payload)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    from pbem.accounts.service import player_by_email
    from pbem.play import service as play
    from pbem.play.setup import create_game
    from pbem.tournaments import service as tournaments

    folder = tmp_path_factory.mktemp("bad-input")
    path = str(folder / "world.sqlite")
    app = create_app({
        "TESTING": True, "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "MAIL_BACKEND": "file",
        "MAIL_FILE_DIR": str(folder / "mail"), "BASE_URL": "http://pbem.test",
        "MAIL_DOMAIN": "pbem.test",
    })
    w = World(app, path, str(folder / "pristine.sqlite"))
    logger = logging.getLogger("pbem.errors")
    handler = _Recorder(w.errors)
    logger.addHandler(handler)
    with app.app_context():
        db.create_all()
        admin, me, other, third, fourth = (
            player_by_email(f"{name}@example.com") for name in
            ("admin", "me", "other", "third", "fourth"))
        admin.is_admin = True
        for p in (admin, me, other, third, fourth):
            p.name = p.email.split("@")[0]
        db.session.commit()
        game = create_game("pylon", [me, other], start_now=True, seed=1)
        finished = create_game("pylon", [me, other], start_now=True, seed=2)
        play.resign(finished.id, 1, finished.ply)
        invited = create_game("pylon", [other, me], creator=other, seed=3)
        t0 = datetime(2030, 1, 1, tzinfo=UTC)
        setup = {"name": "Cup", "description": "", "format": "swiss", "table_size": 2,
                 "round_days": 7, "stall_policy": "adjudicate", "extend_days": 3,
                 "enrolment": "open", "options": {}}
        waiting = tournaments.create("spike", setup, admin, t0)
        tournaments.invite(waiting.id, me.email, admin, t0)
        running = tournaments.create("spike", {**setup, "enrolment": "invitation"}, admin, t0)
        tournaments.invite(running.id, "\n".join(p.email for p in (me, other, third, fourth)),
                           admin, t0)
        for entrant in list(running.entrants):
            tournaments.answer(running.id, entrant.player_id, True)
        tournaments.start(running.id, admin, t0, "")
        running = tournaments.get_tournament(running.id)
        w.ids = {"game_id": game.id, "player_id": me.id, "slug": "pylon",
                 "tournament_id": running.id, "entrant_id": running.entrants[0].id,
                 "table_id": running.current_round.tables[0].id,
                 "setup_id": waiting.id}
        w.who = {"visitor": None, "player": me.id, "admin": admin.id}
        w.payloads = {
            "move": [game.id, 0, game.ply], "reply": [game.id, 0, game.ply],
            "invitation": [invited.id, me.id], "tournament-invitation": [waiting.id, me.id],
            "sign-in": [me.id, me.login_counter], "unsubscribe": [me.id, "turn"],
            "calendar": me.id,
        }
        w.tokens = {purpose: sign(purpose, payload) for purpose, payload in w.payloads.items()}
        db.session.remove()
        db.engine.dispose()
    shutil.copyfile(path, w.pristine)
    yield w
    logger.removeHandler(handler)
    if w.watcher is not None:
        w.watcher.close()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


# ----- building a request -----------------------------------------------------------------------


def _flip(token: str) -> str:
    """The token with characters of its payload and of its signature changed."""
    chars = list(token)
    for i in (1, len(chars) // 2, -2):
        chars[i] = "A" if chars[i] != "A" else "B"
    return "".join(chars)


def _token(w: World, purpose: str, junk: str) -> str:
    real = w.tokens[purpose]
    if junk == "garbage":
        return "not-a-token"
    if junk == "overlong":
        return real * (3000 // len(real) + 1)
    if junk == "unicode":
        return "\u00fc\u2603." + real
    if junk == "tampered":
        return _flip(real)
    if junk == "truncated":
        return real[: len(real) // 2]
    if junk == "expired":
        return _expired(purpose, w.payloads[purpose])
    if junk == "foreign":
        return w.tokens[FOREIGN[purpose]]
    game, seat, ply = w.payloads["move"]
    if junk == "passed":
        return sign(purpose, [game, seat, ply + 3])
    payload, real = PAYLOAD_JUNK[junk], w.payloads[purpose]
    if payload == "seat-99":
        payload = [game, 99, ply] if purpose == "move" else [w.who["player"], 99]
    elif isinstance(payload, list) and len(payload) == 3:  # shaped like the real payload
        payload = payload[:len(real)] if isinstance(real, list) else payload[0]
    return sign(purpose, payload)


def _url(w: World, case: Case) -> tuple[str, str]:
    """The path and query string of a case."""
    rule = next(r for r in RULES if r[1] == case.endpoint)
    path, converters = rule[0], rule[3]
    kind, _, rest = case.what.partition(":")
    var, _, junk = rest.partition(":")
    with w.app.app_context():  # tokens are signed with the app's key
        for name, converter in converters.items():
            if kind == "url" and name == var:
                c = _converter_kind(name, converter)
                value = {"int": INT_JUNK, "slug": SLUG_JUNK}[c][junk] if c != "token" else (
                    _token(w, PURPOSE[case.endpoint], junk))
            elif name == "token":
                value = w.tokens[PURPOSE[case.endpoint]]
            elif name == "tournament_id" and case.endpoint in IN_SETUP:
                value = str(w.ids["setup_id"])
            else:
                value = str(w.ids[name])
            path = re.sub(rf"<(?:\w+:)?{name}>", value, path)
    return path, (rest if kind == "query" else "")


def _send(w: World, case: Case, who: str):
    path, query = _url(w, case)
    client = w.app.test_client()
    if w.who[who] is not None:
        with client.session_transaction() as session:
            session["player_id"] = w.who[who]
    kind, _, junk = case.what.partition(":")
    url = f"{path}?{query}" if query else path
    if case.method == "GET":
        return client.get(url)
    if kind == "url":
        return client.post(url, data=PLAUSIBLE)
    if kind == "csrf":
        w.app.config["WTF_CSRF_ENABLED"] = True
        try:
            data = dict(PLAUSIBLE)
            if junk == "tampered":
                data["csrf_token"] = "IjAwMDAi.Zm9v.YmFy"
            return client.post(url, data=data)
        finally:
            w.app.config["WTF_CSRF_ENABLED"] = False
    if junk == "oversize":
        return client.post(url, data={"move": OVERSIZE, "name": OVERSIZE})
    if junk == "binary-upload":
        return client.post(url, data={"upload": (io.BytesIO(b"\xff\xfe\x00\x80" * 64), "r.json"),
                                      "record": ""},
                           content_type="multipart/form-data")
    if junk == "json":
        return client.post(url, data='{"move": [1, 2]}', content_type="application/json")
    return client.post(url, data=FORM_JUNK[junk])


def _problems(w: World, case: Case) -> list[str]:
    problems = []
    for who in w.who:
        before = w.version()
        w.errors.clear()
        response = _send(w, case, who)
        body = response.get_data(as_text=True)
        after = w.version()
        status = response.status_code
        if status >= 500:
            problems.append(f"{who}: {status} {w.errors[-1] if w.errors else _message(body)}")
        elif status >= 400:
            if response.mimetype != "text/html" or not _message(body):
                problems.append(f"{who}: {status} is not an HTML page with a message")
            if TRACE.search(body):
                problems.append(f"{who}: {status} shows a trace: {TRACE.search(body).group()}")
            if after != before:
                problems.append(f"{who}: refused with {status} but the database changed")
        if after != before:
            w.restore()
    return problems


def _message(body: str) -> str:
    found = re.search(r'class="error" role="alert">(.*?)</', body, re.S)
    return found.group(1).strip() if found else ""


# ----- the sweep --------------------------------------------------------------------------------


def test_every_route_is_swept(world):
    """The sweep builds its cases from the URL map; it only needs telling about a new kind of
    URL variable (a real value for it) or a new token purpose."""
    for rule, endpoint, _, converters in RULES:
        for name in converters:
            assert endpoint in PURPOSE if name == "token" else name in world.ids, (rule, name)


def test_the_junk_tokens_are_what_they_claim(world):
    """Each kind of bad move link gets its own answer (so the sweep tests what it says)."""
    expected = {"tampered": 403, "truncated": 403, "expired": 410, "foreign": 403,
                "passed": 410, "payload-unknown": 404, "payload-huge": 404,
                "payload-seat-out-of-range": 403, "payload-bools": 403}
    client = world.app.test_client()
    with world.app.app_context():
        got = {junk: client.get(f"/play/{_token(world, 'move', junk)}").status_code
               for junk in expected}
        assert client.get(f"/play/{world.tokens['move']}").status_code == 200
    assert got == expected


@pytest.mark.parametrize("case", _params())
def test_junk_is_refused_cleanly(world, case):
    problems = _problems(world, case)
    assert not problems, "\n".join(problems)


# ----- the commands -----------------------------------------------------------------------------

#: name -> (arguments after ``pbem``, standard input, exit code, what the output says)
COMMANDS = {
    "verify-unknown-game": (["verify-records", "--game", "999999"], None, 2,
                            "no started game #999999"),
    "verify-huge-game": (["verify-records", "--game", HUGE], None, 2, "not in the range"),
    "verify-negative-game": (["verify-records", "--game", "-1"], None, 2, "not in the range"),
    "verify-garbage-game": (["verify-records", "--game", "abc"], None, 2,
                            "is not a valid integer"),
    "admin-bad-email": (["create-admin", "not-an-email"], None, 2, "is not an email address"),
    "admin-empty-email": (["create-admin", ""], None, 2, "is not an email address"),
    "admin-control-email": (["create-admin", "a\x1b@example.com"], None, 2,
                            "is not an email address"),
    "admin-overlong-email": (["create-admin", "x" * 300 + "@example.com"], None, 2,
                             "is not an email address"),
    "admin-no-email": (["create-admin"], None, 2, "Missing argument"),
    "ingest-empty": (["ingest-mail"], b"", 0, "ignored: not addressed to a move address"),
    "ingest-binary": (["ingest-mail"], b"\xff\xfe\x00garbage\r\n\r\n\x00\x80", 0,
                      "ignored: not addressed to a move address"),
    "ingest-forged-token": (["ingest-mail"], b"To: move+forged@pbem.test\r\n\r\nMc3\r\n", 0,
                            "ignored: This link is not valid"),
    "ingest-broken-multipart": (
        ["ingest-mail"], b"To: move+@pbem.test\r\nContent-Type: multipart/mixed; boundary=x"
        b"\r\n\r\n--x\r\n", 0, "ignored: not addressed to a move address"),
    "ingest-missing-mbox": (["ingest-mail", "--mbox", "{tmp}/no/such/box"], None, 2,
                            "does not exist"),
    "ingest-directory-mbox": (["ingest-mail", "--mbox", "{tmp}"], None, 2, "is a directory"),
    "ingest-not-an-mbox": (["ingest-mail", "--mbox", "{tmp}/junk.bin"], None, 0,
                           "no messages in"),
    "tick-negative-interval": (["tick", "--loop", "--interval", "-5"], None, 2,
                               "not in the range"),
    "send-mail-garbage-interval": (["send-mail", "--interval", "abc"], None, 2,
                                   "is not a valid float"),
    "dev-bad-port": (["dev", "--port", "99999"], None, 2, "not in the range"),
    "unknown-command": (["nope"], None, 2, "No such command"),
}


def _counts() -> dict:
    return {table.name: db.session.execute(db.select(db.func.count()).select_from(table))
            .scalar() for table in db.metadata.sorted_tables}


@pytest.mark.parametrize("name", COMMANDS)
def test_commands_refuse_bad_arguments_cleanly(runner, make_game, tmp_path, name):
    args, stdin, code, says = COMMANDS[name]
    make_game("pylon")
    (tmp_path / "junk.bin").write_bytes(b"\x00\xff not a mailbox \x80" * 50)
    before = _counts()
    result = runner.invoke(args=["pbem", *(a.replace("{tmp}", str(tmp_path)) for a in args)],
                           input=stdin)
    assert result.exit_code == code, result.output
    assert says in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert _counts() == before


REPLY_BODIES = {
    "unknown-charset": b"Content-Type: text/plain; charset=x-unknown\r\n\r\nM\xe9c3\r\n",
    "unknown-charset-part": (
        b"Content-Type: multipart/alternative; boundary=zz\r\n\r\n--zz\r\n"
        b"Content-Type: text/plain; charset=bogus\r\n\r\nzz9\r\n--zz--\r\n"),
    "nul": b"Content-Type: text/plain\r\n\r\nz\x00z9\x00\r\n",
    "binary": b"Content-Type: text/plain\r\n\r\n\xff\xfe\x80\r\n",
    "bad-base64": (b"Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n"
                   b"!!!\r\n"),
    "html-only": b"Content-Type: text/html\r\n\r\n<p>\x00<b>not a move</b></p>\r\n",
    "long-line": b"Content-Type: text/plain\r\n\r\n" + b"x" * 60_000 + b"\r\n",
    "attachment-only": b"Content-Type: application/octet-stream\r\n\r\nMc3\r\n",
}


@pytest.mark.parametrize("engine", ["sqlite",
                                    pytest.param("postgres", marks=pytest.mark.postgres)])
@pytest.mark.parametrize("body", REPLY_BODIES)
def test_a_junk_reply_is_refused_with_a_reason(runner, make_game, engine, body):
    from pbem.play.links import reply_address
    from pbem.play.models import Move

    game = make_game("pylon")
    raw = f"To: {reply_address(game, 0)}\r\nFrom: a@example.com\r\n".encode()
    result = runner.invoke(args=["pbem", "ingest-mail"], input=raw + REPLY_BODIES[body])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.startswith(f"refused in game {game.id}: ")
    assert db.session.execute(db.select(db.func.count()).select_from(Move)).scalar() == 0
