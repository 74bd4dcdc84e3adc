"""Nobody but their player sees a player's conditional moves or notes: no page, record, feed
or mail, during the game or after it."""

from __future__ import annotations

from helpers import outbox, sign_in

from pbem.conditional import service
from pbem.core.extensions import db
from pbem.notes import service as notes
from pbem.play import commands
from pbem.play.queries import get_game

SECRET = ("Me5 ; Me1", "Ma2 ; Mb3", "secret plan 42")


def keep(game_id, seat, text):
    game = commands.locked(game_id)
    with commands.unit_of_work():
        service.set_lines(game, seat, service.parse_text(text))


def seen_by_others(client, game, others):
    """Every page, record and feed of the game as anonymous readers and the other player
    see them."""
    urls = [f"/games/{game.id}", f"/games/{game.id}/analysis", f"/games/{game.id}/analysis.json",
            f"/games/{game.id}.json", f"/games/{game.id}.txt", f"/games/{game.id}/feed.atom",
            "/archive", "/archive/feed.atom", f"/players/{game.seats[1].player_id}",
            f"/players/{game.seats[1].player_id}/feed.atom", "/"]
    texts = []
    for reader in [None, *others]:
        with client.session_transaction() as session:
            session.clear()
        if reader is not None:
            sign_in(client, reader)
        for url in urls + ([f"/games/{game.id}/conditional"] if reader else []):
            answer = client.get(url)
            assert answer.status_code in (200, 403), (url, answer.status_code)
            texts.append(answer.get_data(as_text=True))
    return texts


def check_private(client, game_id):
    game = get_game(game_id)
    first = game.seats[0].player
    for text in seen_by_others(client, game, [first]):
        for secret in SECRET:
            assert secret not in text
    for mail in outbox():
        if mail.recipient != game.seats[1].player.email:
            for secret in SECRET:
                assert secret not in (mail.body_text or "") + (mail.body_html or "")
            assert "conditional" not in mail.subject


def test_conditional_moves_stay_private_during_and_after_the_game(client, make_game):
    game = make_game("pylon")
    game_id = game.id
    keep(game_id, 1, "Mc3 ; Md4 ; Me5 ; Me1\nMc3 ; Md4 ; Ma2 ; Mb3")
    notes.save(game_id, game.seats[1].player_id, "my secret plan 42")
    db.session.commit()
    commands.play_turn(commands.locked(game_id), 0, "Mc3", 0)  # answered: Md4
    game = get_game(game_id)
    assert game.ply == 2 and service.read(game_id, game.seats[1].player_id).lines
    check_private(client, game_id)
    commands.resign(commands.locked(game_id), 0)
    assert get_game(game_id).status == "finished"
    check_private(client, game_id)
    # Their own player still reads them on their page while the game runs (checked
    # elsewhere); the other player's conditional page shows only their own: none.
    sign_in(client, get_game(game_id).seats[0].player)
    page = client.get(f"/games/{game_id}/conditional").get_data(as_text=True)
    assert "Me5" not in page
    # Their own player sees their notes, after the game too.
    sign_in(client, get_game(game_id).seats[1].player)
    assert "secret plan 42" in client.get(f"/games/{game_id}").get_data(as_text=True)
