"""The lobby's part of the periodic tick: mark challenges past their time as expired (one
UPDATE; the pages leave them out already), then top up the standing challenges that keep
fewer games going than asked (an expiry is the one change that does not top them up at once).
One transaction; idempotent, so a second tick at once finds nothing to do."""

from __future__ import annotations

from datetime import datetime

from ..core.work import unit_of_work
from . import service, standing


@unit_of_work("tick")
def run(now: datetime) -> str:
    expired = service.expire(now)
    posted = standing.top_up_all(now)
    return f"{expired} challenges expired, {posted} posted for standing challenges"
