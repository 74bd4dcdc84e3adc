"""The session cookie's serializer is kept between requests (``pbem.core.sessions``), and
still follows the configured keys: a new key voids the old cookies, unless the old key is
named among the fallbacks."""

from __future__ import annotations

from helpers import sign_in


def _signed_in_as(client) -> str | None:
    with client.session_transaction() as session:
        return session.get("player_id")


def test_a_new_secret_key_voids_the_cookies_signed_with_the_old_one(app, client, make_player):
    player = make_player()
    sign_in(client, player)
    assert _signed_in_as(client) == player.id
    app.secret_key = app.config["SECRET_KEY"] = "another key, long enough to be a real one"
    assert _signed_in_as(client) is None


def test_a_key_among_the_fallbacks_still_opens_its_cookies(app, client, make_player):
    player = make_player()
    sign_in(client, player)
    old = app.config["SECRET_KEY"]
    app.config["SECRET_KEY_FALLBACKS"] = [old]
    app.secret_key = app.config["SECRET_KEY"] = "the next key, long enough to be a real one"
    assert _signed_in_as(client) == player.id
