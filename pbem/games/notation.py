"""What every game's move parser shares: the limits on typed text and :func:`squash`, the
first step of reading what a person typed. Standard library only, like all of ``pbem.games``."""

from __future__ import annotations

import re
from typing import Any

from .refusals import MOVE_TOO_LONG, NOT_ASCII, NOT_TEXT, Refusal

#: The most characters a typed ply may have, spaces included (canonical plies are under 30).
MAX_PLY_CHARS = 200
#: The most characters a whole turn typed on one line may have.
MAX_TURN_CHARS = 1000


def squash(text: Any) -> str:
    """What a person typed, with every space removed: where every move parser starts.

    Spaces of any kind (an email's no-break space too) separate nothing inside a ply; what is
    left must be plain ASCII, because notation is written in ASCII letters and decimal digits
    (``int`` and ``str.upper`` would otherwise read ``٣`` as 3 and ``ſ`` as S), and short,
    so no parser ever works on a huge number.

    :raises IllegalMove: ``syntax``: not text, too long, or a character beyond ASCII.
    """
    if not isinstance(text, str):
        raise NOT_TEXT()
    check_length(text, MAX_PLY_CHARS, MOVE_TOO_LONG)
    compact = re.sub(r"\s+", "", text)
    if not compact.isascii():
        odd = next(ch for ch in compact if not ch.isascii())
        raise NOT_ASCII(char=odd)
    return compact


def check_length(text: str, limit: int, refusal: Refusal) -> None:
    """Refuse typed ``text`` longer than ``limit`` characters. :raises IllegalMove: syntax."""
    if len(text) > limit:
        raise refusal(limit=limit, length=len(text))

