"""In a real browser (the system chromium through Playwright): a player opens the link from a
received turn email, clicks a move on the board, confirms, and the opponent's email arrives."""

from __future__ import annotations

import json
import re

import pytest
from helpers import wait_for_mail

from pbem.mail.sender import deliver_due
from pbem.play.queries import get_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

def link_in(message) -> str:
    return re.search(r"http://\S+/play/\S+", message.get_body(("plain",)).get_content()).group(0)


@pytest.mark.parametrize("slug, clicks, candidate, expected", [
    ("pylon", ["c3"], "Mc3", "Mc3"),          # a square, then the size among the candidates
    ("stawvs", ["d4"], None, None),            # a placement: one click is the whole move
])
def test_move_from_the_email_link_by_clicking_the_board(
        app, smtp, live_server, browser_page, make_game, slug, clicks, candidate, expected):
    game = make_game(slug, seed=3)
    first, second = (seat.player.email for seat in game.seats[:2])
    deliver_due()
    page = browser_page
    page.goto(link_in(wait_for_mail(smtp, first, 1)))
    for cell in clicks:
        page.locator(f'figure.board [data-cell="{cell}"]').first.click()
    if candidate:
        page.locator(f'button.candidate[data-move="{candidate}"]').click()
    page.wait_for_selector("button.confirm")
    played = page.locator(".preview-move").inner_text()
    assert played == (expected or played) and (expected or clicks[0]) in played
    page.locator("button.confirm").click()
    page.wait_for_selector("text=Your move was played")
    assert get_game(game.id).moves[0].move == played
    mail = wait_for_mail(smtp, second, 1)
    assert played in mail.get_body(("plain",)).get_content()
    assert f"/games/{game.id}" in page.url


def still_composing(page) -> bool:
    """False once the composer has submitted (the marker set on the old page is gone)."""
    from playwright.sync_api import Error

    try:
        return page.evaluate("window.composing === true")
    except Error:  # the old page's context went away mid-call: it navigated
        return False


def click_a_legal_ply(page) -> str:
    """Compose the first legal ply by clicking its squares (and, if offered, its button); the
    composer submits it for a preview, which loads a new page."""
    move = json.loads(page.locator("form.move-form").get_attribute("data-legal"))[0]
    names = page.eval_on_selector_all("figure.board [data-cell]",
                                      "els => els.map(e => e.dataset.cell)")
    pattern = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
    page.evaluate("window.composing = true")
    for cell in re.findall(pattern, move):
        page.locator(f'figure.board [data-cell="{cell}"]').first.click()
        if not still_composing(page):
            break
    if still_composing(page):
        page.locator(f'button.candidate[data-move="{move}"]').click()
    page.wait_for_url(re.compile(r".*/preview$"))
    return move


@pytest.mark.parametrize("slug", ["triumvirate", "spike"])
def test_a_whole_multi_ply_turn_is_composed_on_the_page(
        app, smtp, live_server, browser_page, make_game, slug):
    game = make_game(slug, seed=3)
    first, second = (seat.player.email for seat in game.seats[:2])
    deliver_due()
    page = browser_page
    page.goto(link_in(wait_for_mail(smtp, first, 1)))
    plies = []
    while not page.locator("button.confirm").count():
        plies.append(click_a_legal_ply(page))
        page.wait_for_load_state()
        assert len(plies) < 30
    assert page.locator(".preview-move").inner_text().split() == plies
    page.locator("button.confirm").click()
    page.wait_for_selector("text=Your move was played")
    assert [m.move for m in get_game(game.id).moves if not m.auto][:len(plies)] == plies
    wait_for_mail(smtp, second, 1)
    assert len(smtp.to(second)) == 1  # one email for the whole turn


def test_end_a_game_by_agreement_through_the_page_and_the_emailed_link(
        app, smtp, live_server, browser_page, make_game):
    game = make_game("stax", seed=2)
    first, second = (seat.player.email for seat in game.seats)
    deliver_due()
    page = browser_page
    page.goto(link_in(wait_for_mail(smtp, first, 1)))
    page.locator("section.end-offer summary").click()
    page.locator("button", has_text="Propose to end the game").click()
    page.wait_for_selector("text=Waiting for the other players to answer")
    offer = wait_for_mail(smtp, second, 1)
    assert "proposes to end" in offer.get_body(("plain",)).get_content()
    page.goto(link_in(offer))
    page.locator("button", has_text="Accept: end the game").click()
    page.wait_for_selector("text=Ended by agreement. A draw.")
    assert get_game(game.id).result["agreed"]
    for address in (first, second):  # after the first's turn email, the second's proposal
        over = wait_for_mail(smtp, address, 2)
        assert "The players agreed to end it." in over.get_body(("plain",)).get_content()
