"""Play's events call their receivers in the sender's transaction, so a receiver is a plain
function: a coroutine function is refused when it connects, not skipped when an event is
sent (``pbem.play.events``)."""

from __future__ import annotations

import pytest

from pbem.play import events


def test_a_receiver_is_called_with_the_sender_and_the_facts():
    heard = []

    def receiver(game, **facts):
        heard.append((game, facts))
        return "noted"

    signal = events._Event("test-event")
    signal.connect(receiver)
    assert signal.send("game", seat=1) == [(receiver, "noted")]
    assert heard == [("game", {"seat": 1})]


def test_a_coroutine_function_cannot_connect():
    async def receiver(game, **facts):
        return None

    with pytest.raises(TypeError, match="coroutine"):
        events.turn_played.connect(receiver)
    assert receiver not in list(events.turn_played.receivers_for(object()))
