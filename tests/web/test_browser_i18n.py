"""The most-seen pages in German and French in a real browser: the home page, a game page
showing a refused move, and the lobby, with no English left on them (their visible text holds
none of the English catalogue's messages). Screenshots of the German pages, the longest-worded,
go to ``PBEM_SCREENSHOTS`` when it names a folder, for a person to look at."""

from __future__ import annotations

import pytest
from helpers import english_left, screenshot
from playwright.sync_api import expect

from pbem.botplay.accounts import ensure_bots
from pbem.core.extensions import db

from .test_browser_home import PHONE, WIDE, games_of_ada, sign_in_browser


def visible(page) -> str:
    """The page's text, less the board's description for screen readers: the rules modules
    write it, in English, with their own words for pieces (small, large), not the site."""
    text = page.locator("body").inner_text()
    for description in page.locator("figcaption.description").all_inner_texts():
        text = text.replace(description, "")
    return text


@pytest.mark.browser
@pytest.mark.parametrize("language", ["de", "fr"])
def test_home_game_page_with_a_refusal_and_lobby_speak_the_language(
        app, live_server, chromium, make_player, language):
    ada = games_of_ada(make_player)
    ada.language = language
    db.session.commit()
    context = chromium.new_context(locale=language, viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    shots = {}

    page.goto(live_server + "/")  # a visitor: the browser's language
    assert page.locator("html").get_attribute("lang") == language
    assert english_left(visible(page), language) == []

    sign_in_browser(app, page, live_server, ada)
    page.goto(live_server + "/")
    expect(page.locator("h1")).to_have_text({"de": "Deine Partien", "fr": "Vos parties"}[language])
    assert english_left(visible(page), language) == []
    shots["home"] = page.url

    game_link = page.locator("section.move a.game-link", has_text="Pylon").first
    game_link.click()
    page.fill("input[name=move]", "a1-a2")  # during placement: refused, with its reason
    page.locator("button[name=action][value=preview]").click()
    refusal = {"de": "das Brett ist noch nicht voll: setz eine Pyramide",
               "fr": "le plateau n’est pas encore plein : posez une pyramide"}[language]
    expect(page.locator("p.error")).to_contain_text(refusal)
    assert english_left(visible(page), language) == []

    page.goto(live_server + "/challenges")
    assert english_left(visible(page), language) == []
    shots["lobby"] = page.url

    if language == "de":  # German words run longest: look at every page for overflow
        for size_name, size in (("wide", WIDE), ("phone", PHONE)):
            page.set_viewport_size(size)
            for name, url in {**shots, "game": game_link_url(live_server, ada),
                              "account": live_server + "/account",
                              "new": live_server + "/new/stawvs"}.items():
                page.goto(url)
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= size["width"], (name, size_name, width)
                screenshot(page, f"i18n/de-{name}-{size_name}")
    context.close()


def game_link_url(base: str, player) -> str:
    from pbem.play.queries import games_of

    game = next(game for game in games_of(player) if game.slug == "stawvs")
    return f"{base}/games/{game.id}"


@pytest.mark.browser
def test_the_newly_translated_german_pages_fit_a_phone_and_show_no_english(
        app, live_server, chromium, make_player):
    """The tournament, director, admin, rating, analysis, conditional and bot pages in German, the
    longest-worded language: no English left, nothing wider than the screen at 1280x800 or
    390x844; screenshots of each go to ``PBEM_SCREENSHOTS`` when it is set."""
    from test_i18n import german_tournament

    t, director, waiting, game_id = german_tournament(make_player)
    context = chromium.new_context(locale="de", viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    pages = {"tournament": f"/tournaments/{t.id}", "manage": f"/admin/tournaments/{t.id}",
             "tournament-edit": f"/admin/tournaments/{t.id}/edit", "admin": "/admin/",
             "leaderboard": "/rules/pylon/ratings", "ratings-about": "/ratings/about",
             "analysis": f"/games/{game_id}/analysis", "tokens": "/account/tokens",
             "push": "/account/push"}
    sign_in_browser(app, page, live_server, director)
    for size_name, size in (("1280x800", WIDE), ("390x844", PHONE)):
        page.set_viewport_size(size)
        for name, path in pages.items():
            page.goto(live_server + path)
            screenshot(page, f"de-{name}-{size_name}")
            assert english_left(visible(page), "de") == [], name
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"], (name, size_name, width)
    # A bot's page holds the levels' table, whose rows are the widest; the bot comes now, as
    # its name ("pbem bot, level 2") would read as the English word on the pages above.
    bot = ensure_bots()[1]
    db.session.commit()
    for size_name, size in (("1280x800", WIDE), ("390x844", PHONE)):
        page.set_viewport_size(size)
        page.goto(f"{live_server}/players/{bot.id}")
        screenshot(page, f"de-bot-{size_name}")
        assert set(english_left(visible(page), "de")) <= {"bot"}  # its name, not a message
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], ("bot", size_name, width)
        # On a phone each row of the measured table is a block: its game as the heading, its
        # other cells labelled in German; on a wide screen it is a plain table.
        labels = page.evaluate("""[...document.querySelector('table.bot-measured tbody tr')
            .cells].map(cell => getComputedStyle(cell, '::before').content)""")
        assert labels == (["none", '"Begegnung: "', '"Punktzahl: "',
                           '"Partien (gewonnen, remis, verloren): "'] if size is PHONE
                          else ["none"] * 4), labels
        levels = page.evaluate("""[...document.querySelector('table.bot-levels tbody tr')
            .cells].map(cell => getComputedStyle(cell, '::before').content)""")
        heads = page.locator("table.bot-levels thead th").all_inner_texts()
        assert levels == ([f'"{heads[0]} "'] + [f'"{head}: "' for head in heads[1:]]
                          if size is PHONE else ["none"] * 4), levels
        assert heads[0] == "Stufe"  # the level's number reads "Stufe 1" on a phone
    sign_in_browser(app, page, live_server, waiting)
    for size_name, size in (("1280x800", WIDE), ("390x844", PHONE)):
        page.set_viewport_size(size)
        page.goto(f"{live_server}/games/{game_id}/conditional")
        expect(page.locator("h1")).to_contain_text("Deine bedingten Züge in")
        assert english_left(visible(page), "de") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"de-conditional-{size_name}")
    context.close()
