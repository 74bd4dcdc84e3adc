"""Conditional moves joined to play at start-up: play asks them to answer a turn that
begins (a callable handed over), and its ``turn_played`` prunes them (a move in a game whose
flag says nobody keeps lines reads none: ``service._trees``). The mail saying a reply was
played is written when it goes out (``pbem.mail.composers``). (The turn email's remark and the
analysis board's "keep this line" are handed over by the app factory.)"""

from __future__ import annotations

from ..mail import composers
from ..play import events, storing
from . import answered, service


def subscribe() -> None:
    storing.answer_turns_with(service.answer)
    events.turn_played.connect(service.advance)
    composers.register(answered.KIND, answered.compose)
