"""Security headers on every route (enumerated from the URL map), for visitors and a signed-in
admin; no-store where a page carries a secret; HSTS only on https; and no page relies on
inline script or style, which the policy forbids."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from helpers import sign_in

from pbem.core.headers import HSTS
from pbem.ops.heartbeat import beat

EXPECTED = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
SAMPLE_VALUES = {"game_id": 1, "player_id": 1, "tournament_id": 1, "table_id": 1,
                 "entrant_id": 1, "slug": "pylon", "token": "not-a-token",
                 "filename": "style.css", "challenge_id": 1, "standing_id": 1, "token_id": 1,
                 "subscription_id": 1}


def every_request(app):
    """``(rule, method, url)`` for every route and method of the app."""
    for rule in app.url_map.iter_rules():
        url = rule.build({name: SAMPLE_VALUES[name] for name in rule.arguments})[1]
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield rule, method, url


def check_headers(response, *, https: bool):
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, name
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "style-src 'self'" in policy and "unsafe" not in policy
    assert (response.headers.get("Strict-Transport-Security") == HSTS) is https


def no_inline_code(html: str) -> bool:
    """No inline script, event handler or style attribute outside the SVG boards (whose
    presentation is their own business)."""
    page = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.S)
    return not re.search(r"<script(?![^>]*\bsrc=)|\son[a-z]+=|\sstyle=|<style", page)


@pytest.mark.parametrize("base_url", ["http://pbem.test", "https://pbem.example.org"])
def test_every_route_sends_the_security_headers(make_app, base_url, make_game, make_player):
    app = make_app(BASE_URL=base_url)
    with app.app_context():
        make_game("pylon")
        beat("tick")  # else /ready answers 503, not ready
        admin = make_player(admin=True)
        visitor, signed_in = app.test_client(), app.test_client()
        sign_in(signed_in, admin)
        for rule, method, url in every_request(app):
            # (signing out would end the admin's session for the routes after it)
            clients = [visitor] if rule.endpoint == "accounts.sign_out" else [visitor, signed_in]
            for client in clients:
                with client.open(url, method=method) as response:
                    assert response.status_code < 500, (method, url)
                    check_headers(response, https=base_url.startswith("https"))
                    private = "token" in rule.arguments or (
                        client is signed_in and rule.endpoint != "static")
                    assert (response.headers.get("Cache-Control") == "no-store") is private, url
                    if response.mimetype == "text/html" and response.status_code == 200:
                        assert no_inline_code(response.get_data(as_text=True)), url


def test_a_page_reached_by_a_token_link_is_never_cached(app, client, make_game):
    from pbem.play.links import move_token

    game = make_game("pylon")
    for url in (f"/play/{move_token(game, 0)}", "/sign-in/whatever", "/calendar/whatever.ics",
                "/unsubscribe/whatever"):
        response = client.get(url)
        assert response.headers["Cache-Control"] == "no-store", url
        assert response.status_code == 200 or "play" not in url
    assert "no-store" not in client.get("/archive").headers.get("Cache-Control", "")


def test_the_dev_mailbox_alone_allows_the_inline_styles_of_mail(app, client, make_game):
    make_game("pylon")
    app.config["DEV_MAILBOX"] = True
    policy = client.get("/dev/mail").headers["Content-Security-Policy"]
    assert "style-src 'self' 'unsafe-inline'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe" not in client.get("/").headers["Content-Security-Policy"]


def test_error_pages_carry_the_headers_too(make_app):
    app = make_app()

    @app.get("/boom")
    def boom():
        raise RuntimeError("internals")

    app.testing = False  # the error page, as production serves it
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    check_headers(response, https=False)


def test_static_urls_carry_a_digest_of_the_file_and_are_cached_for_long(client, app):
    html = client.get("/sign-in").get_data(as_text=True)
    url = re.search(r'href="(/static/style\.css\?v=[0-9a-f]+)"', html).group(1)
    content = (Path(app.static_folder) / "style.css").read_bytes()
    assert url.endswith("?v=" + hashlib.sha256(content).hexdigest()[:12])
    response = client.get(url)
    assert response.status_code == 200 and response.data == content
    assert response.headers["Cache-Control"] == "public, max-age=31536000"
    response.close()
