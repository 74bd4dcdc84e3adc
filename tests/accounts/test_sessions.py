"""Sessions: signing out ends every session of the player, a copied cookie included; the key
can be rotated without signing anyone out."""

from __future__ import annotations

from helpers import outbox, path_of

from pbem.core.extensions import db


def signed_in_client(app, email="anna@example.com"):
    """A client signed in through the emailed link, as a person is."""
    client = app.test_client()
    client.post("/sign-in", data={"email": email})
    assert client.post(path_of(outbox("sign_in")[-1].body_text)).status_code == 303
    assert client.get("/account").status_code == 200
    return client


def copy_of(client, app):
    """Another browser holding a copy of ``client``'s session cookie."""
    thief = app.test_client()
    thief.set_cookie("session", client.get_cookie("session").value)
    return thief


def test_signing_out_voids_a_copy_of_the_cookie(app):
    anna = signed_in_client(app)
    thief = copy_of(anna, app)
    assert thief.get("/account").status_code == 200
    done = anna.post("/sign-out", follow_redirects=True)
    assert b"Signed out everywhere." in done.data
    assert anna.get("/account").status_code == 302
    page = thief.get("/account")
    assert page.status_code == 302 and "/sign-in" in page.location
    assert b"anna@example.com" not in thief.get("/").data


def test_signing_out_everywhere_ends_other_browsers_but_not_a_new_sign_in(app):
    laptop = signed_in_client(app)
    phone = signed_in_client(app)
    page = phone.get("/account")
    assert b"Sign out everywhere" in page.data and b'action="/sign-out"' in page.data
    phone.post("/sign-out")
    assert laptop.get("/account").status_code == 302
    again = signed_in_client(app)  # a sign-in after it starts a session that works
    assert again.get("/account").status_code == 200


def test_a_session_of_another_player_is_untouched(app):
    anna = signed_in_client(app, "anna@example.com")
    bert = signed_in_client(app, "bert@example.com")
    anna.post("/sign-out")
    assert bert.get("/account").status_code == 200


def test_sign_out_without_a_session_changes_nothing(app, make_player):
    player = make_player()
    assert app.test_client().post("/sign-out").status_code == 303
    db.session.refresh(player)
    assert player.session_generation == 0


def test_rotating_the_key_keeps_sessions_and_links_with_the_old_one_in_fallbacks(app):
    from pbem.core.signing import LinkError, sign, unsign

    old, new = "o" * 32, "n" * 32
    app.config["SECRET_KEY"] = old
    anna = signed_in_client(app)
    link = sign("move", [1, 2, 3])
    app.config.update(SECRET_KEY=new, SECRET_KEY_FALLBACKS=[old])
    assert anna.get("/account").status_code == 200
    assert unsign("move", link) == [1, 2, 3]
    fresh = sign("move", [4])
    app.config["SECRET_KEY_FALLBACKS"] = []  # the old key retired: what it signed is void
    assert anna.get("/account").status_code == 302
    try:
        unsign("move", link)
    except LinkError as exc:
        assert exc.code == "invalid"
    else:
        raise AssertionError("a link signed with a retired key verified")
    assert unsign("move", fresh) == [4]


def test_the_session_cookie_is_secure_when_the_site_is_https(make_app):
    app = make_app(BASE_URL="https://pbem.example.org")
    with app.app_context():
        client = app.test_client()
        client.post("/sign-in", data={"email": "anna@example.com"})
        link = outbox("sign_in")[-1].body_text.split("https://pbem.example.org", 1)[1].split()[0]
        cookie = client.post(link, base_url="https://pbem.example.org").headers["Set-Cookie"]
    assert "; Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    plain = make_app(BASE_URL="http://127.0.0.1:5000")
    assert plain.config["SESSION_COOKIE_SECURE"] is False
    assert make_app(BASE_URL="https://x.example", SESSION_COOKIE_SECURE=False).config[
        "SESSION_COOKIE_SECURE"] is False
