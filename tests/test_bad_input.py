"""A bad-input sweep: every URL of the app with junk ids, slugs and signed tokens, junk query
strings and junk form bodies (CSRF off and on), as a visitor, a player and an admin; every form
a page shows, filled in as shown but for one field of junk (digits of other scripts, numbers too
large for any parser, dates at the end of the calendar, line breaks); imported records whose
names would break a line; then the commands with bad arguments.

Whatever comes in, the answer is never a 5xx; a refusal is an HTML page with a message and no
trace, and changes nothing in the database. The sweep shares one world (players, games,
tournaments) built once per worker; a request the app accepts (junk that is still valid input,
say a unicode display name) may change it, and the world is then put back from its copy, so
cases do not depend on their order.
"""

from __future__ import annotations

import html
import io
import json
import logging
import re
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

import pytest
import samples
from werkzeug.routing import IntegerConverter

from pbem import create_app
from pbem.core.extensions import db
from pbem.core.signing import sign
from pbem.play import commands

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
    "ply-circled": "ply=\u2462",
    "ply-arabic-indic": "ply=\u0663",
    "ply-exponent": "ply=1e999990",
    "page-zero": "page=0",
    "page-garbage": "page=abc",
    "page-superscript": "page=\u00b9",
    "page-huge": f"page={2**64}",
    "after-zero": "after=0",
    "after-garbage": "after=abc",
    "after-huge": f"after={2**64}",
    "before-superscript": "before=\u00b9",
    "before-unknown": "before=999999",
    "after-and-before": "after=1&before=2",
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
    "date-far": "from=9999-12-31&to=9999-12-31",
    "date-first": "from=0001-01-01&to=0001-01-01",
    "date-arabic-indic": "to=\u0662\u0660\u0662\u0666-\u0660\u0661-\u0660\u0661",
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
    "mode_tournament", "auto_vacation", "confirm_email_moves", "reason", "emails", "action",
    "description",
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
    "play.link_resign": "move", "play.link_end": "move", "play.link_post_message": "move",
    "play.link_turn_json": "move",
    "play.invitation": "invitation",
    "accounts.sign_in_link": "sign-in", "notifications.unsubscribe": "unsubscribe",
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
    """``(rule, endpoint, methods)`` of every route but static files, readiness (it reads
    no input, and answers 503 by design while the sweep's world has no tick) and the JSON API
    (its errors are JSON, not pages: tests/api sweeps its bad input, and schemathesis its
    documented operations)."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return [(rule.rule, rule.endpoint, sorted(rule.methods - {"HEAD", "OPTIONS"}),
             dict(rule._converters)) for rule in app.url_map.iter_rules()
            if rule.endpoint not in ("static", "ops.ready")
            and not rule.endpoint.startswith("api.")]


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


def _input(case: Case) -> str:
    """What a case's junk goes into: ``url:<variable>``, ``query``, ``form`` or ``csrf``."""
    kind, _, rest = case.what.partition(":")
    return f"url:{rest.partition(':')[0]}" if kind == "url" else kind


def _params():
    """Every case. The default run sweeps one case of each input of each route (each URL
    variable, the query string, the form, the CSRF token), every kind of junk at least once,
    and a slice of the rest that changes from day to day (tests/samples.py); ``-m slow`` sweeps
    the others, ``make test-all`` all."""
    cases = _cases()
    sample = samples.sampled(cases, name=lambda c: c.id,
                             group=lambda c: (c.endpoint, c.method, _input(c)),
                             kind=lambda c: c.what)
    return [pytest.param(case, id=case.id, marks=() if case in sample else pytest.mark.slow)
            for case in cases]


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
    finished: int | None = None  # a finished game's id (its record is imported back)
    cookies: dict = field(default_factory=dict)  # "player"/"admin" -> a signed session cookie
    forms: dict = field(default_factory=dict)  # endpoint -> the post forms its page shows

    def client(self, who: str):
        """A test client signed in as ``who`` (none for the visitor): the session cookie is
        signed once for the world, not once a request as a session transaction would."""
        client = self.app.test_client()
        if who in self.cookies:
            client.set_cookie(self.app.config["SESSION_COOKIE_NAME"], self.cookies[who])
        return client

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
    from pbem.challenges import service as lobby
    from pbem.challenges import standing
    from pbem.core.db import utcnow
    from pbem.play.commands import create_game
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
    logger = logging.getLogger("pbem.core.errors")
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
        commands.resign(commands.locked(finished.id), 1, finished.ply)
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
        terms = lobby.check_terms("stawvs", {}, 3, "none", True, None, None, "random")
        challenge = lobby.post(other, terms, utcnow())
        kept = standing.create(me, terms, 1, utcnow())
        from pbem.api import tokens
        from pbem.push import service as push

        token, _secret = tokens.create(me, ["read"])
        browser = push.subscribe(me, {"endpoint": "https://push.example/me",
                                      "keys": {"p256dh": "BAAA", "auth": "AAAA"}})
        db.session.commit()
        running = tournaments.get_tournament(running.id)
        w.finished = finished.id
        w.ids = {"game_id": game.id, "player_id": me.id, "slug": "pylon",
                 "tournament_id": running.id, "entrant_id": running.entrants[0].id,
                 "table_id": running.current_round.tables[0].id,
                 "setup_id": waiting.id, "challenge_id": challenge.id,
                 "standing_id": kept.id, "token_id": token.id,
                 "subscription_id": browser.id}
        w.who = {"visitor": None, "player": me.id, "admin": admin.id}
        w.payloads = {
            "move": [game.id, 0, game.ply], "reply": [game.id, 0, game.ply],
            "invitation": [invited.id, me.id], "tournament-invitation": [waiting.id, me.id],
            "sign-in": [me.id, me.login_counter], "unsubscribe": [me.id, "turn"],
            "calendar": me.id,
        }
        w.tokens = {purpose: sign(purpose, payload) for purpose, payload in w.payloads.items()}
        serializer = app.session_interface.get_signing_serializer(app)
        w.cookies = {who: serializer.dumps({"player_id": player_id})
                     for who, player_id in w.who.items() if player_id is not None}
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
    return path, (QUERY_JUNK[rest] if kind == "query" else "")


def _send(w: World, case: Case, who: str):
    path, query = _url(w, case)
    client = w.client(who)
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
    return [problem for who in w.who
            for problem in _judge(w, who, lambda who=who: _send(w, case, who))]


def _judge(w: World, who: str, send) -> list[str]:
    """What is wrong with the answer to ``send()``: a 5xx, or a refusal that is not a page with
    a message, shows a trace or changed the database. The world is put back after a change."""
    problems = []
    before = w.version()
    w.errors.clear()
    response = send()
    binary = response.mimetype == "application/zip"  # a download of records, not text
    body = "" if binary and response.status_code < 400 else response.get_data(as_text=True)
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


# ----- one field at a time ---------------------------------------------------------------------

#: Junk for one field of a form that is otherwise as the page filled it in, so the junk reaches
#: that field's own parser (a form full of junk is refused at its first bad field).
FIELD_JUNK = {
    "superscript": "\u00b2",
    "circled": "\u2462",
    "arabic-indic": "\u0663",
    "exponent": "1e999990",
    "overflow": "1e20",
    "huge": HUGE,
    "enormous": "9" * 5000,
    "far-date": "9999-12-31",
    "far-datetime": "9999-12-31T23:59",
    "line-break": "Ann\r\nBcc: x@example.com",
    "quote": 'a"]\n[Result "P1 wins',
}
#: Other starting points for a form whose fields are read only in some states of another.
TIME_CONTROLS = [{}, {"time_control": "per_move"}, {"time_control": "bank"}]
BASES = {"play.new": TIME_CONTROLS, "challenges.new": TIME_CONTROLS,
         "challenges.new_standing": TIME_CONTROLS,
         "clocks.vacation": [{}, {"days": "2"}]}


class _Forms(HTMLParser):
    """The post forms of a page: each its action, the fields' names and their values as shown
    (checked boxes, selected options, text)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self._select = self._textarea = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action") or "", "names": set(), "values": {},
                               "post": (a.get("method") or "").lower() == "post"})
        if not self.forms or not a.get("name") or tag not in ("input", "select", "textarea",
                                                               "option"):
            if tag == "option" and self._select:
                self._option(a)
            return
        form, name = self.forms[-1], a["name"]
        form["names"].add(name)
        if tag == "input" and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                form["values"][name] = a.get("value") or ""
        elif tag == "select":
            self._select = name
        elif tag == "textarea":
            self._textarea = name
            form["values"][name] = ""

    def _option(self, a):
        values = self.forms[-1]["values"]
        if self._select not in values or "selected" in a:
            values[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            self.forms[-1]["values"][self._textarea] += data


def _forms_of(w: World, endpoint: str) -> list[tuple[str, dict, set]]:
    """``(who, values, names)`` of each post form on ``endpoint``'s page that posts back to it,
    for the first kind of visitor who sees it. Read once per page: the world is put back after
    every accepted request, so the page shows the same forms to each kind of junk."""
    if endpoint not in w.forms:
        w.forms[endpoint] = _shown_forms(w, endpoint)
    return w.forms[endpoint]


def _shown_forms(w: World, endpoint: str) -> list[tuple[str, dict, set]]:
    path, _ = _url(w, Case(endpoint, "GET", "field"))
    for who in ("player", "admin"):
        page = w.client(who).get(path)
        if page.status_code == 200:
            parser = _Forms()
            parser.feed(page.get_data(as_text=True))
            return [(who, f["values"], f["names"] - {"csrf_token"}) for f in parser.forms
                    if f["post"] and f["action"] in ("", path)]
    return []


#: Every route that shows a form on GET and reads it on POST.
FORM_PAGES = [endpoint for _, endpoint, methods, _ in RULES
              if {"GET", "POST"} <= set(methods)]


def test_the_field_sweep_reaches_the_forms(world):
    """The pages the sweep fills in field by field do show their forms (so it tests them)."""
    shown = {endpoint for endpoint in FORM_PAGES if _forms_of(world, endpoint)}
    assert {"play.new", "notifications.notifications", "clocks.vacation", "accounts.account",
            "tournament_admin.new", "tournament_admin.edit", "archive.import_game"} <= shown


def _field_params():
    """Each form page with each junk. The default run fills in every page, with every junk
    somewhere, and a slice of the rest that changes from day to day (as :func:`_params`)."""
    pairs = [(endpoint, junk) for endpoint in FORM_PAGES for junk in FIELD_JUNK]
    sample = samples.sampled(pairs, name="-".join, group=lambda pair: pair[0],
                             kind=lambda pair: pair[1])
    return [pytest.param(*pair, id="-".join(pair),
                         marks=() if pair in sample else pytest.mark.slow) for pair in pairs]


@pytest.mark.parametrize(("endpoint", "junk"), _field_params())
def test_junk_in_one_field_is_refused_cleanly(world, endpoint, junk):
    path, _ = _url(world, Case(endpoint, "POST", "field"))
    problems = []
    for who, values, names in _forms_of(world, endpoint):
        for base in BASES.get(endpoint, [{}]):
            for name in sorted(names):
                data = {**values, **base, name: FIELD_JUNK[junk]}

                def send(data=data, who=who):
                    return world.client(who).post(path, data=data)

                problems += [f"{name}={junk} {base}: {p}" for p in _judge(world, who, send)]
    assert not problems, "\n".join(problems)


#: Player names an imported record may not carry: each would add a line to the text record or
#: break a mail header.
IMPORTED_NAMES = {
    "crlf": "Ann\r\nBcc: x@example.com",
    "lf-tag": 'Ann"]\n[Result "P2 wins',
    "quote": 'Ann "the bold"',
    "line-separator": "Ann\u2028Bob",
    "escape": "Ann\x1b[31m",
}


@pytest.mark.parametrize("form", ["json", "text"])
@pytest.mark.parametrize("name", IMPORTED_NAMES)
def test_an_imported_name_that_would_break_a_line_is_refused(world, form, name):
    client = world.client("admin")
    suffix = ".json" if form == "json" else ".txt"
    record = client.get(f"/games/{world.finished}{suffix}").get_data(as_text=True)
    if form == "json":
        data = json.loads(record)
        data["players"][1]["name"] = IMPORTED_NAMES[name]
        record = json.dumps(data)
    else:
        escaped = IMPORTED_NAMES[name].replace("\\", "\\\\").replace('"', '\\"')
        record = record.replace('[P2 "other"]', f'[P2 "{escaped}"]')

    def send():
        return client.post("/admin/import", data={"record": record})

    answer = send()
    message = html.unescape(_message(answer.get_data(as_text=True)))
    assert answer.status_code == 422, message
    # a line break inside a text record's tag leaves a line that is no tag: refused as such
    assert ("name cannot contain quotes, line breaks" in message if form == "json"
            else "P2" in message), message
    assert _judge(world, "admin", send) == []


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
    "ingest-empty": (["ingest-mail"], b"", 65, "refused: this is not a message"),
    "ingest-binary": (["ingest-mail"], b"\xff\xfe\x00garbage\r\n\r\n\x00\x80", 65,
                      "refused: this is not a message"),
    # spooled: the mail worker reads them (tests/mail/test_ingest.py)
    "ingest-forged-token": (["ingest-mail"], b"To: move+forged@pbem.test\r\n\r\nMc3\r\n", 0,
                            "spooled "),
    "ingest-broken-multipart": (
        ["ingest-mail"], b"To: move+@pbem.test\r\nContent-Type: multipart/mixed; boundary=x"
        b"\r\n\r\n--x\r\n", 0, "spooled "),
    "ingest-deep-mime": (
        ["ingest-mail"], b"To: move+x@pbem.test\r\n" + b"".join(
            b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (level, level)
            for level in range(3000)), 65, "refused: the message has too many nested parts"),
    "ingest-oversized": (["ingest-mail"], b"To: move+x@pbem.test\r\n\r\n" + b"x" * 6_000_000,
                         65, "refused: the message is larger than"),
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
    from pbem.mail.models import OutboxMessage
    from pbem.play.links import reply_address
    from pbem.play.models import Move

    game = make_game("pylon")
    raw = f"To: {reply_address(game, 0)}\r\nFrom: {game.seats[0].player.email}\r\n".encode()
    spooled = runner.invoke(args=["pbem", "ingest-mail"], input=raw + REPLY_BODIES[body])
    assert spooled.exit_code == 0, spooled.output
    result = runner.invoke(args=["pbem", "ingest-spool"])
    assert result.exit_code == 0 and result.exception is None, result.output
    # nothing in it reads as a move: the player is answered how to write one (issue #17)
    assert result.output.startswith(f"not understood in game {game.id}")
    assert db.session.execute(db.select(db.func.count()).select_from(Move)).scalar() == 0
    answers = db.session.scalars(db.select(OutboxMessage).filter_by(kind="reply_result")).all()
    assert len(answers) == 1
