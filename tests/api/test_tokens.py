"""Personal access tokens: made on the account page (shown once) and by the command, stored
hashed, listed with their last use, revoked; 401 for a bad token, 403 for a missing scope,
429 past the per-token limit."""

from __future__ import annotations

import re
from datetime import timedelta

from helpers import sign_in
from sqlalchemy import select

from pbem.api import tokens
from pbem.api.models import ApiToken
from pbem.core.db import utcnow
from pbem.core.extensions import db


def test_the_command_prints_a_token_that_works_and_is_stored_hashed(app, runner, client,
                                                                     make_player):
    player = make_player(email="ann@example.com", name="Ann")
    result = runner.invoke(args=["pbem", "token", "create", "ann@example.com", "--scope",
                                 "read", "--scope", "play", "--name", "my engine"])
    assert result.exit_code == 0, result.output
    secret = result.output.strip()
    assert secret.startswith("pbem_") and len(secret) > 40
    stored = db.session.scalars(select(ApiToken)).one()
    assert stored.digest != secret and secret not in stored.digest
    assert stored.digest == tokens.digest(secret)
    assert (stored.name, stored.scopes, stored.player_id) == ("my engine", "read play", player.id)
    me = client.get("/api/me", headers={"Authorization": f"Bearer {secret}"})
    assert me.status_code == 200 and me.json["email"] == "ann@example.com"
    listed = runner.invoke(args=["pbem", "token", "list", "ann@example.com"])
    assert "my engine" in listed.output and "never used" not in listed.output


def test_the_command_refuses_bad_input(runner, make_player):
    make_player(email="ann@example.com")
    for args in (["nobody@example.com", "--scope", "read"], ["ann@example.com", "--scope", "x"],
                 ["not an address", "--scope", "read"], ["ann@example.com"]):
        result = runner.invoke(args=["pbem", "token", "create", *args])
        assert result.exit_code != 0 and "Traceback" not in result.output


def test_bad_tokens_get_401_and_a_missing_scope_403(client, make_player, bearer):
    player = make_player()
    for headers in ({}, {"Authorization": "Bearer nonsense"}, {"Authorization": "Basic eA=="},
                    {"Authorization": "Bearer pbem_" + "x" * 43}):
        response = client.get("/api/me", headers=headers)
        assert response.status_code == 401 and response.json["code"] == "bad-token"
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    expired = bearer(player, "read", expires_at=utcnow() - timedelta(seconds=1))
    assert client.get("/api/me", headers=expired).status_code == 401
    read_only = bearer(player, "read")
    response = client.post("/api/games/1/move", json={"move": "x", "ply": 0}, headers=read_only)
    assert response.status_code == 403 and response.json["code"] == "missing-scope"
    response = client.post("/api/challenges", json={"game": "pylon"}, headers=read_only)
    assert response.status_code == 403


def test_a_revoked_token_gets_401(client, make_player, bearer):
    player = make_player()
    headers = bearer(player, "read")
    assert client.get("/api/me", headers=headers).status_code == 200
    token = db.session.scalars(select(ApiToken)).one()
    assert tokens.revoke(player.id + 1, token.id) is False  # someone else's: left alone
    assert tokens.revoke(player.id, token.id) is True
    db.session.commit()
    assert client.get("/api/me", headers=headers).status_code == 401


def test_each_token_is_limited(app, client, make_player, bearer):
    app.config.update(API_LIMIT_PER_TOKEN=3, API_LIMIT_WINDOW=60)
    player = make_player()
    headers, other = bearer(player, "read"), bearer(player, "read")
    assert [client.get("/api/me", headers=headers).status_code for _ in range(4)] == [
        200, 200, 200, 429]
    assert client.get("/api/me", headers=other).status_code == 200  # per token
    token = db.session.scalars(select(ApiToken).order_by(ApiToken.id)).first()
    token.window_start = utcnow() - timedelta(seconds=61)  # the window passes
    db.session.commit()
    assert client.get("/api/me", headers=headers).status_code == 200


def test_the_account_page_shows_a_new_token_once_lists_and_revokes(client, make_player):
    player = make_player(name="Ann")
    sign_in(client, player)
    assert client.get("/account").status_code == 200
    made = client.post("/account/tokens", data={"name": "laptop", "scope": ["read", "play"]})
    assert made.status_code == 201
    secret = re.search(r"pbem_[A-Za-z0-9_-]{43}", made.get_data(as_text=True)).group(0)
    headers = {"Authorization": f"Bearer {secret}"}
    assert client.get("/api/me", headers=headers).status_code == 200
    page = client.get("/account/tokens").get_data(as_text=True)
    assert "laptop" in page and "read play" in page and secret not in page
    assert "never" not in page.split("laptop", 1)[1].split("</tr>", 1)[0]  # its last use
    token = db.session.scalars(select(ApiToken)).one()
    assert client.post(f"/account/tokens/{token.id}/revoke").status_code == 303
    assert client.get("/api/me", headers=headers).status_code == 401
    refused = client.post("/account/tokens", data={"name": "x", "scope": ["root"]})
    assert refused.status_code == 422


def test_another_players_token_cannot_be_revoked_from_the_page(client, make_player, bearer):
    owner, other = make_player(), make_player()
    headers = bearer(owner, "read")
    token = db.session.scalars(select(ApiToken)).one()
    sign_in(client, other)
    client.post(f"/account/tokens/{token.id}/revoke")
    assert client.post(f"/account/tokens/{token.id}/revoke",
                       data={"holder": "999"}).status_code == 404
    assert client.get("/api/me", headers=headers).status_code == 200


def test_the_token_page_refuses_a_form_without_scopes_in_its_readers_language(client,
                                                                             make_player):
    sign_in(client, make_player(name="Ann"))
    refused = client.post("/account/tokens", data={"name": "x"},
                          headers={"Accept-Language": "de"})
    assert refused.status_code == 422
    assert "Wähle eine oder mehrere Berechtigungen: read, play" in refused.get_data(as_text=True)
