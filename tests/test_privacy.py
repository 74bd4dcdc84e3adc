"""The privacy sweep: every page, feed and record, seen anonymously, by a stranger and by
another player, and every email, shows no player's address but the reader's own.

The world holds the people whose addresses are most at risk: players who played each other, a
signed-in stranger, someone invited to a game who never signed in, someone who only asked for a
sign-in link, tournament invitees (one declined, one never answered), an admin, and an imported
record's placeholder accounts.
"""

from __future__ import annotations

import io
import logging
import random
import re
import socket
import zipfile
from datetime import UTC, datetime

import pytest
from flask import current_app
from helpers import new_player, outbox, path_of, play_turns, sign_in
from sqlalchemy import select

from pbem.accounts.models import Player
from pbem.accounts.service import player_by_email
from pbem.archive.history import Ply
from pbem.archive.importer import import_record
from pbem.archive.records import Record, RecordPlayer
from pbem.challenges import service as lobby
from pbem.challenges import standing
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.games import all_rules
from pbem.mail.sender import deliver_due
from pbem.play import commands
from pbem.play.commands import create_game
from pbem.play.models import Game
from pbem.tournaments import service as tournaments
from pbem.tournaments.models import Entrant, Tournament, TournamentTable

NOW = datetime(2030, 1, 1, 12, tzinfo=UTC)
BOGUS_TOKEN = "not-a-real-token"
#: Routes the sweep does not visit, and why.
UNVISITED = {
    "static": "files shipped with the code, the same for everyone",
}


ROLES = ("admin", "alice", "bob", "stranger", "victim")


def build_world():
    """The people of :data:`ROLES` in order, after games, a tournament, an import and mail
    have happened; what the server logged meanwhile names none of them."""
    log = _Lines()
    logging.getLogger().addHandler(log)
    level = logging.getLogger().level
    logging.getLogger().setLevel(logging.DEBUG)
    try:
        people = _happenings()
    finally:
        logging.getLogger().removeHandler(log)
        logging.getLogger().setLevel(level)
    assert log.lines and not [line for line in log.lines if leaks(line, every_address())]
    return people


class _Lines(logging.Handler):
    """Every record logged, as the text a log file would show."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(self.format(record))


def _happenings():
    admin = new_player("director@club.example", "Director", admin=True)
    alice = new_player("alice@wonder.example", "Alice")
    bob = new_player("bob@builder.example", "Bob")
    stranger = new_player("carol@stranger.example", "Carol")
    # Invited to a game by Alice; never signs in.
    victim = player_by_email("victim-zq@third-party.example")
    rng = random.Random(3)
    played = create_game("pylon", [alice, bob], creator=admin, start_now=True, seed=2)
    played = play_turns(played, 4, rng)
    # A comment with a move and a message in the thread, which are mailed and shown to Bob.
    seat = played.rules.to_move(played.load_state())
    commands.play_turn(commands.locked(played.id), seat,
                       played.rules.legal_moves(played.load_state())[0], played.ply,
                       comment="Good game so far")
    commands.post_message(commands.locked(played.id), 1 - seat, "Thanks, and good luck")
    create_game("stawvs", [alice, bob], creator=admin, start_now=True, seed=5)
    create_game("pylon", [alice, victim], creator=alice, seed=7)
    t = tournaments.create("pylon", {
        "name": "Spring Cup", "description": "", "format": "swiss", "table_size": 2,
        "rounds": 2, "round_days": 7, "stall_policy": "adjudicate", "extend_days": 3,
        "enrolment": "invitation", "options": {}}, admin, NOW)
    tournaments.invite(t.id, "alice@wonder.example\nbob@builder.example\n"
                             "decliner-zq@elsewhere.example\nsilent-zq@nowhere.example",
                       admin, NOW, "club members")
    by_email = {e.player.email: e for e in tournaments.get_tournament(t.id).entrants}
    for email in ("alice@wonder.example", "bob@builder.example"):
        tournaments.answer(t.id, by_email[email].player_id, True)
    tournaments.answer(t.id, by_email["decliner-zq@elsewhere.example"].player_id, False)
    tournaments.start(t.id, admin, NOW, "go")
    # Open challenges (one Bob joined) and a standing challenge, by name in the lobby.
    terms = lobby.check_terms("stawvs", {}, 3, "none", True, None, None, "random")
    lobby.join(lobby.post(alice, terms, utcnow()).id, bob, utcnow())
    standing.create(bob, terms, 1, utcnow())
    db.session.commit()
    rules = all_rules()[0]
    state = rules.new_game(2, {}, 1)
    _state, moves = rules.random_playout(state, random.Random(1), max_plies=6)
    import_record(Record(slug=rules.slug, seed=1,
                         players=[RecordPlayer("Old Master"), RecordPlayer("Bob")],
                         plies=[Ply(None, move, None) for move in moves],
                         dates={"created": NOW, "started": NOW}), by=admin)
    db.session.commit()
    # Someone who only ever asked for a sign-in link.
    asked = current_app.test_client().post("/sign-in", data={"email": "lurker-zq@quiet.example"})
    assert asked.status_code == 200
    # A delivery that fails (nothing listens on the port), which the sender logs.
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    current_app.config.update(MAIL_BACKEND="smtp", MAIL_SERVER="127.0.0.1", MAIL_PORT=port)
    mail = current_app.extensions["mail"]
    mail.server, mail.port = "127.0.0.1", port
    assert deliver_due()[1] > 0
    return [admin, alice, bob, stranger, victim]


@pytest.fixture
def world(shared_world):
    """The people by role in a copy of the world :func:`build_world` made once (see
    ``shared_world``): each test may write to its own."""
    return dict(zip(ROLES, shared_world("privacy", build_world), strict=True))


def every_address() -> set[str]:
    return set(db.session.scalars(select(Player.email)))


def leaks(text: str, others: set[str]) -> list[str]:
    """The addresses of ``others`` (or their never-signed-in local parts) found in ``text``,
    plain or URL-encoded."""
    found = []
    for address in others:
        for form in (address, address.replace("@", "%40")):
            if form.lower() in text.lower():
                found.append(form)
    for address in others:  # the test's never-signed-in people have distinctive local parts
        marker = address.split("@")[0]
        if marker.endswith("-zq") and address not in found and marker in text:
            found.append(marker)
    return found


def sweep_urls(app, viewer: Player | None) -> tuple[list[str], set[str]]:
    """Every GET route with its ids filled from the database, the links in the viewer's own
    mail, and a bogus token; and the endpoints covered."""
    values = {
        "game_id": [g.id for g in db.session.scalars(select(Game))],
        "player_id": [p.id for p in db.session.scalars(select(Player))],
        "tournament_id": [t.id for t in db.session.scalars(select(Tournament))],
        "entrant_id": [e.id for e in db.session.scalars(select(Entrant))],
        "table_id": [tb.id for tb in db.session.scalars(select(TournamentTable))],
        "slug": [r.slug for r in all_rules()],
        "token": [BOGUS_TOKEN],
    }
    urls, covered = [], set()
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint in UNVISITED:
            continue
        args = sorted(rule.arguments)
        combos = [{}]
        for arg in args:
            combos = [{**c, arg: v} for c in combos for v in values[arg]]
        for combo in combos:
            with app.test_request_context():
                urls.append(app.url_for(rule.endpoint, **combo))
        covered.add(rule.endpoint)
    urls += [f"/archive?player={pid}" for pid in values["player_id"]]
    urls += [f"/new/pylon?opponent={pid}" for pid in values["player_id"]]  # challenges by name
    urls += [f"/games/{gid}?ply=1" for gid in values["game_id"]]
    if viewer is not None:
        for message in outbox():
            if message.recipient == viewer.email:
                urls += [path_of(link) for link in
                         re.findall(r"http://pbem\.test/\S+", message.body_text)]
    return urls, covered


def readable(response) -> str:
    """The response's text; a zip's (a bulk download of records) is every file in it."""
    if response.mimetype != "application/zip":
        return response.get_data(as_text=True)
    with zipfile.ZipFile(io.BytesIO(response.get_data())) as bundle:
        return "\n".join(bundle.read(name).decode() for name in bundle.namelist())


@pytest.mark.parametrize("who", ["anonymous", "stranger", "bob"])
def test_no_page_shows_another_players_address(app, client, world, who, caplog):
    """Nor does the server's log, which names players by id, while pages are shown (and while
    the world is made, failed deliveries included: see :func:`build_world`)."""
    caplog.set_level(logging.DEBUG)
    viewer = world.get(who)
    if viewer is not None:
        sign_in(client, viewer)
    others = every_address() - ({viewer.email} if viewer else set())
    urls, covered = sweep_urls(app, viewer)
    get_routes = {r.endpoint for r in app.url_map.iter_rules() if "GET" in r.methods}
    assert covered == get_routes - set(UNVISITED)
    found = {}
    for url in urls:
        response = client.get(url)
        # readiness answers 503 by design while the tick has not run (its lines name no one)
        assert response.status_code < 500 or url == "/ready", url
        text = readable(response) + str(response.headers)
        if leaks(text, others):
            found[url] = leaks(text, others)
    assert not found, "\n".join(f"{url}: {leaked}" for url, leaked in found.items())
    handler = caplog.handler
    logged = [handler.format(record) for record in caplog.get_records("call")]
    assert not [line for line in logged if leaks(line, every_address())]


def test_no_email_shows_another_players_address(app, world):
    found = {}
    messages = outbox()
    assert {m.kind for m in messages} >= {"invitation", "sign_in", "comment"}
    for message in messages:
        others = every_address() - {message.recipient}
        text = "\n".join([message.subject, message.body_text or "", message.body_html or "",
                          str(message.headers)])
        if leaks(text, others):
            found[(message.kind, message.recipient)] = leaks(text, others)
    assert not found, "\n".join(f"{mail}: {leaked}" for mail, leaked in found.items())


@pytest.mark.parametrize("who", ["stranger", "bob", "admin"])
def test_no_api_answer_shows_another_players_address(app, client, world, who):
    """Every documented API operation, with each game's and challenge's id, as a token of the
    viewer's with every scope: only ``/api/me`` names an address, the viewer's own."""
    from pbem.api import tokens
    from pbem.api.openapi import document
    from pbem.challenges.models import Challenge

    viewer = world[who]
    _token, secret = tokens.create(viewer, ["read", "play", "challenge"])
    app.config["API_LIMIT_PER_TOKEN"] = 10**6
    db.session.commit()
    headers = {"Authorization": f"Bearer {secret}"}
    others = every_address() - {viewer.email}
    ids = {"game_id": [g.id for g in db.session.scalars(select(Game))],
           "challenge_id": [c.id for c in db.session.scalars(select(Challenge))]}
    bodies = {"move": {"move": "Sa1", "ply": 0}, "resign": {}, "end": {"ply": 0,
              "answer": "agree"}, "messages": {"text": "hi"}, "join": {}, "withdraw": {},
              "challenges": {"game": "pylon"}, "conditional": {"lines": [["Mc3", "Md4"]]}}
    found, answered = {}, 0
    for path, operations in document()["paths"].items():
        for method in operations:
            names = re.findall(r"{(\w+)}", path)
            urls = [path.replace(f"{{{names[0]}}}", str(i)) for i in ids[names[0]]] \
                if names else [path]
            for url in urls + [f"{url}?to_move=me" for url in urls if url == "/api/games"]:
                body = bodies.get(url.rstrip("/").rsplit("/", 1)[-1])
                response = client.open(url, method=method.upper(), headers=headers,
                                       json=body if method in ("post", "put") else None)
                assert response.status_code < 500, url
                answered += 1
                text = response.get_data(as_text=True) + str(response.headers)
                if leaks(text, others):
                    found[f"{method} {url}"] = leaks(text, others)
    assert answered > 20
    assert not found, "\n".join(f"{url}: {leaked}" for url, leaked in found.items())
    assert client.get("/api/me", headers=headers).json["email"] == viewer.email
