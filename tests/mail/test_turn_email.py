"""The turn email as its recipient gets it, through a real SMTP server on loopback: the board
as an inline PNG the HTML shows by ``cid:``, a text board, every move since the reader's last
turn, the game's changed options."""

from __future__ import annotations

import re
import struct
from types import SimpleNamespace

import pytest

from pbem.correspondence.board_image import BOX, board, board_png
from pbem.games import get_renderer, get_rules
from pbem.mail.sender import deliver_due
from pbem.play import commands

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (which a valid PNG starts with)."""
    assert data[:8] == PNG_SIGNATURE
    length, chunk = struct.unpack(">I4s", data[8:16])
    assert chunk == b"IHDR" and length == 13
    return struct.unpack(">II", data[16:24])


def play_first_legal(game_id: int, seat: int) -> str:
    game = commands.locked(game_id)
    rules = game.rules
    move = rules.legal_moves(game.load_state())[0]
    commands.play_turn(game, seat, move, game.ply)
    return move


def test_the_board_is_an_inline_png_the_html_shows(smtp, make_game):
    game = make_game("pylon", options={"start": "quick"})
    bob = game.seats[1].player
    move = play_first_legal(game.id, 0)
    deliver_due()
    [mail] = smtp.to(bob.email)
    assert mail.get_content_type() == "multipart/alternative"
    related = mail.get_payload()[1]
    assert related.get_content_type() == "multipart/related"
    html = mail.get_body(("html",)).get_content()
    [image] = [part for part in mail.walk() if part.get_content_type() == "image/png"]
    content_id = image["Content-ID"].strip("<>")
    assert f'src="cid:{content_id}"' in html
    assert image.get_content_disposition() == "inline"
    width, height = png_size(image.get_content())
    assert max(width, height) in (BOX - 1, BOX) and min(width, height) > 200
    assert f'width="{width}"' in html
    text = mail.get_body(("plain",)).get_content()
    assert game.renderer.text(game.load_state(), last_move=move).splitlines()[0] in text
    assert f"played: {move}" in text
    assert "Options: Start: quick." in text and "Start: quick" in html


def test_a_first_delivery_reads_the_turn_and_draws_its_board_once(smtp, make_game,
                                                                   monkeypatch):
    renderer = get_renderer("pylon")  # a module of functions
    drawn = []

    def mail_svg(state, last_move=None):
        drawn.append(last_move)
        return original(state, last_move=last_move)

    original = renderer.mail_svg
    monkeypatch.setattr(renderer, "mail_svg", mail_svg)
    game = make_game("pylon", options={"start": "quick"})
    first = play_first_legal(game.id, 0)
    second = play_first_legal(game.id, 1)
    assert deliver_due() == (3, 0)  # the game's first turn, then one after each move
    assert drawn == [None, first, second]  # composing and the image share one drawing each
    for seat, move in ((1, first), (0, second)):
        mail = smtp.to(game.seats[seat].player.email)[-1]
        [image] = [part for part in mail.walk() if part.get_content_type() == "image/png"]
        assert png_size(image.get_content())[0] > 200
        assert f"played: {move}" in mail.get_body(("plain",)).get_content()


def test_a_three_player_turn_email_lists_every_move_since_the_readers_turn(
        smtp, make_game, make_player):
    players = [make_player(name=name) for name in ("Alice", "Bob", "Carol")]
    game = make_game("stax", players=players)
    assert get_rules("stax").to_move(game.load_state()) == 0
    play_first_legal(game.id, 0)
    bobs = play_first_legal(game.id, 1)
    carols = play_first_legal(game.id, 2)
    deliver_due()
    [*_, mail] = smtp.to(players[0].email)
    text = mail.get_body(("plain",)).get_content()
    html = mail.get_body(("html",)).get_content()
    assert f"P2 Bob played: {bobs}" in text and f"P3 Carol played: {carols}" in text
    assert text.index(bobs) < text.index(carols)
    assert f"<strong>{bobs}</strong>" in html and f"<strong>{carols}</strong>" in html


def test_a_resignation_in_a_three_player_game_is_told_to_everyone_still_playing(
        smtp, make_game, make_player):
    alice, bob, carol = players = [make_player(name=name) for name in ("Alice", "Bob", "Carol")]
    game = make_game("stax", players=players)
    deliver_due()
    smtp.messages.clear()
    commands.resign(commands.locked(game.id), 1)  # not Bob's turn: Alice is still to move
    deliver_due()
    for player in (alice, carol):
        [told] = smtp.to(player.email)
        assert told["Subject"].endswith("P2 resigned")
        assert "P2 Bob resigned" in told.get_body(("plain",)).get_content()
    assert smtp.to(bob.email) == []
    alices = play_first_legal(game.id, 0)
    deliver_due()
    [*_, turn] = smtp.to(carol.email)
    text = turn.get_body(("plain",)).get_content()
    assert "P2 Bob resigned" in text and f"P1 Alice played: {alices}" in text
    assert "played: resign" not in text


@pytest.mark.parametrize("slug", ["pylon", "spike", "stawvs", "stax", "triumvirate"])
def test_every_games_board_fits_a_phone_sized_square_at_the_size_the_html_names(slug):
    """A tall board (Stawvs) is drawn narrower rather than taller than the square."""
    rules, renderer = get_rules(slug), get_renderer(slug)
    state = rules.new_game(players=2, seed=1)
    game = SimpleNamespace(renderer=renderer)
    drawn = board(game, state)
    width, height = png_size(board_png(drawn))
    assert width == drawn.width and BOX - 2 <= max(width, height) <= BOX


def _played(slug: str, players: int, plies: int):
    """A position ``plies`` first-legal moves into a game, and the last move."""
    rules = get_rules(slug)
    state, move = rules.new_game(players=players, seed=1), None
    for _ in range(plies):
        move = rules.legal_moves(state)[0]
        state = rules.play(state, move)
    return rules, state, move


@pytest.mark.parametrize(("slug", "players"), [("pylon", 2), ("spike", 2), ("stawvs", 2),
                                                ("stawvs", 4), ("stax", 3), ("triumvirate", 2)])
def test_the_mail_picture_marks_the_last_move_and_names_the_coordinates(slug, players):
    rules, state, move = _played(slug, players, 6)
    renderer = get_renderer(slug)
    picture = renderer.mail_svg(state, last_move=move)
    assert picture != renderer.mail_svg(state, last_move=None)
    written = re.findall(r">([^<>]+)<", picture)
    if slug == "stax":  # every hex a move names, as a reply types it
        assert {name for move in rules.legal_moves(state)
                for name in re.findall(r"-?\d+,-?\d+", move)} <= set(written)
    else:  # every file and rank (Pylon's board is the smallest: a-f, 1-5)
        assert set("abcdef12345") <= set("".join(written))
    png_size(board_png(board(SimpleNamespace(renderer=renderer), state, move)))


def test_what_the_mail_picture_leaves_out_the_html_says(smtp, make_game):
    game = make_game("stawvs")
    bob = game.seats[1].player
    play_first_legal(game.id, 0)
    deliver_due()
    [mail] = smtp.to(bob.email)
    html = mail.get_body(("html",)).get_content()
    state = commands.locked(game.id).load_state()
    for line in game.renderer.mail_notes(state):
        assert line.replace("'", "&#39;") in html
    assert "pyramids, score" in html
