"""Replaying a finished game in a real browser: the keyboard and the links step through the
positions, the board changes and the address follows."""

from __future__ import annotations

import random

import pytest
from helpers import play_turns

pytestmark = pytest.mark.browser


def board(page) -> str:
    return page.inner_html("figure.board")


def test_stepping_through_a_finished_game(live_server, browser_page, make_game):
    game = play_turns(make_game("pylon", seed=6), 400, random.Random(6))
    assert game.status == "finished"
    page, base = browser_page, f"{live_server}/games/{game.id}"
    page.goto(base)
    final = board(page)

    page.keyboard.press("Home")
    page.wait_for_url(f"{base}?ply=0")
    start = board(page)
    assert start != final and "Position after ply 0" in page.inner_text("nav.replay")

    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"{base}?ply=1")
    assert board(page) != start
    assert f"after P1 {game.moves[0].move}" in page.inner_text("nav.replay")

    page.click('nav.replay a[data-step="next"]')
    page.wait_for_url(f"{base}?ply=2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"{base}?ply=1")

    page.click('ol.moves a[href$="?ply=10"]')
    page.wait_for_url(f"{base}?ply=10")
    assert page.get_attribute("ol.moves li.last", "value") == "10"

    page.keyboard.press("End")
    page.wait_for_url(f"{base}?ply={game.ply}")
    assert board(page) == final

    page.go_back()  # the address changes first, then the position is fetched and shown
    page.wait_for_selector("nav.replay:has-text('Position after ply 10 of')")
    assert page.url == f"{base}?ply=10"
    # Without a reload: the script's live region survived every step.
    assert page.locator("p[aria-live]").count() == 1


def test_the_links_work_without_javascript(live_server, browser_page, make_game):
    game = play_turns(make_game("pylon", seed=6), 3, random.Random(6))
    context = browser_page.context.browser.new_context(java_script_enabled=False)
    plain = context.new_page()
    plain.goto(f"{live_server}/games/{game.id}?ply=1")
    plain.click('nav.replay a[data-step="next"]')
    plain.wait_for_url(f"{live_server}/games/{game.id}?ply=2")
    assert "Position after ply 2 of 3" in plain.inner_text("nav.replay")
    context.close()
