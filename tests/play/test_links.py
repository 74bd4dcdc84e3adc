"""Signed move links: only that seat, that game, that ply; GET never changes anything; every
bad link gets a clear 4xx page and no move."""

from __future__ import annotations

import html
from datetime import timedelta

from freezegun import freeze_time

from pbem.core.signing import sign
from pbem.play import commands
from pbem.play.links import move_token
from pbem.play.queries import get_game


def test_a_link_shows_the_board_and_the_move_form_and_a_get_changes_nothing(client, make_game):
    game = make_game("pylon")
    token = move_token(game, 0)
    for _ in range(3):  # a mail scanner prefetching it, then the player
        page = client.get(f"/play/{token}")
        assert page.status_code == 200
        assert b"move-form" in page.data and b"data-cell" in page.data
    assert get_game(game.id).ply == 0 and get_game(game.id).version == game.version


def test_a_link_moves_through_preview_and_confirm(client, make_game):
    game = make_game("pylon")
    token = move_token(game, 0)
    preview = client.post(f"/play/{token}/preview", data={"move": "mc3", "ply": 0})
    assert preview.status_code == 200 and b"Confirm Mc3" in preview.data
    assert get_game(game.id).ply == 0
    done = client.post(f"/play/{token}/move", data={"move": "Mc3", "ply": 0})
    assert done.status_code == 303 and done.location.endswith(f"/games/{game.id}?played=1")
    assert "Set-Cookie" not in done.headers  # the session is not signed again for a notice
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]
    assert b"Your move was played (ply 1)." in client.get(done.location).data


def test_a_used_link_is_dead_once_the_ply_has_passed(client, make_game):
    game = make_game("pylon")
    token = move_token(game, 0)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    assert client.get(f"/play/{token}").status_code == 410
    again = client.post(f"/play/{token}/move", data={"move": "Sa1", "ply": 0})
    assert again.status_code == 410 and b"has been played" in again.data
    assert f'<a href="/games/{game.id}">See game #{game.id}</a>'.encode() in again.data
    assert get_game(game.id).ply == 1


def test_a_tampered_link_is_refused(client, make_game):
    game = make_game("pylon")
    token = move_token(game, 0)
    bad = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    for response in (client.get(f"/play/{bad}"),
                     client.post(f"/play/{bad}/move", data={"move": "Mc3", "ply": 0})):
        assert response.status_code == 403 and b"not valid" in response.data
        assert b"Traceback" not in response.data
    assert get_game(game.id).ply == 0


def test_a_link_signed_for_another_purpose_is_refused(client, make_game):
    game = make_game("pylon")
    foreign = sign("sign-in", [game.id, 0, 0])
    assert client.get(f"/play/{foreign}").status_code == 403
    reply = sign("reply", [game.id, 0, 0])
    assert client.get(f"/play/{reply}").status_code == 403


def test_a_link_for_an_unknown_game_is_404(client, app):
    assert client.get(f"/play/{sign('move', [999, 0, 0])}").status_code == 404
    assert client.get(f"/play/{sign('move', ['x', 0, 0])}").status_code == 403


def test_an_expired_link_is_refused(client, app, make_game):
    game = make_game("pylon")
    with freeze_time() as frozen:
        token = move_token(game, 0)
        frozen.tick(timedelta(seconds=app.config["MOVE_LINK_MAX_AGE"] + 5))
        response = client.post(f"/play/{token}/move", data={"move": "Mc3", "ply": 0})
    assert response.status_code == 410 and b"expired" in response.data
    assert get_game(game.id).ply == 0


def test_a_link_for_the_other_seat_cannot_move(client, make_game):
    game = make_game("pylon")
    token = move_token(game, 1)
    page = client.get(f"/play/{token}")
    assert page.status_code == 200 and b"move-form" not in page.data
    response = client.post(f"/play/{token}/move", data={"move": "Mc3", "ply": 0})
    assert response.status_code == 403 and b"not your turn" in response.data.lower()
    assert get_game(game.id).ply == 0


def test_a_link_is_dead_when_the_game_is_over(client, make_game):
    game = make_game("pylon")
    token = move_token(game, 0)
    commands.resign(commands.locked(game.id), 1)
    assert client.get(f"/play/{token}").status_code == 410


def test_a_german_player_is_told_in_german_why_a_link_or_a_move_was_refused(
        client, make_game):
    """The refusals of the move's path (a link whose ply passed, a stale move, a tampered
    link) are said in the reader's language, with the way on: they had been English."""
    german = {"Accept-Language": "de"}
    game = make_game("pylon")
    token = move_token(game, 0)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    passed = client.post(f"/play/{token}/move", data={"move": "Sa1", "ply": 0}, headers=german)
    text = html.unescape(passed.get_data(as_text=True))
    assert passed.status_code == 410
    assert (f"Dieser Link galt für Halbzug 1 der Partie #{game.id}, der bereits gespielt ist "
            "(oder die Partie ist vorbei).") in text
    assert f'<a href="/games/{game.id}">Zur Partie #{game.id}</a>' in text
    stale = client.post(f"/play/{move_token(game, 1)}/move", data={"move": "Sa1", "ply": 0},
                        headers=german)
    assert stale.status_code == 409
    assert ("Die Stellung hat sich geändert: Die Partie ist jetzt bei Halbzug 1."
            in html.unescape(stale.get_data(as_text=True)))
    tampered = client.get(f"/play/{token[:-2]}AA", headers=german)
    assert tampered.status_code == 403
    assert "Dieser Link ist ungültig (er wurde vielleicht verändert)." in tampered.text
    assert get_game(game.id).ply == 1
