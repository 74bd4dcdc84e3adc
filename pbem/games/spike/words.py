"""Every sentence Spike's board shows (see ``..phrases.Phrase``); the server says them again in
the reader's language. Sizes (``small``) and directions (``north``) are parameters, rules words
the server translates too."""

from __future__ import annotations

from ..phrases import Phrase

TO_MOVE = Phrase("spike.to-move", "{seat} to move")
TO_LAUNCH = Phrase("spike.to-launch", "{seat} to move (mid-turn: launch now)")
RESIGNED = Phrase("spike.resigned", "{loser} resigned: {seat} wins")
GOAL = Phrase("spike.goal", "{seat} reached the goal ({goal}) and wins")
DRAW = Phrase("spike.draw", "game over: a draw ({score})")
WON = Phrase("spike.won", "game over: {seat} wins ({score})")
ONE_PIECE = Phrase("spike.one-piece", "1 piece")
PIECES = Phrase("spike.pieces", "{count} pieces")
ONE_PIP = Phrase("spike.one-pip", "1 pip")
PIPS = Phrase("spike.pips", "{count} pips")
CHEST = Phrase("spike.chest", "{small} small, {medium} medium, {large} large ({totals})")
STASH = Phrase("spike.stash", "{small} small, {medium} medium, {large} large")
PIECE = Phrase("spike.piece", "{seat}'s {size} facing {direction}")
LAST_MOVE = Phrase("spike.last-move", "{status}; last move {move}")
CHEST_LINE = Phrase("spike.chest-line", "{seat} chest: {chest}")
STASH_LINE = Phrase("spike.stash-line", "Stash: {stash}")
KEY = Phrase("spike.key", "Numbers name each piece's controller; pennies (P1) are copper, "
             "nickels (P2) silver.")
STASH_HEAD = Phrase("spike.stash-head", "Stash (launch needs 2 or more)")
LAUNCH = Phrase("spike.launch", "launch a {size} ({count} left)")
FACING_HEAD = Phrase("spike.facing-head", "Facing")
FACE = Phrase("spike.face", "face {direction}")
OPENING = Phrase("spike.opening", "Spike, {status}.")
OWN_PIECE = Phrase("spike.own-piece", "{size} on {square} facing {direction}")
CONTROLS = Phrase("spike.controls", "{seat} controls {pieces}.")
CONTROLS_NONE = Phrase("spike.controls-none", "{seat} controls no piece.")
PENNIES = Phrase("spike.pennies", "Pennies (P1) on {squares}.")
PENNIES_NONE = Phrase("spike.pennies-none", "Pennies (P1) on no square.")
NICKELS = Phrase("spike.nickels", "Nickels (P2) on {squares}.")
NICKELS_NONE = Phrase("spike.nickels-none", "Nickels (P2) on no square.")
STASH_SENTENCE = Phrase("spike.stash-sentence", "Stash: {stash}.")
CHEST_SENTENCE = Phrase("spike.chest-sentence", "{seat}'s chest: {chest}.")
SO_FAR = Phrase("spike.so-far", "This turn so far: {plies}.")
OFF = Phrase("spike.off", "off the board")
DONE = Phrase("spike.done", "done: end the turn")
MAIL_CHEST = Phrase("spike.mail-chest", "P{seat} chest: {chest}")
MAIL_STASH = Phrase("spike.mail-stash", "Stash: {stash}")
MAIL_TURN = Phrase("spike.mail-turn", "This turn so far: {steps}")
MAIL_LAST_MOVE = Phrase("spike.mail-last-move", "Last move: {move}")
MAIL_LEGEND = Phrase("spike.mail-legend",
                     "Legend: 1M^ = P1's medium facing north (^ > v < = N E S W; 1 = P1, 2 = P2;\n"
                     "S M L = small, medium, large); p = penny (P1), n = nickel (P2), . = empty.\n"
                     "P1 launches from rank 1 and exits past rank 8; P2 the other way.")

PHRASES = (TO_MOVE, TO_LAUNCH, RESIGNED, GOAL, DRAW, WON, ONE_PIECE, PIECES, ONE_PIP, PIPS,
           CHEST, STASH, PIECE, LAST_MOVE, CHEST_LINE, STASH_LINE, KEY, STASH_HEAD, LAUNCH,
           FACING_HEAD, FACE, OPENING, OWN_PIECE, CONTROLS, CONTROLS_NONE, PENNIES, PENNIES_NONE,
           NICKELS, NICKELS_NONE, STASH_SENTENCE, CHEST_SENTENCE, SO_FAR, OFF, DONE,
           MAIL_CHEST, MAIL_STASH, MAIL_TURN, MAIL_LAST_MOVE, MAIL_LEGEND)
