"""Conditional moves joined to play at start-up: play asks them to answer a turn that
begins (a callable handed over), and its ``turn_played`` prunes them; the session's commits
and the games' loads let a move in a game without lines read none (``service._trees``). The
mail saying a reply was played is written when it goes out (``pbem.mail.compose``). (The
turn email's remark and the analysis board's "keep this line" are handed over by the app
factory.)"""

from __future__ import annotations

from sqlalchemy import event

from ..core.extensions import db
from ..mail import compose
from ..play import events
from ..play import service as play
from ..play.models import Game
from . import answered, service


def subscribe() -> None:
    play.answer_turns_with(service.answer)
    events.turn_played.connect(service.advance)
    compose.register(answered.KIND, answered.compose)
    for name in ("before_commit", "after_commit", "after_rollback"):
        if not event.contains(db.session, name, getattr(service, name)):
            event.listen(db.session, name, getattr(service, name))
    for name in ("load", "refresh"):
        if not event.contains(Game, name, service.remember_version):
            event.listen(Game, name, service.remember_version)
