"""Every refusal Pylon gives, each a phrase with a code (see ``..refusals.Refusal``), and its
vocabulary, the words the parameters of its phrases hold; the server says them again in the
reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal

HINT = "place a size on a square (Mc3, or 2c3) or move a stack onto its neighbour (c3-c4)"
NO_MOVE = Refusal("pylon.no-move", f"no move was given: {HINT}", code="syntax")
NOT_A_SQUARE = Refusal("pylon.not-a-square",
                       "{text!r} is not a square (files a-f, ranks 1-5)", code="syntax")
NOT_A_SIZE = Refusal("pylon.not-a-size",
                     "{text!r} is not a size: use S, M or L (or 1, 2, 3)", code="syntax")
UNREADABLE = Refusal("pylon.unreadable", f"cannot read {{text!r}}: {HINT}", code="syntax")
PLACEMENT_OVER = Refusal("pylon.placement-over",
                         "placement is over: move a stack", code="wrong-phase")
NONE_LEFT = Refusal("pylon.none-left", "no {size} pyramids left", code="none-left")
OCCUPIED = Refusal("pylon.occupied", "{square} is occupied", code="occupied")
NOT_FULL = Refusal("pylon.not-full",
                   "the board is not full yet: place a pyramid", code="wrong-phase")
EMPTY_SOURCE = Refusal("pylon.empty-source",
                       "{square} is empty: there is no stack to move", code="empty-source")
NOT_ADJACENT = Refusal("pylon.not-adjacent",
                       "{a} and {b} are not orthogonally adjacent", code="not-adjacent")
EMPTY_TARGET = Refusal("pylon.empty-target",
                       "{square} is empty: stacks only move onto stacks", code="empty-target")
TOO_LARGE = Refusal("pylon.too-large", "the bottom of {a} ({low}) is larger than the top of {b} "
                    "({high})", code="too-large")

REFUSALS = SHARED + (NO_MOVE, NOT_A_SQUARE, NOT_A_SIZE, UNREADABLE, PLACEMENT_OVER, NONE_LEFT,
                     OCCUPIED, NOT_FULL, EMPTY_SOURCE, NOT_ADJACENT, EMPTY_TARGET, TOO_LARGE)
#: The words ``size``, ``low`` and ``high`` hold.
VOCABULARY = ("small", "medium", "large")
