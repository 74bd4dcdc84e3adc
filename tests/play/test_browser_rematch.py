"""In a real browser: Alice reaches the game-creation limit on the new-game form, then offers
a rematch of a finished game with one click, and the opponent's invitation arrives through the
SMTP server on loopback: a rematch is not "creating a game" (pbem.play.limits)."""

from __future__ import annotations

import pytest
from helpers import screenshot, wait_for_mail
from playwright.sync_api import expect

from pbem.accounts.service import sign_in_url
from pbem.mail.sender import deliver_due
from pbem.play import commands

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_rematch_right_after_the_creation_limit_is_reached(
        app, smtp, live_server, browser_page, make_player, make_game):
    app.config.update(GAME_LIMIT_PER_PLAYER=1, INVITATION_LIMIT_PER_PLAYER=100)
    alice, bob = make_player("alice@wonder.example", "Alice"), make_player(name="Bob")
    old = make_game("pylon", players=[alice, bob])
    old.created_by_id = None  # an admin's game, not one of Alice's
    commands.adjudicate(commands.locked(old.id), [0])
    page = browser_page
    page.goto(sign_in_url(alice))
    page.locator("main").get_by_role("button").last.click()  # not the footer's
    base = app.config["BASE_URL"]
    for expected in ("Invitations sent.", "You have created 1 games lately"):
        page.goto(base + "/new/pylon")
        page.get_by_label("Players in seat order").fill(
            f"{alice.email}\n{make_player().email}")
        page.locator("main form button[type=submit], main form button:not([type])").last.click()
        expect(page.get_by_text(expected)).to_be_visible()
    page.goto(f"{base}/games/{old.id}")
    page.get_by_role("button", name="Offer a rematch").click()
    expect(page.get_by_text("Rematch offered: the other players are invited.")).to_be_visible()
    screenshot(page, "rematch-after-limit-1280x800")
    deliver_due()
    invitation = wait_for_mail(smtp, bob.email, 2)  # after the old game's game-over mail
    assert "an invitation to a rematch" in invitation["Subject"]
