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


def test_ordinary_names_are_accepted_and_one_s_own_name_kept(client, make_player):
    make_player(name="Alice")
    me = make_player(name="Badminton Bob")  # "admin" inside a word is not the word
    sign_in(client, me)
    assert save(client, "Badminton Bob").status_code == 303
    assert save(client, "Alicia").status_code == 303
    assert save(client, "José Núñez").status_code == 303
    assert db.session.get(Player, me.id).name == "José Núñez"
