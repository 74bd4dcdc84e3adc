"""An emailed move and its answer are one unit of work (``pbem.core.work``): when the answer
cannot be written, the move is undone too, and the message is left to be tried again, which
then plays it (not "already handled")."""

from __future__ import annotations

from helpers import outbox
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.correspondence import answers
from pbem.correspondence.ingest import ingest_bytes
from pbem.mail.handoff import hand_over
from pbem.mail.inbound import Status
from pbem.mail.models import HandledMail
from pbem.play.queries import get_game

from .test_answers import reply_to


def test_killing_the_answer_after_an_emailed_move_undoes_the_move(make_game, monkeypatch):
    game_id = make_game("pylon").id
    raw = reply_to(outbox("turn")[0], "Mc3", "<killed-answer@example.org>")
    answer = answers.answer

    def written_then_killed(*args, **kwargs):
        answer(*args, **kwargs)  # the answer is written (queued in the outbox)...
        db.session.flush()
        raise ConnectionError("...and the process dies before the commit")

    monkeypatch.setattr(answers, "answer", written_then_killed)
    assert hand_over(ingest_bytes, raw).status is Status.RETRY
    db.session.remove()  # what the database holds now
    assert get_game(game_id).ply == 0 and get_game(game_id).moves == []
    assert outbox("reply_result") == []
    assert db.session.scalar(select(HandledMail.id)) is None  # not "already handled" next time

    monkeypatch.setattr(answers, "answer", answer)
    outcome = hand_over(ingest_bytes, raw)  # the spool's retry
    assert outcome.status is Status.DONE and outcome.text == f"played 'Mc3' in game {game_id}"
    db.session.remove()
    assert get_game(game_id).ply == 1 and len(outbox("reply_result")) == 1
