"""Every authorised reply to a move address is answered in the game's thread: played,
refused, too late, not understood, and the commands (resign, board, moves, help, comment)."""

from __future__ import annotations

import random
from email.message import EmailMessage

from helpers import outbox
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.correspondence.ingest import ingest_bytes
from pbem.mail.outbox import thread_root
from pbem.mail.sender import as_message, deliver_due
from pbem.play.models import GameMessage
from pbem.play.queries import get_game


def reply_to(turn, body: str, message_id: str | None = None) -> bytes:
    """A reply from the recipient of ``turn`` (a queued message, or its (recipient,
    Reply-To) pair) to its reply address."""
    recipient, address = turn if isinstance(turn, tuple) else (turn.recipient,
                                                               turn.headers["Reply-To"])
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = recipient, address, "Re: your turn"
    if message_id:
        message["Message-ID"] = message_id
    message.set_content(body)
    return message.as_bytes()


def only_answer():
    [answer] = outbox("reply_result")
    assert answer.headers["In-Reply-To"] == thread_root(answer.game_id)
    assert as_message(answer).extra_headers["Auto-Submitted"] == "auto-replied"
    return answer


def test_played_answer_carries_the_new_board(make_game):
    game = make_game("pylon")
    assert ingest_bytes(reply_to(outbox("turn")[0], "Mc3")).startswith("played")
    answer = only_answer()
    assert "Mc3 in Pylon" in answer.body_text and game.renderer.text(
        get_game(game.id).load_state(), last_move="Mc3") in answer.body_text
    # No longer their turn, but a reply to it is understood: a comment, the board…
    assert answer.headers["Reply-To"].startswith("move+") and "/play/" not in answer.body_text
    assert ingest_bytes(reply_to(answer, "Mc4")) == \
        f"refused in game {game.id}: It is not your turn."


def test_refused_answer_gives_reason_moves_and_a_fresh_reply_address(make_game):
    game = make_game("pylon")
    assert ingest_bytes(reply_to(outbox("turn")[0], "c3-c4")).startswith("refused")
    answer = only_answer()
    assert "Your legal moves:" in answer.body_text and "Mc3" in answer.body_text
    assert answer.headers["Reply-To"].startswith("move+") and "/play/" in answer.body_text
    # Replying to the refusal plays.
    assert ingest_bytes(reply_to(answer, "Mc3")) == f"played 'Mc3' in game {game.id}"


def test_too_late_answer_gives_the_position_and_whose_turn(make_game):
    game = make_game("pylon")
    turn = outbox("turn")[0]
    assert ingest_bytes(reply_to(turn, "Mc3")).startswith("played")
    assert ingest_bytes(reply_to(turn, "Sa1")) == f"too late in game {game.id}"
    answer = outbox("reply_result")[-1]
    assert "too late" in answer.body_text and "P2" in answer.body_text
    assert get_game(game.id).ply == 1


def test_not_understood_answer_explains_with_examples(make_game):
    make_game("pylon")
    assert ingest_bytes(reply_to(outbox("turn")[0], "hello there")).startswith("not understood")
    answer = only_answer()
    assert "could not read" in answer.body_text and "for example:" in answer.body_text
    assert "comment <text>" in answer.body_text


def test_board_moves_and_help_commands(make_game):
    game = make_game("pylon")
    turn = outbox("turn")[0]
    for word, expected in (("board", "you are"), ("Moves", "Your legal moves"),
                           ("help", "To move, reply")):
        assert ingest_bytes(reply_to(turn, word)).endswith(f"in game {game.id}")
        assert expected in outbox("reply_result")[-1].body_text
    assert get_game(game.id).ply == 0


def test_resign_needs_the_word_alone(make_game):
    game = make_game("pylon")
    first = outbox("turn")[0]
    turn = (first.recipient, first.headers["Reply-To"])
    assert ingest_bytes(reply_to(turn, "resign? never")).startswith("not understood")
    assert not get_game(game.id).is_over
    assert ingest_bytes(reply_to(turn, "resign")) == f"resigned in game {game.id}"
    assert get_game(game.id).is_over
    assert "You resigned" in outbox("reply_result")[-1].body_text


def test_comment_by_reply_posts_to_the_thread_checked_and_limited(app, make_game):
    game = make_game("pylon")
    first = outbox("turn")[0]
    turn = (first.recipient, first.headers["Reply-To"])
    assert ingest_bytes(reply_to(turn, "comment Good luck!\nHave fun")).startswith("comment sent")
    [posted] = db.session.scalars(select(GameMessage)).all()
    assert (posted.body, posted.seat, posted.with_move) == ("Good luck!\nHave fun", 0, False)
    [relayed] = outbox("comment")
    assert relayed.recipient == game.seats[1].player.email
    assert "Good luck!" in relayed.body_text
    assert "posted to the game" in outbox("reply_result")[-1].body_text
    # The opponent answers by replying to the relayed message.
    assert ingest_bytes(reply_to(relayed, "comment Thanks")).startswith("comment sent")
    assert outbox("comment")[-1].recipient == game.seats[0].player.email
    too_long = "comment " + ("x" * 100 + "\n") * 6
    assert ingest_bytes(reply_to(turn, too_long)).startswith("comment refused")
    assert ingest_bytes(reply_to(turn, "comment bad\x1b[31m")).startswith("comment refused")
    assert ingest_bytes(reply_to(turn, "comment")).startswith("comment refused")
    assert "not posted: it is empty" in outbox("reply_result")[-1].body_text
    app.config.update(MESSAGE_LIMIT_PER_PLAYER=1)
    assert ingest_bytes(reply_to(turn, "comment again")).startswith("comment refused")
    assert "try again later" in outbox("reply_result")[-1].body_text
    assert len(outbox("comment")) == 2 and len(db.session.scalars(select(GameMessage)).all()) == 2


def test_lines_below_an_emailed_move_are_its_comment(make_game):
    game = make_game("pylon")
    assert ingest_bytes(reply_to(outbox("turn")[0], "Hi Bob,\nMc3\nNice to play you.\nAlice")
                        ) == f"played 'Mc3' in game {game.id}"
    [comment] = db.session.scalars(select(GameMessage)).all()
    assert (comment.body, comment.ply, comment.with_move) == ("Nice to play you.\nAlice", 1, True)
    assert "Your comment went with it" in only_answer().body_text
    turn = outbox("turn")[-1]
    assert turn.recipient == game.seats[1].player.email and "Nice to play you." in turn.body_text
    # Lines that cannot be a comment leave the move played without one, and say why.
    too_long = "\n".join(["Sa1", *["y" * 300] * 2])
    assert ingest_bytes(reply_to(turn, too_long)) == f"played 'Sa1' in game {game.id}"
    assert len(db.session.scalars(select(GameMessage)).all()) == 1
    assert "not sent as a comment: it is longer than 500" in outbox("reply_result")[-1].body_text


def test_forged_and_automatic_replies_get_no_answer(make_game):
    make_game("pylon")
    first = outbox("turn")[0]
    turn = (first.recipient, first.headers["Reply-To"])
    forged = reply_to(turn, "board").replace(turn[0].encode(), b"eve@example.com")
    assert ingest_bytes(forged).startswith("ignored")
    auto = b"Auto-Submitted: auto-replied\n" + reply_to(turn, "board")
    assert ingest_bytes(auto).startswith("ignored") and not outbox("reply_result")


def test_a_whole_game_by_replies_over_smtp(app, smtp, make_game):
    game = make_game("pylon", options={"start": "quick"})
    rng, seen, number = random.Random(3), {}, 0
    while not get_game(game.id).is_over:
        deliver_due()
        current = get_game(game.id)
        address = current.seats[current.rules.to_move(current.load_state())].player.email
        turn = [m for m in smtp.to(address) if m["List-Id"].startswith("pbem turn")][-1]
        move = rng.choice(current.rules.legal_moves(current.load_state()))
        number += 1
        raw = EmailMessage()
        raw["From"], raw["To"], raw["Subject"] = address, turn["Reply-To"], "Re: " + turn[
            "Subject"]
        raw["Message-ID"] = f"<r{number}@client.example>"
        quoted = turn.get_body(preferencelist=("plain",)).get_content()[:40]
        raw.set_content(f"{move}\n\n> {quoted}")
        assert ingest_bytes(raw.as_bytes()).startswith("played")
        ingest_bytes(raw.as_bytes())  # a copy delivered again is not answered again
        seen[address] = seen.get(address, 0) + 1
    deliver_due()
    for address, replies in seen.items():
        answers = [m for m in smtp.to(address) if m["List-Id"].startswith("pbem reply result")]
        assert len(answers) == replies
        assert all(m["In-Reply-To"] == thread_root(game.id) == m["References"]
                   and m["Auto-Submitted"] == "auto-replied" for m in answers)


def test_every_answer_has_a_text_and_an_html_part_and_shows_the_board_where_it_is_about_it(
        make_game):
    """One answer of each kind, produced as players produce them: each has both parts, is
    threaded and marked auto-replied; those about a position carry the board as an inline
    PNG its HTML names by Content-ID; what players wrote is escaped in the HTML."""
    from email import message_from_bytes
    from email.policy import default
    from html.parser import HTMLParser

    from pbem.core.db import utcnow
    from pbem.core.extensions import db
    from pbem.correspondence.answers import SHOWING_THE_BOARD
    from pbem.notifications.settings import DEFAULTS, save

    game = make_game("pylon")
    game.seats[1].player.name = "Bob <b>&</b>"
    first = outbox("turn")[0]
    turn = (first.recipient, first.headers["Reply-To"])
    kinds = []
    for body, kind in (("board", "board"), ("moves", "moves"), ("help", "help"),
                       ("hello there", "help"), ("comment <i>hi</i> & bye", "comment"),
                       ("c3-c4", "refused"), ("confirm", "unconfirmed")):
        ingest_bytes(reply_to(turn, body))
        kinds.append(kind)
    save(game.seats[0].player_id, DEFAULTS, utcnow(), confirm_email_moves=True)
    db.session.commit()
    for body, kind in (("Mc3", "preview"), ("confirm", "played"), ("Sa1", "late")):
        ingest_bytes(reply_to(turn, body))
        kinds.append(kind)
    answers = outbox("reply_result")
    assert len(answers) == len(kinds)
    for answer, kind in zip(answers, kinds, strict=True):
        assert answer.body_text.strip() and answer.body_html.strip(), kind
        HTMLParser().feed(answer.body_html)  # well enough formed to parse
        assert "<pre" not in answer.body_html, kind  # its own HTML, not the text in a box
        message = as_message(answer)
        assert message.extra_headers["Auto-Submitted"] == "auto-replied"
        assert answer.headers["In-Reply-To"] == thread_root(game.id)
        mime = message_from_bytes(message.as_bytes(), policy=default)
        # Both parts as stored, give or take line ends and trailing spaces.
        assert mime.get_body(("plain",)).get_content().split() == answer.body_text.split()
        assert mime.get_body(("html",)).get_content().split() == answer.body_html.split()
        if kind in SHOWING_THE_BOARD:
            [image] = message.images
            assert f'src="cid:{image.content_id}"' in answer.body_html, kind
            assert mime.get_content_type() == "multipart/alternative"
            related = mime.get_payload()[1]
            assert related.get_content_type() == "multipart/related"
            assert related.get_payload()[1]["Content-ID"] == f"<{image.content_id}>"
        else:
            assert not message.images and "cid:" not in answer.body_html, kind
    comment = answers[kinds.index("comment")]
    assert "&lt;i&gt;hi&lt;/i&gt; &amp; bye" in comment.body_html
    assert "<i>hi" not in comment.body_html
    played = answers[kinds.index("played")]
    assert "Bob &lt;b&gt;&amp;&lt;/b&gt;" in played.body_html and "<b>&" not in played.body_html


def test_the_moves_reply_groups_the_moves_by_the_piece_they_play(make_game):
    """Stax's moves in its ``moves`` reply: one labelled group per tile, as the game page's
    picker groups them (``move_groups``), every legal move listed once."""
    from pbem.play.move_picker import move_groups

    game = make_game("stax", seed=3)
    assert ingest_bytes(reply_to(outbox("turn")[0], "moves")).endswith(f"in game {game.id}")
    body = outbox("reply_result")[-1].body_text
    legal = game.rules.legal_moves(game.load_state())
    groups = move_groups(game.renderer, legal)
    assert len(groups) > 5
    for head, moves in groups:
        assert f"\n  {head}: {moves[0]}" in body
    listed = body.split("Your legal moves")[1].split("\n\n")[0].split()
    assert sorted(m for m in listed if "@" in m) == sorted(legal)


def test_an_emailed_move_that_loses_the_race_to_its_link_is_answered_too_late(
        make_game, monkeypatch):
    """On SQLite nothing locks the game row while the reply is read, so the move made by link
    meanwhile shows only at the write (the version check): the reply is answered "too late",
    as on PostgreSQL, not "move refused"."""
    from sqlalchemy import update

    from pbem.correspondence import ingest
    from pbem.play.models import Game

    game = make_game("pylon")
    turn = outbox("turn")[0]
    loaded = ingest.token_seat

    def then_the_link_moves(*args, **kwargs):
        found = loaded(*args, **kwargs)
        with db.engine.begin() as other:  # another request's commit
            other.execute(update(Game).where(Game.id == game.id)
                          .values(version=Game.version + 1))
        return found

    monkeypatch.setattr(ingest, "token_seat", then_the_link_moves)
    db.session.commit()  # the game as the server stored it; nothing else open
    assert ingest_bytes(reply_to(turn, "Mc3")) == f"too late in game {game.id}"
    answer = only_answer()
    assert "too late" in answer.body_text and "refused" not in answer.subject
    assert get_game(game.id).ply == 0
