"""Display names: asked for at the first sign-in (skippable, offered again on the home page),
unique whatever their case and look-alike characters, never reserved words, the bots' names or
address-shaped."""

from __future__ import annotations

import pytest
from helpers import outbox, path_of, sign_in

from pbem.accounts.models import Player
from pbem.accounts.names import key
from pbem.core.extensions import db


def save(client, name):
    return client.post("/account", data={"name": name})


def test_the_first_sign_in_asks_for_a_name_which_can_be_skipped(client):
    client.post("/sign-in", data={"email": "new@example.com"})
    done = client.post(path_of(outbox("sign_in")[-1].body_text))
    assert done.status_code == 303 and done.location.endswith("/account/name")
    player = db.session.scalars(db.select(Player)).one()
    page = client.get("/account/name").get_data(as_text=True)
    assert "Choose your name" in page and f"Player {player.id}" in page and "Skip for now" in page
    home = client.get("/").get_data(as_text=True)  # skipped: offered again on the home page
    assert "Choose your name" in home
    named = client.post("/account/name", data={"name": "Nadia"})
    assert named.status_code == 303
    assert db.session.get(Player, player.id).name == "Nadia"
    assert "Choose your name" not in client.get("/").get_data(as_text=True)
    client.post("/sign-out")
    client.post("/sign-in", data={"email": "new@example.com"})  # named: straight home
    again = client.post(path_of(outbox("sign_in")[-1].body_text))
    assert again.location.endswith("/")


@pytest.mark.parametrize("taken, wanted", [
    ("Alice A", "alice a"), ("Alice A", "ALICE  A."), ("Alice A", "\u0410lice A"),
    ("Alice A", "A1ice A"), ("Bob", "Ｂｏｂ"), ("Bob", "B0b"), ("Marta", "Rnarta"),
    ("Robot, level 3", "ROBOT Level 3"), ("Zoë", "Zoe"),
])
def test_names_are_unique_whatever_their_case_and_look_alikes(client, make_player, taken,
                                                              wanted):
    make_player(name=taken)
    me = make_player(name="Me")
    sign_in(client, me)
    refused = save(client, wanted)
    assert refused.status_code == 422 and "already called" in refused.get_data(as_text=True)
    assert db.session.get(Player, me.id).name == "Me"
    assert key(taken) == key(wanted)


@pytest.mark.parametrize("name, says", [
    ("Admin", "reserved"), ("The Admin", "reserved"), ("pbem", "reserved"),
    ("PBEM team", "reserved"), ("Adm1n", "reserved"),
    ("alice@example.com", "address"), ("alice at www.example.org", "address"),
    ("bob.example.com", "address"), ("https://x", "address"),
    ("Player 999", "defaults of new accounts"), ("pbem bot, level 9", "reserved"),
    ("...", "at least one letter"),
])
def test_reserved_address_shaped_and_default_names_are_refused(client, make_player, name,
                                                               says):
    me = make_player(name="Me")
    sign_in(client, me)
    refused = save(client, name)
    assert refused.status_code == 422 and says in refused.get_data(as_text=True)
    assert db.session.get(Player, me.id).name == "Me"


@pytest.mark.parametrize(("name", "says"), [
    ("...", "Ein Anzeigename braucht mindestens einen Buchstaben oder eine Ziffer."),
    ("<b>Taken</b>", "Ein anderer Spieler heißt schon &#39;&lt;b&gt;Taken&lt;/b&gt;&#39;"),
])
def test_a_refused_name_is_explained_in_the_readers_language(client, make_player, name, says):
    """A German page says why a name was refused in German, and the name typed among its
    words stays text."""
    make_player(name="<b>Taken</b>")
    me = make_player(name="Me")
    sign_in(client, me)
    refused = client.post("/account", data={"name": name}, headers={"Accept-Language": "de"})
    assert refused.status_code == 422 and says in refused.get_data(as_text=True)


def test_ordinary_names_are_accepted_and_one_s_own_name_kept(client, make_player):
    make_player(name="Alice")
    me = make_player(name="Badminton Bob")  # "admin" inside a word is not the word
    sign_in(client, me)
    assert save(client, "Badminton Bob").status_code == 303
    assert save(client, "Alicia").status_code == 303
    assert save(client, "José Núñez").status_code == 303
    assert db.session.get(Player, me.id).name == "José Núñez"


def _two_rename_at_once(app, make_player, monkeypatch):
    """Two players rename to look-alike names at the same moment: both pass the check (each
    waits for the other after it), and the database lets exactly one of them have it."""
    import threading

    from pbem.accounts import names

    first, second = make_player(name="First"), make_player(name="Second")
    ids = {first.id: "Zed Able", second.id: "ZED  ab1e"}  # one key: look-alikes
    assert key("Zed Able") == key("ZED  ab1e")
    db.session.remove()
    barrier, answers = threading.Barrier(2), {}
    checked = names.check

    def check_then_wait(name, player):
        checked(name, player)
        barrier.wait(10)  # both have passed the check before either writes

    monkeypatch.setattr(names, "check", check_then_wait)

    def rename(player_id):
        client = app.test_client()
        with app.app_context():
            sign_in(client, db.session.get(Player, player_id))
            db.session.remove()
            answer = client.post("/account", data={"name": ids[player_id]})
            answers[player_id] = (answer.status_code, answer.get_data(as_text=True))
            db.session.remove()

    threads = [threading.Thread(target=rename, args=(player_id,)) for player_id in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    codes = sorted(code for code, _ in answers.values())
    assert codes[0] < 400 and codes[1] == 422
    loser = next(pid for pid, (code, _) in answers.items() if code == 422)
    assert "that name is taken" in answers[loser][1]
    db.session.expire_all()
    names_now = {pid: db.session.get(Player, pid).name for pid in ids}
    winner = next(pid for pid in ids if pid != loser)
    assert names_now[winner] == " ".join(ids[winner].split())
    assert names_now[loser] in ("First", "Second")  # nothing of the loser's changed
    assert db.session.get(Player, winner).name_key == key(ids[winner])


def test_two_renames_to_one_name_at_once_on_sqlite_exactly_one_wins(app, make_player,
                                                                      monkeypatch):
    _two_rename_at_once(app, make_player, monkeypatch)


@pytest.mark.postgres
def test_two_renames_to_one_name_at_once_on_postgresql_exactly_one_wins(app, make_player,
                                                                          monkeypatch):
    _two_rename_at_once(app, make_player, monkeypatch)


def test_the_name_key_follows_the_name_and_is_dropped_with_the_account(client, make_player):
    player = make_player(name="Kim Lee")
    assert player.name_key == key("Kim Lee")
    sign_in(client, player)
    assert save(client, "Kim Park").status_code == 303
    db.session.expire_all()
    assert db.session.get(Player, player.id).name_key == key("Kim Park")
    invited = make_player(joined=False)
    assert invited.name_key is None  # no name of their own yet
    client.post("/account/delete", data={"sure": "y"})
    db.session.expire_all()
    assert db.session.get(Player, player.id).name_key is None


@pytest.mark.parametrize("backend", ["sqlite", pytest.param(
    "postgresql", marks=pytest.mark.postgres)])
def test_the_migration_keys_names_and_keeps_old_duplicates(make_app, backend, request):
    from flask_migrate import upgrade
    from helpers import revision_before

    from pbem.core.db import utcnow

    url = request.getfixturevalue("pg_database") if backend == "postgresql" else None
    app = make_app(url, migrate=True)
    with app.app_context():
        upgrade(revision=revision_before("b7d1f3a9c2e5"))
        now = utcnow()
        rows = [(1, "Alice A", now), (2, "ALICE a.", now), (3, "Bob", now),
                (4, "an invited player", None), (5, "Bob", None)]
        db.session.execute(db.text(
            "INSERT INTO players (id, email, name, is_admin, login_counter, created_at, "
            "joined_at) VALUES (:id, :email, :name, false, 0, :now, :joined)"),
            [{"id": n, "email": f"p{n}@example.com", "name": name, "now": now,
              "joined": joined} for n, name, joined in rows])
        db.session.commit()
        upgrade()
        keys = dict(db.session.execute(db.text("SELECT id, name_key FROM players")).all())
        # the longest holder keeps the key; a later duplicate none, until it is renamed
        assert keys == {1: key("Alice A"), 2: None, 3: key("Bob"), 4: None, 5: None}
        alice2 = db.session.get(Player, 2)
        assert alice2.name == "ALICE a."  # still works: its page, its games
