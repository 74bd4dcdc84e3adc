"""The analysis board in a browser, in every game: three plies explored with clicks, then a
two-turn line kept as conditional moves; with JavaScript and without."""

from __future__ import annotations

import pytest
from helpers import screenshot
from playwright.sync_api import expect

from pbem.conditional import service as conditional
from pbem.games import all_rules
from pbem.play.queries import get_game


def sign_in_browser(app, context, base: str, player) -> None:
    serializer = app.session_interface.get_signing_serializer(app)
    cookie = serializer.dumps({"player_id": player.id, "generation": player.session_generation})
    context.add_cookies([{"name": app.config["SESSION_COOKIE_NAME"], "value": cookie,
                          "url": base}])


def two_turns(rules, state) -> int:
    """How many plies, each the first legal one, make the next two whole turns."""
    count, turns = 0, 0
    while turns < 2:
        state = rules.play(state, rules.legal_moves(state)[0])
        count += 1
        if rules.is_turn_complete(state):
            turns += 1
            while not rules.is_over(state) and rules.legal_moves(state) == ["pass"]:
                state, count = rules.play(state, "pass"), count + 1
    return count


def click_on_board(page, game):
    """The first legal move played by clicking its route on the board (a choice drawn
    beside the board is a button under it)."""
    move = game.rules.legal_moves(game.load_state())[0]
    for kind, value in game.renderer.routes(move)[0]:
        if kind == "choice":
            page.locator("button.choice-step").filter(has_text=value).first.click()
        else:
            page.locator(f'figure.board [data-{kind}="{value}"]').first.click()
    return move


def explore_and_keep(page, base, game, shots: bool):
    line = page.locator("ol.analysis-line li")
    page.goto(f"{base}/games/{game.id}/analysis")
    expect(page.locator("figure.board svg")).to_be_visible()
    first = 1
    if shots:  # with JavaScript: the first ply by clicks on the board
        move = click_on_board(page, game)
        expect(line).to_have_count(1)
        expect(line.first).to_contain_text(move)
        first = 2
    for count in range(first, 4):
        page.locator("ul.legal-moves a.step").first.click()
        expect(line).to_have_count(count)
    if shots:
        screenshot(page, f"analysis-{game.slug}-{page.viewport_size['width']}", full_page=False)
    page.locator("a[data-step=reset]").click()
    expect(page.locator(".empty-line")).to_be_visible()
    plies = two_turns(game.rules, game.load_state())
    for count in range(1, plies + 1):
        page.locator("ul.legal-moves a.step").first.click()
        expect(line).to_have_count(count)
    page.get_by_role("button", name="Keep this line as conditional moves").click()
    expect(page.locator("h1")).to_contain_text("Your conditional moves")
    tree = conditional.read(game.id, game.seats[1].player_id)
    assert tree is not None and len(tree.lines) == 1 and len(tree.lines[0]) == 2
    assert [turn[0] for turn in tree.lines[0]] == [0, 1]
    expect(page.locator("textarea[name=lines]")).to_have_value(
        " ; ".join(turn for _, turn in tree.lines[0]))
    assert get_game(game.id).ply == 0


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_explore_three_plies_and_keep_a_line_in_every_game(app, live_server, chromium,
                                                           make_game, javascript):
    context = chromium.new_context(java_script_enabled=javascript,
                                   viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for rules in all_rules():
            game = make_game(rules.slug)
            sign_in_browser(app, context, live_server, game.seats[1].player)
            explore_and_keep(page, live_server, game, shots=javascript)
        assert errors == []
    finally:
        context.close()


def test_the_board_fits_a_phone(app, live_server, chromium, make_game):
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        game = make_game("stax")
        page.goto(f"{live_server}/games/{game.id}/analysis")
        page.locator("ul.legal-moves a.step").first.click()
        expect(page.locator("ol.analysis-line li")).to_have_count(1)
        screenshot(page, "analysis-stax-390")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 1
    finally:
        context.close()
