"""Every mail about a game can be answered: a reply ``comment …`` to each kind of mail a
player gets about a game is posted to it, or answered honestly where it cannot be (a game not
started yet); after the end a reply understands ``rematch`` and says a move is too late."""

from __future__ import annotations

from helpers import outbox
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.correspondence.ingest import ingest_bytes
from pbem.mail.composers import images
from pbem.play import commands
from pbem.play.models import Game, GameMessage
from pbem.play.queries import get_game

from .test_answers import reply_to


def to(player, kind):
    return [m for m in outbox(kind) if m.recipient == player.email][-1]


def posted(game_id) -> list[str]:
    return list(db.session.scalars(select(GameMessage.body).where(
        GameMessage.game_id == game_id, GameMessage.with_move.is_(False))
        .order_by(GameMessage.id)))


def test_a_comment_replied_to_each_kind_of_mail_about_a_game_is_posted(make_game):
    game = make_game("pylon")
    alice, bob = (seat.player for seat in game.seats)
    said = []

    def comment(mail, words):
        assert mail.headers.get("Reply-To", "").startswith("move+"), mail.kind
        assert ingest_bytes(reply_to(mail, f"comment {words}")) == \
            f"comment sent in game {game.id}", mail.kind
        said.append(words)
        assert posted(game.id) == said

    comment(to(alice, "turn"), "Hello from the turn mail")
    # Alice moves by email; the "move accepted" answer can be answered too.
    assert ingest_bytes(reply_to(to(alice, "turn"), "Mc3")).startswith("played")
    played = [m for m in outbox("reply_result") if "move accepted" in m.subject][-1]
    comment(played, "Hello from the move-accepted answer")
    comment(to(alice, "reply_result"), "Hello from the message-posted answer")
    comment(to(bob, "comment"), "Hello from a game message")  # Bob answers a message
    commands.agree(commands.locked(game.id), 1, get_game(game.id).ply)
    comment(to(alice, "end_offer"), "Hello from the proposal to end")
    commands.decline(commands.locked(game.id), 0, get_game(game.id).ply)
    comment(to(bob, "end_declined"), "Hello from the game goes on")
    commands.resign(commands.locked(game.id), 1)
    for player in (alice, bob):
        comment(to(player, "game_over"), f"Good game, from {player.name}")

    # After the end: a move is answered as too late; "rematch" offers one.
    over = to(alice, "game_over")
    [final] = images(over)  # the final position, as a picture in the HTML part
    assert final.data.startswith(b"\x89PNG") and f"cid:{final.content_id}" in over.body_html
    assert ingest_bytes(reply_to(over, "Mc4")) == f"too late in game {game.id}"
    assert "the game is over" in to(alice, "reply_result").body_text
    assert ingest_bytes(reply_to(over, "rematch")) == f"rematch offered in game {game.id}"
    answer = to(alice, "reply_result")
    rematch = db.session.scalar(select(Game).where(Game.rematch_of_id == game.id))
    assert f"game #{rematch.id}" in answer.body_text
    assert ingest_bytes(reply_to(over, "rematch")) == f"rematch refused in game {game.id}"
    assert "already been offered" in to(alice, "reply_result").body_text

    # The rematch's invitation: no message before the game starts, and the answer says so.
    invitation = to(bob, "invitation")
    assert ingest_bytes(reply_to(invitation, "comment See you there")) == \
        f"comment refused in game {rematch.id}"
    refusal = to(bob, "reply_result")
    assert "Messages open when the game starts." in refusal.body_text
    assert posted(rematch.id) == []
