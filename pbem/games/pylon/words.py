"""Every sentence Pylon's board shows (see ``..phrases.Phrase``); the server says them again in
the reader's language."""

from __future__ import annotations

from ..phrases import Phrase

TO_PLACE = Phrase("pylon.to-place", "P{seat} ({owner}) to place a pyramid; score {score}")
TO_MOVE = Phrase("pylon.to-move", "P{seat} ({owner}) to move a stack; score {score}")
RESIGNED = Phrase("pylon.resigned", "P{loser} resigned: P{seat} ({owner}) wins")
DRAW = Phrase("pylon.draw", "game over: a draw, {score}")
WON = Phrase("pylon.won", "game over: P{seat} ({owner}) wins {score}")
SCORE_SPOKEN = Phrase("pylon.score-spoken", "{a} to {b}")
CELL_ONE = Phrase("pylon.cell-one", "{square}: {stack}, 1 pyramid, {owner} on top")
CELL_MANY = Phrase("pylon.cell-many", "{square}: {stack}, {count} pyramids, {owner} on top")
CELL_EMPTY = Phrase("pylon.cell-empty", "{square}: empty")
PLACE = (None, Phrase("pylon.place-small", "place a small pyramid"),
         Phrase("pylon.place-medium", "place a medium pyramid"),
         Phrase("pylon.place-large", "place a large pyramid"))
PIECE = (None, Phrase("pylon.piece-small", "small {owner}"),
         Phrase("pylon.piece-medium", "medium {owner}"),
         Phrase("pylon.piece-large", "large {owner}"))
PLACEMENT_PHASE = Phrase("pylon.placement-phase", "Pylon, placement phase.")
STACKING_PHASE = Phrase("pylon.stacking-phase", "Pylon, stacking phase.")
STACK = Phrase("pylon.stack", "{square} {count} pyramids, bottom to top {pieces}")
OCCUPIED = Phrase("pylon.occupied-squares", "Occupied: {squares}.")
EMPTY = Phrase("pylon.empty", "Empty: {squares}.")
ALL_EMPTY = Phrase("pylon.all-empty", "All empty.")
IN_HAND = Phrase("pylon.in-hand", "In hand: {hands}.")
MAIL_LAST_MOVE = Phrase("pylon.mail-last-move", "Last move: {move} (marked *)")
MAIL_LEGEND = Phrase("pylon.mail-legend",
                     "Stacks read bottom to top: A = P1, B = P2; 1 small, 2 medium, 3 large.\n"
                     "The owner of a stack's top pyramid scores every pyramid in it.")
MAIL_SCORE = Phrase("pylon.mail-score", "Score: P1 (A) {a}, P2 (B) {b}")
MAIL_IN_HAND = Phrase("pylon.mail-in-hand", "In hand: P1 (A) {a}; P2 (B) {b}")

PHRASES = (TO_PLACE, TO_MOVE, RESIGNED, DRAW, WON, SCORE_SPOKEN, CELL_ONE,
           CELL_MANY, CELL_EMPTY, *PLACE[1:], *PIECE[1:], PLACEMENT_PHASE, STACKING_PHASE, STACK,
           OCCUPIED, EMPTY, ALL_EMPTY, IN_HAND, MAIL_LAST_MOVE, MAIL_LEGEND, MAIL_SCORE,
           MAIL_IN_HAND)
