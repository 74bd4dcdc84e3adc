"""In a real browser: an admin creates a tournament, invites two players and starts it; a
player accepts from the invitation email and follows the tournament's page to a game."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from helpers import screenshot, wait_for_mail
from playwright.sync_api import expect

from pbem.accounts.service import sign_in_url
from pbem.core.extensions import db
from pbem.play.queries import resigned_seats
from pbem.tournaments import service

from .tournament_sim import T0, play_open_games, settings, started, tick

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_an_admin_creates_and_starts_a_tournament_and_a_player_follows_it(
        app, smtp, live_server, browser_page, make_player):
    admin = make_player("director@example.com", "Director", admin=True)
    alice, bob = make_player("alice@example.com", "Alice"), make_player("bob@example.com", "Bob")
    page = browser_page
    page.goto(sign_in_url(admin))
    page.locator("main").get_by_role("button").last.click()  # not the footer's
    page.goto(app.config["BASE_URL"] + "/tournaments")
    page.get_by_role("link", name="New tournament").click()
    page.get_by_role("link", name="Spike").click()
    page.get_by_label("Name").fill("Spring Open")
    page.get_by_label("Format").select_option("swiss")
    page.get_by_label("Swiss: rounds").fill("2")
    page.get_by_role("button", name="Create the tournament").click()
    page.get_by_label("Email addresses, one per line").fill(f"{alice.email}\n{bob.email}")
    page.get_by_role("button", name="Send invitations").click()
    expect(page.locator("body")).to_contain_text("2 invitation(s) sent")
    assert "2 invitation(s) sent" in page.content()

    player = page.context.browser.new_context().new_page()
    mail = wait_for_mail(smtp, alice.email, 1).get_body(("plain",)).get_content()
    player.goto(re.search(r"http://\S+/tournaments/invitations/\S+", mail).group(0))
    player.get_by_role("button", name="Accept").click()
    expect(player.locator("body")).to_contain_text("You are entered.")
    assert "You are entered." in player.content()
    t = service.all_tournaments()[0]
    service.answer(t.id, bob.id, True)
    db.session.commit()

    page.reload()
    page.get_by_role("button", name=re.compile("Start now with 2")).click()
    expect(page.locator("body")).to_contain_text("round one is paired")
    assert "round one is paired" in page.content()

    player.reload()
    expect(player.locator("#standings")).to_contain_text("Bob")
    standings = player.locator("#standings").inner_text()
    assert "Alice" in standings and "Bob" in standings
    player.locator("#round-games a").first.click()
    expect(player).to_have_url(re.compile(r"/games/\d+$"))
    assert re.search(r"/games/\d+$", player.url)
    assert "Spike" in player.content()


def test_a_director_forfeits_a_named_player_through_the_confirmation_page(
        app, live_server, browser_page, make_player):
    t = started(make_player, "spike", 2, settings("swiss", rounds=1))
    (tb,) = t.rounds[0].tables
    mover, other = (s.player.name for s in tb.game.seats)
    page = browser_page
    page.goto(sign_in_url(t.created_by))
    page.locator("main").get_by_role("button").last.click()  # not the footer's
    page.goto(f"{live_server}/admin/tournaments/{t.id}")
    expect(page.locator("#stalled")).to_contain_text(f"{mover}, since")
    page.get_by_role("link", name=f"Forfeit {other}…").click()
    expect(page.locator("#consequence")).to_contain_text(
        f"{other} forfeits game #{tb.game_id}: {mover} wins it")
    screenshot(page, "forfeit-confirmation")
    page.get_by_label("Reason (shown in the log)").fill(f"{other} asked to stop")
    page.get_by_role("button", name=f"Forfeit {other}").click()
    expect(page.locator(".flash")).to_contain_text(f"forfeited {other} in game #{tb.game_id}")
    assert resigned_seats([tb.game_id])[tb.game_id] == [1]


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_a_follower_reads_the_bracket_on_a_phone_and_a_desktop(
        app, live_server, browser_page, make_player, width, height):
    t = started(make_player, "spike", 6, settings("knockout", best_of=1))
    page = browser_page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server}/tournaments/{t.id}")
    expect(page.locator("#bracket")).to_contain_text("has a bye")
    expect(page.locator("#bracket")).to_contain_text("Final")
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    screenshot(page, f"knockout-{width}x{height}")
    for day in (8, 16, 24):  # nobody plays: whoever must move first loses each game
        tick(T0 + timedelta(days=day))
    (final,) = service.get_tournament(t.id).rounds[-1].tables
    champion = next(e.player.name for e in t.entrants if e.player_id == final.seats[1])
    page.reload()
    expect(page.locator("#champion")).to_have_text(f"Champion: {champion}")
    assert page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    screenshot(page, f"knockout-finished-{width}x{height}")
    swiss = started(make_player, "spike", 12, settings("swiss", rounds=3))
    play_open_games(swiss.id, random.Random(2))
    tick(T0)
    page.goto(f"{live_server}/tournaments/{swiss.id}")
    expect(page.locator("#standings")).to_contain_text("Player 1")
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    screenshot(page, f"swiss-{width}x{height}")
