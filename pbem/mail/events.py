"""What the mail infrastructure tells whoever listens: a message went out.

``delivered`` is sent by the sender right after a message is marked sent, with ``message_id``,
``kind`` (the template), ``category`` (its notification kind, if any), ``recipient`` and
``game_id``. Receivers (push notifications, ``pbem.push``) run in the sender's unit of work and
only flush; the sender commits after them.
"""

from __future__ import annotations

from blinker import Namespace

_signals = Namespace()
delivered = _signals.signal("mail-delivered")
