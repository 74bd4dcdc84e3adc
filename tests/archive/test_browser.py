"""Replaying a finished game in a real browser: the keyboard and the links step through the
positions, the board changes and the address follows."""

from __future__ import annotations

import random
import re

import pytest
from helpers import play_turns, screenshot
from playwright.sync_api import expect

from pbem.games import all_rules

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def screenshots(page, name: str) -> None:
    """The page as it stands, at a desktop's and a phone's size (left at the phone's), saved
    when ``PBEM_SCREENSHOTS`` names a folder."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"{name}-{size}")


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
    replay = page.locator("nav.replay")  # the address changes first, then the position
    expect(replay).to_contain_text("Position after ply 0 of")
    start = board(page)
    assert start != final and "Position after ply 0" in page.inner_text("nav.replay")

    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"{base}?ply=1")
    expect(replay).to_contain_text("Position after ply 1 of")
    assert board(page) != start
    assert f"after P1 {game.moves[0].move}" in page.inner_text("nav.replay")

    page.click('nav.replay a[data-step="next"]')
    page.wait_for_url(f"{base}?ply=2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"{base}?ply=1")

    page.click('ol.moves a[href$="?ply=10"]')
    page.wait_for_url(f"{base}?ply=10")
    expect(page.locator("ol.moves li.last")).to_have_attribute("value", "10")
    assert page.get_attribute("ol.moves li.last", "value") == "10"

    page.keyboard.press("End")
    page.wait_for_url(f"{base}?ply={game.ply}")
    expect(replay).to_contain_text(f"Position after ply {game.ply} of {game.ply}")
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


def test_every_fast_key_press_counts(live_server, browser_page, make_game):
    game = play_turns(make_game("pylon", seed=6), 30, random.Random(6))
    assert game.ply >= 20
    page, base = browser_page, f"{live_server}/games/{game.id}"
    page.goto(f"{base}?ply=0")
    for _ in range(15):
        page.keyboard.press("ArrowRight")
    expect(page).to_have_url(f"{base}?ply=15")
    expect(page.locator("nav.replay")).to_contain_text(f"Position after ply 15 of {game.ply}")
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    expect(page.locator("nav.replay")).to_contain_text(f"Position after ply 10 of {game.ply}")
    expect(page).to_have_url(f"{base}?ply=10")
    for _ in range(10):  # presses 30 ms apart: some land while a step is being fetched
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(30)
    expect(page).to_have_url(f"{base}?ply=20")
    expect(page.locator("nav.replay")).to_contain_text(f"Position after ply 20 of {game.ply}")
    screenshots(page, "game-replay")


def test_replay_keys_work_where_the_reader_is_to_move(app, live_server, browser_page,
                                                       make_game):
    from pbem.play.links import move_url

    game = play_turns(make_game("pylon", seed=6), 6, random.Random(6))
    to_move = game.rules.to_move(game.load_state())
    page, base = browser_page, f"{live_server}/games/{game.id}"
    page.goto(move_url(game, to_move))
    expect(page.locator("form.move-form")).to_be_visible()
    screenshots(page, "game-to-move")
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(f"{base}?ply={game.ply - 1}")
    page.keyboard.press("ArrowLeft")  # each step shown, so each is in the history
    expect(page).to_have_url(f"{base}?ply={game.ply - 2}")
    expect(page.locator("nav.replay")).to_contain_text(
        f"Position after ply {game.ply - 2} of {game.ply}")
    # Back to the move link's page (later, so the call returns before the page reloads).
    page.evaluate("setTimeout(() => history.go(-2))")
    expect(page).to_have_url(re.compile(r".*/play/.*"))
    expect(page.locator("form.move-form")).to_be_visible()


def test_the_archive_fits_a_phone(live_server, browser_page, make_player, make_game):
    players = [make_player(name=name) for name in ("Annabel Longname", "Bartholomew Q.")]
    for seed in range(3):
        play_turns(make_game("pylon", players=players, seed=seed), 400, random.Random(seed))
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/archive")
    expect(page.locator("table.games tbody tr")).to_have_count(3)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    screenshots(page, "archive")
    page.goto(f"{live_server}/archive?by=annabel+longname&sort=longest")
    expect(page.locator("input[name=by]")).to_have_value("Annabel Longname")
    screenshots(page, "archive-player")


def test_every_rules_page_fits_a_phone(live_server, browser_page):
    """A game's options read row by row on a phone: their table had been wider than the
    screen (Pylon's 498 px at 390)."""
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    for rules in all_rules():
        page.goto(f"{live_server}/rules/{rules.slug}")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390, rules.slug
    screenshots(page, "rules-triumvirate")


def test_a_finished_multi_ply_game_reads_well_on_a_phone(live_server, browser_page,
                                                         make_game):
    from pbem.play import commands

    game = play_turns(make_game("spike", options={"hop": "true"}, seed=4), 16,
                      random.Random(4))
    commands.resign(commands.locked(game.id), 0)
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/games/{game.id}")
    expect(page.locator("p.result")).to_contain_text("ended by resignation")
    expect(page.locator("p.options")).to_have_text("Options: Hop: yes.")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    screenshots(page, "game-finished")


def test_paging_through_the_archive_by_its_links(live_server, browser_page, many_games):
    page = browser_page
    page.goto(f"{live_server}/archive")
    expect(page.locator("p.count")).to_have_text("48 games.")
    first = page.locator("td[data-label=Game] a").all_inner_texts()
    screenshots(page, "archive-list")
    page.click("nav.pager a[rel=next]")
    page.wait_for_url(re.compile(r"/archive\?after=\d+$"))
    older = page.locator("td[data-label=Game] a").all_inner_texts()
    assert len(older) == 48 - 25 and not set(older) & set(first)
    screenshots(page, "archive-older")
    page.click("nav.pager a[rel=prev]")
    page.wait_for_url(re.compile(r"/archive\?before=\d+$"))
    assert page.locator("td[data-label=Game] a").all_inner_texts() == first
    page.select_option("select[name=game]", "stawvs")
    page.click("form.filters button")
    expect(page.locator("p.count")).to_have_text("16 games.")

