"""Every refusal Stawvs gives, each a stable key, a code and its English sentence (see
``pbem.games.refusals.Refusal``); the server says them again in the reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal

NOT_A_MOVE = Refusal("stawvs.not-a-move", "syntax", "{text!r} is not a Stawvs move: name a "
                     "square to place a cap (d4), write from-to/claim to move a cap "
                     "(c3-f6/e5), or pass")
NO_CLAIM = Refusal("stawvs.no-claim", "syntax",
                   "{ply} does not say which pyramid to claim: write {ply}/<square>")
NO_PASS_PLACING = Refusal("stawvs.no-pass-placing", "no-pass",
                          "you cannot pass while placing caps")
NO_PASS = Refusal("stawvs.no-pass", "no-pass", "you have a legal move, so you cannot pass")
OUT = Refusal("stawvs.out", "out", "you are out of the game and must pass")
PLACE_FIRST = Refusal("stawvs.place-first", "placement-phase",
                      "place your caps first: name an open square, e.g. {example}")
MUST_PASS = Refusal("stawvs.must-pass", "must-pass", "you have no legal move and must pass")
ALL_PLACED = Refusal("stawvs.all-placed", "movement-phase",
                     "your caps are all placed: move one as from-to/claim, e.g. {example}")
NO_CAP = Refusal("stawvs.no-cap", "no-cap", "you have no cap on {square}")
STAY = Refusal("stawvs.stay", "no-move", "a cap must move to another square")
CLAIM_VACATED = Refusal("stawvs.claim-vacated", "claim-not-vacated",
                        "with claims=vacated you claim the square you left: {ply}")
CLAIM_OWN = Refusal("stawvs.claim-own", "claim-own-square",
                    "you cannot claim {square}: your cap has just moved there")
GAP = Refusal("stawvs.gap", "gap", "{square} is a gap")
CAPPED = Refusal("stawvs.capped", "capped", "{square} is capped")
NOT_A_LINE = Refusal("stawvs.not-a-line", "not-a-line",
                     "{end} is not in a straight line from {start}")
GAP_BLOCKS = Refusal("stawvs.gap-blocks", "blocked",
                     "the gap on {square} blocks the line from {start} to {end}")
CAP_BLOCKS = Refusal("stawvs.cap-blocks", "blocked",
                     "the cap on {square} blocks the line from {start} to {end}")

REFUSALS = SHARED + (NOT_A_MOVE, NO_CLAIM, NO_PASS_PLACING, NO_PASS, OUT, PLACE_FIRST,
                     MUST_PASS, ALL_PLACED, NO_CAP, STAY, CLAIM_VACATED, CLAIM_OWN, GAP, CAPPED,
                     NOT_A_LINE, GAP_BLOCKS, CAP_BLOCKS)
