"""In a real browser (the system chromium through Playwright): a player opens the link from a
received turn email, composes the move by clicks on the board (and the choices beside it),
confirms, and the opponent's email arrives. What the page highlights is compared with the
legal moves the rules list; screenshots of every game page, wide and phone-sized, go to
``PBEM_SCREENSHOTS`` when it names a folder, for a person to look at."""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers import play_turns, screenshot, wait_for_mail
from playwright.sync_api import expect

from pbem.games.stax.notation import parse_dirset
from pbem.games.stax.tiles import FACE_OF, type_code
from pbem.mail.sender import deliver_due
from pbem.play import links
from pbem.play.queries import get_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def link_in(message) -> str:
    return re.search(r"http://\S+/play/\S+", message.get_body(("plain",)).get_content()).group(0)


def open_turn_email(page, smtp, game):
    """The first seat's turn email's link, opened at 1280×800; the move form is in view."""
    deliver_due()
    page.set_viewport_size(WIDE)
    page.goto(link_in(wait_for_mail(smtp, game.seats[0].player.email, 1)))
    expect(page.locator("form.move-form button[value=preview]")).to_be_in_viewport(ratio=1)


def screenshots(page, name: str):
    """The page as a desktop and as a phone show it (the phone first at the top: the board,
    then the move controls), when screenshots are wanted."""
    screenshot(page, f"{name}-1280x800", full_page=False)
    page.emulate_media(color_scheme="dark")
    screenshot(page, f"{name}-1280x800-dark", full_page=False)
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(PHONE)
    screenshot(page, f"{name}-phone")
    page.set_viewport_size(WIDE)


def legal(page) -> list[str]:
    return [move for move, _ in json.loads(page.locator("script.legal-plies").text_content())
            ["plies"]]


def targets(page, selector: str, expected: set[str], attribute: str) -> None:
    """The highlighted parts matching ``selector`` are exactly ``expected``."""
    found = page.locator(f"figure.board .target{selector}")
    expect(found).to_have_count(len(expected))
    assert set(found.evaluate_all(f"els => els.map(e => e.getAttribute('{attribute}'))")) \
        == expected


def cell(page, name: str):
    return page.locator(f'figure.board .target[data-cell="{name}"]').first.click()


def token(page, value: str):
    return page.locator(f'figure.board .target[data-token="{value}"]').first.click()


def choice(page, value: str):
    return page.locator(f'button.choice[data-choice="{value}"]:visible').click()


STEP = {"cell": cell, "token": token, "choice": choice}


def confirm(page, smtp, game, plies):
    expect(page.locator(".preview-move")).to_have_text(" ".join(plies))
    page.locator("button.confirm").click()
    expect(page.get_by_text("Your move was played")).to_be_visible()
    assert [m.move for m in get_game(game.id).moves if not m.auto][: len(plies)] == plies
    mail = wait_for_mail(smtp, game.seats[1].player.email, 1)
    assert plies[-1] in mail.get_body(("plain",)).get_content()


def test_stawvs_a_placement_is_one_click_on_a_highlighted_square(
        app, smtp, live_server, page, make_game):
    game = make_game("stawvs", seed=3)
    open_turn_email(page, smtp, game)
    targets(page, "[data-cell]", set(game.rules.legal_moves(game.load_state())), "data-cell")
    screenshots(page, "stawvs")
    cell(page, "d4")
    confirm(page, smtp, game, ["d4"])


def test_pylon_a_size_in_hand_highlights_where_it_may_go(
        app, smtp, live_server, page, make_game):
    game = make_game("pylon", seed=3)
    open_turn_email(page, smtp, game)
    screenshots(page, "pylon")
    token(page, "M")
    expect(page.locator('figure.board [data-token="M"]').first).to_have_class(re.compile("picked"))
    everywhere = {m[1:] for m in game.rules.legal_moves(game.load_state()) if m[0] == "M"}
    targets(page, "[data-cell]", everywhere, "data-cell")
    cell(page, "c3")
    confirm(page, smtp, game, ["Mc3"])


def test_pylon_an_empty_square_first_offers_the_sizes_from_the_keyboard(
        app, smtp, live_server, page, make_game):
    game = make_game("pylon", seed=3)
    open_turn_email(page, smtp, game)
    page.locator('figure.board [data-cell="e2"]').focus()
    page.keyboard.press("Enter")
    targets(page, "[data-token]", {"S", "M", "L"}, "data-token")
    page.keyboard.press("Tab")  # the sizes are the only parts left in the tab order
    expect(page.locator('figure.board [data-token="S"]')).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator('figure.board [data-token="L"]')).to_be_focused()
    page.keyboard.press("Escape")  # start again: nothing picked, the square first once more
    expect(page.locator("figure.board .picked")).to_have_count(0)
    page.locator('figure.board [data-cell="e2"]').focus()
    page.keyboard.press("Enter")
    page.locator('figure.board [data-token="L"]').focus()
    page.keyboard.press(" ")
    confirm(page, smtp, game, ["Le2"])


def test_stax_the_first_placement_on_0_0_by_hex_tile_and_orientation(
        app, smtp, live_server, page, make_game):
    game = make_game("stax", seed=3)
    open_turn_email(page, smtp, game)
    page.locator("figure.board .coord").first.wait_for()
    screenshots(page, "stax")
    moves = game.rules.legal_moves(game.load_state())
    assert len(moves) == 63 and all(m.endswith("@0,0") for m in moves)
    page.locator('figure.board [data-token][data-seat="1"]').first.click()  # not the mover's
    expect(page.locator(".composer .prompt")).to_contain_text("another player's")
    expect(page.locator("figure.board .picked")).to_have_count(0)
    cell(page, "0,0")
    def tiles(dirsets):  # a tile is its type and, for 3h, its face
        return {(type_code(parse_dirset(d)), FACE_OF[parse_dirset(d)]) for d in dirsets}

    in_moves = tiles(m.split("@")[0] for m in moves)
    found = page.locator('figure.board .target[data-token][data-seat="0"]')
    expect(found).to_have_count(len(in_moves))
    assert tiles(found.evaluate_all("els => els.map(e => e.dataset.token)")) == in_moves
    token(page, "E+NE+NW")
    shown = page.locator("button.choice:visible")
    three_f = {m.split("@")[0] for m in moves if type_code(parse_dirset(m.split("@")[0])) == "3f"}
    expect(shown).to_have_count(len(three_f))
    assert set(shown.evaluate_all("els => els.map(e => e.dataset.choice)")) == three_f
    expect(shown.first.locator("svg polygon").first).to_be_visible()  # a picture of the tile
    screenshots(page, "stax-choices")
    choice(page, "NE+NW+W")
    confirm(page, smtp, game, ["NE+NW+W@0,0"])


def test_stawvs_a_move_may_claim_the_square_it_left(app, smtp, live_server, page, make_game):
    """From, to, then the claim: clicking the picked origin again claims it (a5-a2/a5)."""
    game = play_turns(make_game("stawvs", seed=3), 6, random.Random(2))
    state = game.load_state()
    seat = game.rules.to_move(state)
    moves = game.rules.legal_moves(state)
    move = next(m for m in moves if m.split("-")[0] == m.split("/")[1])
    origin, target = move.split("/")[0].split("-")
    page.set_viewport_size(WIDE)
    page.goto(links.move_url(game, seat))
    cell(page, origin)
    targets(page, "[data-cell]", {m.split("-")[1].split("/")[0] for m in moves
                                  if m.startswith(origin + "-")}, "data-cell")
    cell(page, target)
    cell(page, origin)
    expect(page.locator(".preview-move")).to_have_text(move)


def click_first_part(page):
    """Compose the first legal ply of the turn (the page's initial list) by clicks."""
    move, routes = json.loads(page.locator("script.legal-plies").text_content())["plies"][0]
    for kind, value in routes[0]:
        STEP[kind](page, value)
    return move


@pytest.mark.parametrize("slug", ["spike", "triumvirate"])
def test_a_whole_multi_ply_turn_is_clicked_on_the_page_and_sent_once(
        app, smtp, live_server, page, make_game, slug):
    """Every part of the turn is clicked on one page (no page load between parts: the page
    asks ``turn.json`` for the next parts) and the whole turn is sent in one submit, which
    the server checks as one turn."""
    game = make_game(slug, seed=3)
    open_turn_email(page, smtp, game)
    screenshots(page, slug)
    state = game.load_state()
    if slug == "spike":  # the large stash size first: every square it may land on lights up
        token(page, "L")
        lands = {m.split("@")[1].split(":")[0] for m in game.rules.legal_moves(state)
                 if m.startswith("L@")}
        targets(page, "[data-cell]", lands, "data-cell")
        page.locator("button.clear").click()
    else:  # arranging: a piece in reserve is the mover's, but no move starts there yet
        page.locator('figure.board [data-token="1"][data-seat="0"]').click()
        expect(page.locator(".composer .prompt")).to_contain_text(
            "reserve: 3 small: no legal move starts there")
    url = page.url
    page.evaluate("window.__sameDocument = true")  # gone if the page loads again
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    plies = [click_first_part(page)]
    if slug == "triumvirate":  # after the arrangement, a piece shows where it may go
        expect(page.locator(".turn-parts")).to_have_text(plies[0])
        after = game.rules.play(state, plies[0])
        piece = game.rules.legal_moves(after)[0][:2]
        cell(page, piece)
        ends = {m[3:] for m in game.rules.legal_moves(after) if m[:2] == piece}
        targets(page, "[data-cell]", ends, "data-cell")
        screenshots(page, "triumvirate-targets")
        page.locator("button.clear").click()  # back to the start of the turn
        expect(page.locator(".turn-composed")).to_be_hidden()
        plies = [click_first_part(page)]
    position = state
    while True:
        position = game.rules.play(position, plies[-1])
        if game.rules.is_turn_complete(position):
            break
        expect(page.locator(".turn-parts")).to_have_text(" ".join(plies))
        first = game.rules.legal_moves(position)[0]
        for kind, value in game.renderer.routes(first)[0]:
            STEP[kind](page, value)
        plies.append(first)
        assert len(plies) < 30
    if slug == "triumvirate":
        assert len(plies) == 4  # the arrangement and three actions
    send = page.locator("button.send-turn")
    expect(send).to_be_visible()
    assert page.url == url and page.evaluate("window.__sameDocument") is True
    assert posts == []  # nothing was sent while composing
    screenshots(page, f"{slug}-whole-turn")
    expect(page.locator("figure.board .turn").first).to_be_attached()  # the turn is marked
    send.click()
    expect(page.get_by_text("Your move was played")).to_be_visible()
    assert len(posts) == 1 and posts[0].endswith("/move")
    assert [m.move for m in get_game(game.id).moves if not m.auto][: len(plies)] == plies
    mail = wait_for_mail(smtp, game.seats[1].player.email, 1)
    assert plies[-1] in mail.get_body(("plain",)).get_content()
    assert len(smtp.to(game.seats[1].player.email)) == 1  # one email for the whole turn
    screenshots(page, f"{slug}-played")


def test_end_a_game_by_agreement_through_the_page_and_the_emailed_link(
        app, smtp, live_server, page, make_game):
    game = make_game("stax", seed=2)
    first, second = (seat.player.email for seat in game.seats)
    deliver_due()
    page.goto(link_in(wait_for_mail(smtp, first, 1)))
    page.locator("section.end-offer summary").click()
    page.locator("button", has_text="Propose to end the game").click()
    page.wait_for_selector("text=Waiting for the other players to answer")
    offer = wait_for_mail(smtp, second, 1)
    assert "proposes to end" in offer.get_body(("plain",)).get_content()
    page.goto(link_in(offer))
    page.locator("button", has_text="Accept: end the game").click()
    page.wait_for_selector("text=ended by agreement. A draw.")
    assert get_game(game.id).result["agreed"]
    for address in (first, second):  # after the first's turn email, the second's proposal
        over = wait_for_mail(smtp, address, 2)
        assert "The players agreed to end it." in over.get_body(("plain",)).get_content()


SMALL_PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize("slug", ["stawvs", "stax", "spike", "triumvirate", "pylon"])
def test_on_a_small_phone_every_board_target_is_24_px_or_spaced_24_px_apart(
        app, smtp, live_server, page, make_game, slug):
    """WCAG 2.2's target size (2.5.8): 24×24 CSS px, or an undersized target's 24 px circle
    clear of the others' (approximated by the distance between centres)."""
    game = make_game(slug, seed=3)
    open_turn_email(page, smtp, game)
    page.set_viewport_size(SMALL_PHONE)
    parts = page.locator("figure.board :is([data-cell], [data-token])")
    expect(parts.first).to_be_attached()
    boxes = [b for b in parts.evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.x + r.width / 2, r.y + r.height / 2, r.width, r.height]; })")]
    assert boxes
    for x, y, width, height in boxes:
        if width >= 24 and height >= 24:
            continue
        nearest = min(((x - a) ** 2 + (y - b) ** 2) ** 0.5 for a, b, *_ in boxes
                      if (a, b) != (x, y))
        assert nearest >= 24, (slug, x, y, width, height, nearest)
    below = page.locator("form.move-form").bounding_box()
    board = page.locator("figure.board").bounding_box()
    assert below["y"] - (board["y"] + board["height"]) < 150  # the controls follow the board


def test_stawvs_a_move_is_found_by_typing_among_hundreds(
        app, smtp, live_server, page, make_game):
    """The type-ahead picker: typing part of a move lists the legal moves that match, under
    the square they leave; one click previews it. The long list is not shown."""
    game = play_turns(make_game("stawvs", seed=3), 6, random.Random(2))
    state = game.load_state()
    seat = game.rules.to_move(state)
    moves = game.rules.legal_moves(state)
    assert len(moves) > 100
    wanted = moves[len(moves) // 2]
    page.set_viewport_size(WIDE)
    page.goto(links.move_url(game, seat))
    expect(page.locator("select[name=choice]")).to_be_hidden()
    field = page.locator("form.move-form input[name=move]")
    field.press_sequentially(wanted.split("/")[0])  # the from and to squares
    picker = page.locator(".move-picker")
    expect(picker).to_be_visible()
    shown = picker.locator("button.pick")
    expected = [m for m in moves if wanted.split("/")[0] in m]
    expect(shown).to_have_count(len(expected))
    assert set(shown.all_text_contents()) == set(expected)
    expect(picker.locator("h3").first).to_have_text(wanted.split("-")[0])
    screenshots(page, "stawvs-picker")
    picker.locator(f'button.pick[data-move="{wanted}"]').click()
    expect(page.locator(".preview-move")).to_have_text(wanted)


def test_stax_at_390_px_every_tile_in_hand_is_on_screen_and_names_hide_under_tiles(
        app, smtp, live_server, page, make_game):
    """The hands wrap (seven tiles a row), so a phone shows them without scrolling sideways;
    a hex's name over a tile shows only while the hex is pointed at."""
    game = play_turns(make_game("stax", seed=3), 4, random.Random(5))
    page.set_viewport_size(PHONE)
    page.goto(links.move_url(game, game.rules.to_move(game.load_state())))
    tokens = page.locator("figure.board [data-token]")
    expect(tokens.first).to_be_visible()
    rights = tokens.evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")
    assert len(rights) > 14 and max(rights) <= PHONE["width"]
    on_tile = page.locator("figure.board .coord.on-tile").first
    expect(on_tile).to_have_css("opacity", "0")
    page.set_viewport_size(WIDE)
    hex_ = page.locator("figure.board [data-cell]", has=page.locator(".coord.on-tile")).first
    hex_.hover()
    expect(hex_.locator(".coord.on-tile")).to_have_css("opacity", "1")
    screenshots(page, "stax-hands")
