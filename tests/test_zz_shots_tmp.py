import random
from pathlib import Path

import pytest
from helpers import play_turns

from pbem.accounts.service import sign_in_url
from pbem.core.extensions import db

pytestmark = [pytest.mark.browser]
OUT = Path("/tmp/shots/players")


def shoot(page, name):
    OUT.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=OUT / f"{name}-1280.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=OUT / f"{name}-390.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_shots(app, smtp, live_server, browser_page, make_player, make_game):
    page = browser_page
    base = app.config["BASE_URL"]
    me = make_player("shot@example.com", joined=False)
    db.session.commit()
    page.goto(sign_in_url(me))
    page.get_by_role("button").last.click()
    shoot(page, "choose-name")
    page.goto(base + "/")
    shoot(page, "home-nudge")
    page.goto(base + "/settings/notifications")
    shoot(page, "notifications")
    over = play_turns(make_game("pylon", players=[me, make_player(name="Olga")], seed=2), 400,
                      random.Random(7))
    page.goto(f"{base}/games/{over.id}")
    shoot(page, "game-over")
    page.goto(f"{base}/archive")
    shoot(page, "archive")
    page.goto(f"{base}/challenges")
    shoot(page, "challenges")
    stax = make_game("stax", players=[me, make_player(name="Sam")], seed=3)
    page.goto(f"{base}/games/{stax.id}")
    page.locator("input[name=move]").press_sequentially("K@")
    shoot(page, "stax-picker")
