"""Helpers of the lobby tests: a challenge's form as the page fills it in, and posting one."""

from __future__ import annotations

from helpers import sign_in
from sqlalchemy import func, select

from pbem.challenges.models import Challenge, ChallengeSeat, StandingChallenge
from pbem.core.extensions import db

#: The pylon form as shown (every option at its default), rated, random seats.
PYLON = {"players": "2", "seat_order": "random", "rated": "y", "time_control": "none",
         "days_per_move": "3", "bank_initial": "10", "bank_increment": "1", "bank_cap": "20",
         "option_start": "place", "option_layout": "", "option_stacking_starts": "last_placer"}
STAWVS = {**PYLON, "option_gaps": "corners", "option_layout": "", "option_claims": "line",
          "option_final_collect": "True", "option_caps": "3"}
for name in ("option_start", "option_stacking_starts"):
    STAWVS.pop(name)


def post(client, slug="pylon", **changes):
    form = {**(STAWVS if slug == "stawvs" else PYLON), **changes}
    return client.post(f"/challenges/new/{slug}", data=form)


def counts() -> tuple[int, int, int, str]:
    """Rows of every lobby table and the statuses: what "nothing changed" compares."""
    statuses = ",".join(db.session.scalars(select(Challenge.status).order_by(Challenge.id)))
    return (db.session.scalar(select(func.count()).select_from(Challenge)),
            db.session.scalar(select(func.count()).select_from(ChallengeSeat)),
            db.session.scalar(select(func.count()).select_from(StandingChallenge)), statuses)


def newest() -> Challenge:
    db.session.expire_all()
    return db.session.scalars(select(Challenge).order_by(Challenge.id.desc())).first()


def other(client, player):
    """A second browser, signed in as ``player``."""
    browser = client.application.test_client()
    sign_in(browser, player)
    return browser
