"""Passwordless sign-in: a short-lived single-use link by email, rate limits, names, admins."""

from __future__ import annotations

from datetime import timedelta

from freezegun import freeze_time
from helpers import outbox, path_of, sign_in

from pbem.accounts.models import Player, SignInRequest
from pbem.core.extensions import db


def request_link(client, email="new@example.com"):
    response = client.post("/sign-in", data={"email": email})
    return response, (path_of(outbox("sign_in")[-1].body_text) if outbox("sign_in") else None)


def test_a_new_address_gets_a_link_that_signs_in_once(client):
    response, link = request_link(client, " New@Example.com ")
    assert response.status_code == 200 and b"Check your email" in response.data
    assert outbox("sign_in")[-1].recipient == "new@example.com"
    page = client.get(link)  # a mail scanner's GET uses nothing up
    assert page.status_code == 200 and b"Sign in as new@example.com" in page.data
    assert client.get(link).status_code == 200
    done = client.post(link, follow_redirects=True)
    assert done.status_code == 200 and b"Signed in as new@example.com" in done.data
    player = db.session.scalars(db.select(Player)).one()
    assert player.joined_at is not None
    assert client.post(link).status_code == 410
    assert client.get(link).status_code == 410


def test_a_newer_link_replaces_an_older_one(client):
    _, first = request_link(client)
    _, second = request_link(client)
    assert client.post(second).status_code == 303
    assert client.post(first).status_code == 410


def test_links_expire(app, client):
    with freeze_time() as clock:
        _, link = request_link(client)
        clock.tick(timedelta(seconds=app.config["SIGN_IN_MAX_AGE"] + 1))
        response = client.post(link)
    assert response.status_code == 410 and b"expired" in response.data


def test_tampered_links_are_refused(client):
    _, link = request_link(client)
    assert client.post(link + "x").status_code == 403
    assert client.get("/sign-in/garbage").status_code == 403


def test_rate_limited_per_address_and_per_client(app, client):
    app.config.update(SIGN_IN_LIMIT_PER_ADDRESS=2, SIGN_IN_LIMIT_PER_CLIENT=3)
    assert request_link(client, "a@example.com")[0].status_code == 200
    assert request_link(client, "a@example.com")[0].status_code == 200
    assert request_link(client, "a@example.com")[0].status_code == 429
    assert request_link(client, "b@example.com")[0].status_code == 200
    limited = request_link(client, "c@example.com")[0]
    assert limited.status_code == 429 and b"Too many" in limited.data
    assert len(outbox("sign_in")) == 3


def test_limits_count_only_the_window_and_older_requests_are_removed(app, client):
    app.config.update(SIGN_IN_LIMIT_PER_ADDRESS=1)
    with freeze_time() as clock:
        assert request_link(client, "a@example.com")[0].status_code == 200
        assert request_link(client, "a@example.com")[0].status_code == 429
        clock.tick(timedelta(seconds=app.config["SIGN_IN_LIMIT_WINDOW"] + 1))
        assert request_link(client, "a@example.com")[0].status_code == 200
    assert db.session.scalar(db.select(db.func.count()).select_from(SignInRequest)) == 1


def test_bad_addresses_are_422(client):
    for email in ("", "nobody", "a@b", "x" * 300 + "@example.com", "a b@example.com"):
        assert client.post("/sign-in", data={"email": email}).status_code == 422
    assert not outbox()


def test_sign_out_and_display_name(client, make_player):
    player = make_player(name="Old")
    sign_in(client, player)
    assert client.post("/account", data={"name": "  New   Name "}).status_code == 303
    assert player.name == "New Name"
    assert client.post("/account", data={"name": "x" * 61}).status_code == 422
    client.post("/sign-out")
    assert client.get("/account").status_code == 302


def test_create_admin_command(app, runner):
    result = runner.invoke(args=["pbem", "create-admin", "Boss@Example.com"])
    assert result.exit_code == 0 and "boss@example.com is an admin" in result.output
    assert db.session.scalars(db.select(Player)).one().is_admin
    bad = runner.invoke(args=["pbem", "create-admin", "nobody"])
    assert bad.exit_code == 2 and "not an email address" in bad.output


def players() -> int:
    return db.session.scalar(db.select(db.func.count()).select_from(Player))


def test_asking_for_links_creates_no_player_until_one_is_used(app, client):
    app.config.update(SIGN_IN_LIMIT_PER_CLIENT=100)
    links = [request_link(client, f"someone{i}@example.com")[1] for i in range(12)]
    assert players() == 0 and len(outbox("sign_in")) == 12
    assert "Hello," in outbox("sign_in")[0].body_text  # nobody's name: there is no account
    assert client.get(links[3]).status_code == 200 and players() == 0
    assert client.post(links[3]).status_code == 303
    assert [p.email for p in db.session.scalars(db.select(Player))] == ["someone3@example.com"]
    assert client.post(links[3]).status_code == 410 and players() == 1


def test_a_new_address_s_link_still_works_once_an_invitation_made_its_row(
        client, make_player):
    _, link = request_link(client, "invitee@example.com")
    invited = make_player("invitee@example.com", joined=False)
    assert client.post(link).status_code == 303
    db.session.expire_all()
    assert players() == 1 and db.session.get(Player, invited.id).joined_at is not None
    assert client.post(link).status_code == 410
