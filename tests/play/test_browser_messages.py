"""In a real browser: a game page with comments and a busy thread still has the move form in
the first screen at 1280×800; a move goes with a comment typed on the confirmation, and a
message posted from the page reaches the opponent. Screenshots of the page, wide and
phone-sized, go to ``PBEM_SCREENSHOTS`` when it names a folder, for a person to look at."""

from __future__ import annotations

import random

import pytest
from helpers import play_turns, screenshot, wait_for_mail
from playwright.sync_api import expect

from pbem.mail.sender import deliver_due
from pbem.play import commands, links
from play.test_browser import PHONE, WIDE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CHATTER = ["Good luck, and have fun!", "Thanks — you too.",
           "That last move surprised me.\nI had not seen the threat on the long diagonal.",
           "<script>alert('not a script')</script>", "Take your time, I am away till Monday."]


def chatty_game(make_game):
    """A Stawvs game (the tallest board) a few turns in, with comments on moves and a thread,
    the first seat to move."""
    game = play_turns(make_game("stawvs", seed=4), 6, random.Random(4))
    state = game.load_state()
    seat = game.rules.to_move(state)
    commands.play_turn(commands.locked(game.id), seat, game.rules.legal_moves(state)[0],
                       game.ply, comment="Your move. This one was forced, I think.")
    for n, text in enumerate(CHATTER):
        commands.post_message(commands.locked(game.id), n % 2, text)
    return commands.locked(game.id)


def shoot(page, name: str) -> None:
    page.set_viewport_size(WIDE)
    screenshot(page, f"comments-{name}-1280x800", full_page=False)
    page.set_viewport_size(PHONE)
    screenshot(page, f"comments-{name}-390x844")
    page.set_viewport_size(WIDE)


def test_comments_and_thread_beside_the_move_form(app, smtp, live_server, page, make_game):
    game = chatty_game(make_game)
    me = game.seats[game.rules.to_move(game.load_state())]
    other = game.seats[1 - me.index]
    deliver_due()
    page.set_viewport_size(WIDE)
    page.goto(links.move_url(game, me.index))
    expect(page.locator("form.move-form button[value=preview]")).to_be_in_viewport(ratio=1)
    thread = page.locator("section.messages ol.thread li")
    expect(thread).to_have_count(len(CHATTER) + 1)
    expect(page.locator("section.messages")).to_contain_text("<script>alert('not a script')")
    expect(page.locator("ol.moves q.comment")).to_have_text(
        "Your move. This one was forced, I think.")
    shoot(page, "game")

    # A message from the page reaches the opponent, and the page shows it.
    received = len(smtp.to(other.player.email))
    page.locator("form.message-form textarea").fill("Posted from the browser.\nTwo lines.")
    page.locator("form.message-form button").click()
    expect(page.locator("section.messages ol.thread li").last).to_contain_text(
        "Posted from the browser.")
    deliver_due()
    assert "Posted from the browser." in text_of(wait_for_mail(smtp, other.player.email,
                                                                received + 1))

    # A move with a comment typed on the confirmation page, after typing the move (the long
    # pick list is the picker's, searched as the move is typed).
    move = game.rules.legal_moves(game.load_state())[0]
    page.locator("form.move-form input[name=move]").fill(move)
    page.locator("form.move-form button[value=preview]").click()
    page.locator("textarea[name=comment]").fill("Played from the browser, with a comment.")
    shoot(page, "preview")
    page.locator("button.confirm").click()
    expect(page.locator(".flash")).to_contain_text("Your move was played")
    deliver_due()
    turn = wait_for_mail(smtp, other.player.email, received + 2)
    assert "Played from the browser, with a comment." in text_of(turn)


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()
