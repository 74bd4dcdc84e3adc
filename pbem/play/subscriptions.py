"""What play does when something happens to accounts, connected once when the application is
built (``pbem.app``): a new block calls off the pending invitations between the two players,
in the transaction that made it (a block forbids invitations either way)."""

from __future__ import annotations

from ..accounts import blocks
from . import setup


def subscribe() -> None:
    blocks.blocked.connect(_blocked)


def _blocked(blocker, whom, **_facts) -> None:
    setup.decline_between(blocker, whom)
