"""In a real browser: an admin creates a tournament, invites two players and starts it; a
player accepts from the invitation email and follows the tournament's page to a game."""

from __future__ import annotations

import re

import pytest
from helpers import wait_for_mail

from pbem.accounts.service import sign_in_url
from pbem.tournaments import service

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_an_admin_creates_and_starts_a_tournament_and_a_player_follows_it(
        app, smtp, live_server, browser_page, make_player):
    admin = make_player("director@example.com", "Director", admin=True)
    alice, bob = make_player("alice@example.com", "Alice"), make_player("bob@example.com", "Bob")
    page = browser_page
    page.goto(sign_in_url(admin))
    page.get_by_role("button").last.click()
    page.goto(app.config["BASE_URL"] + "/tournaments")
    page.get_by_role("link", name="New tournament").click()
    page.get_by_role("link", name="Spike").click()
    page.get_by_label("Name").fill("Spring Open")
    page.get_by_label("Format").select_option("swiss")
    page.get_by_label("Swiss: rounds").fill("2")
    page.get_by_role("button", name="Create the tournament").click()
    page.get_by_label("Email addresses, one per line").fill(f"{alice.email}\n{bob.email}")
    page.get_by_role("button", name="Send invitations").click()
    assert "2 invitation(s) sent" in page.content()

    player = page.context.browser.new_context().new_page()
    mail = wait_for_mail(smtp, alice.email, 1).get_body(("plain",)).get_content()
    player.goto(re.search(r"http://\S+/tournaments/invitations/\S+", mail).group(0))
    player.get_by_role("button", name="Accept").click()
    assert "You are entered." in player.content()
    t = service.all_tournaments()[0]
    service.answer(t.id, bob.id, True)

    page.reload()
    page.get_by_role("button", name=re.compile("Start now with 2")).click()
    assert "round one is paired" in page.content()

    player.reload()
    standings = player.locator("#standings").inner_text()
    assert "Alice" in standings and "Bob" in standings
    player.locator("#round-games a").first.click()
    assert re.search(r"/games/\d+$", player.url)
    assert "Spike" in player.content()
