"""The home page in a real browser, wide and phone-sized: the lists fit the screen, the games
waiting for your move are at the top, the navigation counts them. Screenshots go to
``PBEM_SCREENSHOTS`` when it names a folder, for a person to look at."""

from __future__ import annotations

import random
from datetime import timedelta

from clocks.stored import timed_game
from freezegun import freeze_time
from helpers import play_turns, screenshot
from playwright.sync_api import expect

from pbem.core.db import utcnow
from pbem.play import commands
from pbem.play.commands import create_game

WIDE, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}


def games_of_ada(make_player):
    """Ada's games, begun at different times: four for her move, two for others', an
    invitation, two finished."""
    ada, bruno, chiara, dmitri = (make_player(name=name) for name in
                                  ("Ada", "Bruno", "Chiara", "Dmitri"))
    now, rng = utcnow(), random.Random(5)

    def game(slug, players, control, hours_ago, turns):
        started = timed_game(players, control, slug=slug, at=now - timedelta(hours=hours_ago))
        with freeze_time(now - timedelta(hours=hours_ago / 2)):
            return play_turns(started, turns, rng)
    game("stawvs", [bruno, chiara, ada], "3d/move", 30, 2)
    game("spike", [bruno, ada], "1d/move", 20, 1)
    game("pylon", [ada, dmitri], None, 50, 4)
    game("stax", [chiara, bruno, ada], "5d/move", 4, 2)
    game("triumvirate", [ada, dmitri], "2d/move", 8, 1)
    game("stax", [ada, bruno], "7d/move", 70, 3)
    create_game("pylon", [chiara, ada], creator=chiara, seed=3)
    won = game("spike", [ada, chiara], None, 90, 2)
    commands.resign(commands.locked(won.id), 1)
    lost = game("pylon", [dmitri, ada], None, 120, 2)
    commands.resign(commands.locked(lost.id), 1)
    return ada


def sign_in_browser(app, page, base: str, player) -> None:
    """The browser holds a session cookie for ``player``, as signing in leaves."""
    serializer = app.session_interface.get_signing_serializer(app)
    cookie = serializer.dumps({"player_id": player.id, "generation": player.session_generation})
    page.context.add_cookies([{"name": app.config["SESSION_COOKIE_NAME"], "value": cookie,
                               "url": base}])


def test_the_home_page_fits_a_desktop_and_a_phone(app, live_server, browser_page, make_player):
    page = browser_page
    ada = games_of_ada(make_player)
    sign_in_browser(app, page, live_server, ada)
    page.set_viewport_size(WIDE)
    page.goto(live_server + "/")
    expect(page.locator("header.site .badge")).to_contain_text("4")
    yours = page.locator("section.move li.card")
    expect(yours).to_have_count(4)
    expect(yours.last).to_be_in_viewport()
    screenshot(page, "home-1280x800")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "home-1280x800-dark")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(PHONE)
    page.goto(live_server + "/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(yours.first).to_be_in_viewport()
    box = yours.first.locator("a.go").bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24  # a tap target (WCAG 2.2)
    screenshot(page, "home-phone")
    page.locator("section.move li.card a.go").first.click()
    expect(page).to_have_url(live_server + "/games/2")  # the nearest deadline: Spike, 1 day


def test_the_forms_with_a_time_control_fit_a_phone(app, live_server, browser_page, make_player):
    """A fieldset grows to its widest control and a select to its longest choice; the new-game
    and challenge forms (time control, options) must still fit a 390-px screen."""
    page = browser_page
    sign_in_browser(app, page, live_server, make_player(name="Ada"))
    page.set_viewport_size(PHONE)
    for path in ("/new/stawvs", "/new/stax", "/challenges/new/triumvirate"):
        page.goto(live_server + path)
        expect(page.locator("fieldset legend").first).to_have_text("Time control")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
