"""What correspondence does when something happens in play, connected once when the
application is built (``pbem.app``): the mail players get about their games
(:mod:`.messages`), composed when it goes out; invitations held back that became moot before
they went (:mod:`.moot`); what the daily digest says (:mod:`.digest`); and the moves held for
confirmation by email forgotten when their game ends."""

from __future__ import annotations

from ..mail import composers
from ..notifications import digest as digest_mail
from ..play import events
from . import answers, digest, held, messages, moot


def subscribe() -> None:
    events.turn_begins.connect(messages.turn_begins)
    events.turn_played.connect(messages.seat_out)
    events.accepted.connect(moot.invitation_accepted)
    events.game_started.connect(moot.invitation_settled)
    events.declined.connect(moot.invitation_settled)
    events.game_finished.connect(messages.game_over)
    events.game_finished.connect(_game_finished)
    events.end_proposed.connect(messages.end_proposed)
    events.end_declined.connect(messages.end_declined)
    events.invited.connect(messages.invitation)
    events.declined.connect(messages.declined)
    events.message_posted.connect(messages.message_posted)
    composers.register("turn", messages.compose_turn, messages.turn_images)
    composers.register("reply_result", images=answers.answer_images)
    composers.register("game_over", messages.compose_game_over, messages.game_over_images)
    digest_mail.say_with(digest.contents)
    composers.register("digest", images=digest.digest_images)


def _game_finished(game, **_facts) -> None:
    held.forget_game(game.id)
