"""Every refusal Stawvs gives, each a phrase with a code (see ``..refusals.Refusal``);
the server says them again in the reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal

NOT_A_MOVE = Refusal("stawvs.not-a-move", "{text!r} is not a Stawvs move: name a square to place "
                     "a cap (d4), write from-to/claim to move a cap (c3-f6/e5), or pass",
                     code="syntax")
NO_CLAIM = Refusal("stawvs.no-claim", "{ply} does not say which pyramid to claim: write "
                   "{ply}/<square>", code="syntax")
NO_PASS_PLACING = Refusal("stawvs.no-pass-placing",
                          "you cannot pass while placing caps", code="no-pass")
NO_PASS = Refusal("stawvs.no-pass", "you have a legal move, so you cannot pass", code="no-pass")
OUT = Refusal("stawvs.out", "you are out of the game and must pass", code="out")
PLACE_FIRST = Refusal("stawvs.place-first", "place your caps first: name an open square, e.g. "
                      "{example}", code="placement-phase")
MUST_PASS = Refusal("stawvs.must-pass", "you have no legal move and must pass", code="must-pass")
ALL_PLACED = Refusal("stawvs.all-placed", "your caps are all placed: move one as from-to/claim, "
                     "e.g. {example}", code="movement-phase")
NO_CAP = Refusal("stawvs.no-cap", "you have no cap on {square}", code="no-cap")
STAY = Refusal("stawvs.stay", "a cap must move to another square", code="no-move")
CLAIM_VACATED = Refusal("stawvs.claim-vacated", "with claims=vacated you claim the square you "
                        "left: {ply}", code="claim-not-vacated")
CLAIM_OWN = Refusal("stawvs.claim-own", "you cannot claim {square}: your cap has just moved there",
                    code="claim-own-square")
GAP = Refusal("stawvs.gap", "{square} is a gap", code="gap")
CAPPED = Refusal("stawvs.capped", "{square} is capped", code="capped")
NOT_A_LINE = Refusal("stawvs.not-a-line",
                     "{end} is not in a straight line from {start}", code="not-a-line")
GAP_BLOCKS = Refusal("stawvs.gap-blocks",
                     "the gap on {square} blocks the line from {start} to {end}", code="blocked")
CAP_BLOCKS = Refusal("stawvs.cap-blocks",
                     "the cap on {square} blocks the line from {start} to {end}", code="blocked")

REFUSALS = SHARED + (NOT_A_MOVE, NO_CLAIM, NO_PASS_PLACING, NO_PASS, OUT, PLACE_FIRST,
                     MUST_PASS, ALL_PLACED, NO_CAP, STAY, CLAIM_VACATED, CLAIM_OWN, GAP, CAPPED,
                     NOT_A_LINE, GAP_BLOCKS, CAP_BLOCKS)
