"""Mail held back (quiet hours, the digest) is given up when what it announces was answered
elsewhere meanwhile: an invitation accepted on the web (at once), a turn played on the web
(when the email would go: its composer finds the turn played)."""

from __future__ import annotations

from datetime import UTC, datetime

from freezegun import freeze_time
from helpers import outbox
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.mail.models import OutboxMessage
from pbem.mail.sender import deliver_due
from pbem.notifications import settings
from pbem.notifications.delivery import message
from pbem.notifications.logic.schedule import NotificationSettings
from pbem.play import commands

NIGHT = datetime(2026, 3, 3, 4, 0, tzinfo=UTC)  # 23:00 in New York
MORNING = datetime(2026, 3, 3, 12, 0, tzinfo=UTC)  # 07:00 there


def waiting(kind: str) -> list:
    """The ``kind`` messages not sent yet, as stored (the outbox helper would compose them in
    the session, as only the sender does)."""
    return db.session.scalars(select(OutboxMessage).where(
        OutboxMessage.kind == kind, OutboxMessage.sent_at.is_(None))).all()


def night_owl(make_player):
    bob = make_player(name="Bob")
    settings.save(bob.id, NotificationSettings(
        timezone="America/New_York", quiet_start=22, quiet_end=7), NIGHT)
    db.session.commit()
    return bob


def test_an_invitation_accepted_on_the_web_is_not_sent_after_the_quiet_hours(make_player):
    alice, bob = make_player(name="Alice"), night_owl(make_player)
    with freeze_time(NIGHT):
        deliver_due()
        game = commands.create_game("pylon", [alice, bob], creator=alice, seed=1)
        [invitation] = outbox("invitation")
        assert invitation.next_attempt_at == MORNING and invitation.sent_at is None
        commands.respond(commands.locked(game.id), game.seats[1], True)  # on the web
    assert game.status == "active"
    [invitation] = outbox("invitation")
    assert invitation.abandoned_at is not None and "invitation was accepted" in \
        invitation.last_error
    with freeze_time(MORNING):
        deliver_due()
    assert outbox("invitation")[0].sent_at is None


def test_a_turn_played_on_the_web_takes_back_its_held_turn_mail(make_player):
    alice, bob = make_player(name="Alice"), night_owl(make_player)
    with freeze_time(NIGHT):
        game = commands.create_game("pylon", [bob, alice], creator=alice, seed=1,
                                    start_now=True)
        deliver_due()
        [turn] = [m for m in waiting("turn") if m.recipient == bob.email]
        assert turn.next_attempt_at == MORNING
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)  # Bob plays on the web
        deliver_due()
    to_alice = [m for m in outbox("turn") if m.recipient == alice.email]
    assert to_alice and all(m.abandoned_at is None and m.sent_at for m in to_alice)
    with freeze_time(MORNING):
        assert deliver_due() == (0, 1)  # Bob's, given up when it would have gone
        assert deliver_due() == (0, 0)
    [turn] = [m for m in outbox("turn") if m.recipient == bob.email]
    assert turn.sent_at is None and turn.body_text is None
    assert turn.abandoned_at is not None and "turn it announced was played" in turn.last_error


def test_a_reminder_of_a_turn_played_meanwhile_is_given_up_when_it_would_go(make_player):
    alice, bob = make_player(name="Alice"), night_owl(make_player)
    with freeze_time(NIGHT):
        game = commands.create_game("pylon", [bob, alice], creator=alice, seed=1,
                                    start_now=True)
        message("reminder", bob, "a day or less left", game=game,
                facts={"seat": 0, "ply": 0, "reminder": "day", "deadline": "tomorrow"})
        db.session.commit()
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    with freeze_time(MORNING):
        deliver_due()
    [reminder] = outbox("reminder")
    assert reminder.sent_at is None and "turn it reminds of was played" in reminder.last_error


def test_a_turn_still_waiting_goes_after_the_quiet_hours(make_player):
    alice, bob = make_player(name="Alice"), night_owl(make_player)
    with freeze_time(NIGHT):
        commands.create_game("pylon", [bob, alice], creator=alice, seed=1, start_now=True)
        deliver_due()
    with freeze_time(MORNING):
        deliver_due()
    [turn] = [m for m in outbox("turn") if m.recipient == bob.email]
    assert turn.sent_at is not None and turn.abandoned_at is None


def test_in_a_game_of_three_only_the_accepting_players_held_invitation_is_given_up(make_player):
    alice, bob = make_player(name="Alice"), night_owl(make_player)
    carol = make_player(name="Carol")
    settings.save(carol.id, NotificationSettings(
        timezone="America/New_York", quiet_start=22, quiet_end=7), NIGHT)
    db.session.commit()
    with freeze_time(NIGHT):
        deliver_due()
        game = commands.create_game("stax", [alice, bob, carol], creator=alice, seed=1)
        assert len(outbox("invitation")) == 2
        commands.respond(commands.locked(game.id), game.seats[1], True)  # Bob, on the web
    assert game.status == "invited"  # Carol has not answered yet
    held = {message.recipient: message for message in outbox("invitation")}
    assert "invitation was accepted" in held[bob.email].last_error
    assert held[carol.email].abandoned_at is None
    with freeze_time(MORNING):
        deliver_due()
    sent = {message.recipient: message.sent_at for message in outbox("invitation")}
    assert sent[bob.email] is None and sent[carol.email] is not None


def test_a_turn_answered_by_a_conditional_reply_takes_back_the_held_turn_mail(make_player):
    """The turn and its conditional reply are played together: the mover's held mail goes,
    and the mail for the mover's next turn, held for the night in its turn, stays."""
    from pbem.conditional import service as conditional

    alice, bob = make_player(name="Alice"), night_owl(make_player)
    with freeze_time(NIGHT):
        game = commands.create_game("pylon", [bob, alice], creator=alice, seed=1,
                                    start_now=True)
        locked = commands.locked(game.id)
        with commands.unit_of_work():
            conditional.set_lines(locked, 1, conditional.parse_text("Mc3 ; Md4"))
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)  # Bob, answered by Alice
    assert game.ply == 2
    old, new = [m for m in outbox("turn") if m.recipient == bob.email]
    assert old.facts["ply"] == 0 and new.facts["ply"] == 2
    assert new.next_attempt_at == MORNING
    with freeze_time(MORNING):
        deliver_due()
    old, new = [m for m in outbox("turn") if m.recipient == bob.email]
    assert old.sent_at is None and "turn it announced was played" in old.last_error
    assert new.sent_at is not None and new.abandoned_at is None
