"""``/ready``: 200 when the database answers, due mail is moving, spooled replies are taken in
and the tick runs; 503 with a line saying which of them failed, for each of them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time

from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.mail.models import OutboxMessage
from pbem.mail.spool import Spool
from pbem.ops.heartbeat import beat, last_beat


def lines(response) -> dict[str, str]:
    """``{check: line}`` of a readiness answer."""
    return {line.split()[1].rstrip(":"): line for line in response.get_data(as_text=True)
            .splitlines()}


def due_mail(waited: timedelta) -> None:
    db.session.add(OutboxMessage(kind="turn", recipient="a@example.com", subject="s",
                                 body_text="b", headers={},
                                 next_attempt_at=utcnow() - waited))
    db.session.commit()


def test_ready_when_the_database_answers_mail_moves_and_the_tick_runs(client):
    beat("tick")
    due_mail(timedelta(seconds=30))
    response = client.get("/ready")
    assert response.status_code == 200
    checks = lines(response)
    assert list(checks) == ["database", "mail", "spool", "tick"]
    assert all(line.startswith("ok") for line in checks.values())


def test_not_ready_when_the_database_is_unreachable(make_app, tmp_path):
    app = make_app(url=f"sqlite:///{tmp_path}/no/such/folder/pbem.sqlite", migrate=True)
    response = app.test_client().get("/ready")
    assert response.status_code == 503
    assert response.get_data(as_text=True) == "FAIL  database: unreachable\n"


def test_not_ready_when_due_mail_has_waited_too_long(app, client):
    beat("tick")
    app.config["READY_MAIL_MAX_AGE"] = 600
    due_mail(timedelta(minutes=11))
    due_mail(timedelta(minutes=2))
    response = client.get("/ready")
    assert response.status_code == 503
    checks = lines(response)
    assert checks["mail"].startswith("FAIL") and "11 min" in checks["mail"]
    assert "send-mail" in checks["mail"]
    assert checks["tick"].startswith("ok")


def test_by_default_a_backlog_seven_minutes_old_is_not_ready(app, client):
    """One sender falling behind: the oldest message 7 minutes old must not pass as ready."""
    beat("tick")
    assert app.config["READY_MAIL_MAX_AGE"] == 300
    due_mail(timedelta(minutes=4))
    assert client.get("/ready").status_code == 200
    due_mail(timedelta(minutes=7))
    response = client.get("/ready")
    assert response.status_code == 503
    assert lines(response)["mail"].startswith(
        "FAIL  mail: the oldest due message has waited 7 min")


def test_not_ready_when_a_spooled_reply_has_waited_too_long(app, client):
    """The MTA's pipe only spools: without a mail worker, moves by email would wait unseen."""
    beat("tick")
    app.config["READY_MAIL_MAX_AGE"] = 600
    spool = Spool(app.config["MAIL_SPOOL_DIR"])
    spool.put(b"To: someone@pbem.test\r\n\r\nhello\r\n")
    assert lines(client.get("/ready"))["spool"].startswith("ok")
    with freeze_time(utcnow() + timedelta(minutes=11)):
        response = client.get("/ready")
    assert response.status_code == 503
    assert lines(response)["spool"] == ("FAIL  spool: the oldest spooled message has waited "
                                        "11 min (more than 10 min: is send-mail running?)")
    spool.finish(next(spool.claims()))
    assert lines(client.get("/ready"))["spool"] == "ok    spool: nothing waiting"


def test_mail_not_yet_due_held_or_given_up_on_does_not_count(client):
    beat("tick")
    long_ago = timedelta(days=2)
    due_mail(-long_ago)  # a retry scheduled for later
    due_mail(long_ago)
    message = db.session.get(OutboxMessage, 2)
    message.abandoned_at = utcnow()
    db.session.commit()
    assert client.get("/ready").status_code == 200


def test_not_ready_when_the_tick_never_ran_or_stopped(app, client):
    response = client.get("/ready")
    assert response.status_code == 503
    assert lines(response)["tick"] == "FAIL  tick: has never run"
    beat("tick")
    assert client.get("/ready").status_code == 200
    with freeze_time(utcnow() + timedelta(hours=3)):
        response = client.get("/ready")
    assert response.status_code == 503
    assert "last ran 3 h ago" in lines(response)["tick"]
    assert lines(response)["mail"].startswith("ok")


def test_the_tick_command_records_its_heartbeat(app, runner):
    assert last_beat("tick") is None
    before = utcnow()
    result = runner.invoke(args=["pbem", "tick"])
    assert result.exit_code == 0, result.output
    assert before <= last_beat("tick") <= utcnow()
    earlier = last_beat("tick")
    runner.invoke(args=["pbem", "tick"])
    assert last_beat("tick") >= earlier


@pytest.mark.postgres
def test_heartbeat_and_ready_on_postgresql(client):
    due_mail(timedelta(hours=1))
    assert client.get("/ready").status_code == 503
    beat("tick")
    beat("tick")
    checks = lines(client.get("/ready"))
    assert checks["tick"].startswith("ok") and checks["mail"].startswith("FAIL")
