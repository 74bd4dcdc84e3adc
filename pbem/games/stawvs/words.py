"""Every sentence Stawvs's board shows (see ``..phrases.Phrase``); the server says them again in
the reader's language."""

from __future__ import annotations

from ..phrases import Phrase

AND = Phrase("stawvs.and", "{items} and {last}")
WINS = Phrase("stawvs.wins", "game over, {seats} wins")
WIN = Phrase("stawvs.win", "game over, {seats} win")
TO_PLACE = Phrase("stawvs.to-place", "P{seat} to move (placing caps)")
TO_MOVE = Phrase("stawvs.to-move", "P{seat} to move (moving)")
TO_PASS = Phrase("stawvs.to-pass", "P{seat} to move (out, passes)")
SEAT_LINE = Phrase("stawvs.seat-line", "P{seat}{notes}: caps {caps}; {count} pyramids, "
                   "score {score}")
NO_CAPS = Phrase("stawvs.no-caps", "none")
NOTE_TO_PLACE = Phrase("stawvs.note-to-place", "{count} to place")
NOTE_RESIGNED = Phrase("stawvs.note-resigned", "resigned")
NOTE_OUT = Phrase("stawvs.note-out", "out")
KEY_PYRAMIDS = Phrase("stawvs.key-pyramids", "Pyramids: pink, blue, green, orange; 1, 2 or 3 "
                      "pips = small, medium, large.")
KEY_SQUARES = Phrase("stawvs.key-squares", "Dark squares are gaps; numbered discs are the "
                     "players' caps.")
LAST_MOVE = Phrase("stawvs.last-move", "{status}; last move {move}")
KEY_MAIL = Phrase("stawvs.key-mail", "Caps are numbered discs ({colours}); dark squares are "
                  "gaps; pyramids have 1, 2 or 3 pips for small, medium, large.")
CAP_COLOURS = (Phrase("stawvs.cap-black", "P{seat} black"),
               Phrase("stawvs.cap-white", "P{seat} white"),
               Phrase("stawvs.cap-purple", "P{seat} purple"),
               Phrase("stawvs.cap-brown", "P{seat} brown"))
#: A pyramid's words, by colour (pink, blue, green, orange) then size.
PYRAMIDS = tuple(tuple(Phrase(f"stawvs.{colour}-{size}", f"{colour} {size}")
                       for size in ("small", "medium", "large"))
                 for colour in ("pink", "blue", "green", "orange"))
OPENING_VACATED = Phrase("stawvs.opening-vacated", "Stawvs, {players} players, claims take "
                         "the vacated square. {status}.")
OPENING_IN_LINE = Phrase("stawvs.opening-in-line", "Stawvs, {players} players, claims take "
                         "any pyramid in line. {status}.")
HAS_RESIGNED = Phrase("stawvs.has-resigned", "has resigned")
IS_OUT = Phrase("stawvs.is-out", "is out and passes")
CAPS_TO_PLACE = Phrase("stawvs.caps-to-place", "has {count} caps to place")
CAPS_ON = Phrase("stawvs.caps-on", "has caps on {squares}")
NO_CAPS_ON_BOARD = Phrase("stawvs.no-caps-on-board", "has no caps on the board")
OWNS = Phrase("stawvs.owns", "owns {pyramids}")
OWNS_NOTHING = Phrase("stawvs.owns-nothing", "owns nothing yet")
SEAT_SENTENCE = Phrase("stawvs.seat-sentence", "P{seat} {facts}; score {score}.")
GAP = Phrase("stawvs.gap-square", "{square} gap")
WITH_CAP = Phrase("stawvs.with-cap", "{square} with P{seat}'s cap")
RANK = Phrase("stawvs.rank", "Rank {rank}: {squares}.")
MAIL_LAST_MOVE = Phrase("stawvs.mail-last-move", "Last move: {move}")
MAIL_KEY = Phrase("stawvs.mail-key",
                  "Key: P pink, B blue, G green, O orange; 1 small, 2 medium, 3 large; .. gap;\n"
                  "     n:XX = P<n>'s cap on pyramid XX.")

PHRASES = (AND, WINS, WIN, TO_PLACE, TO_MOVE, TO_PASS, SEAT_LINE, NO_CAPS, NOTE_TO_PLACE,
           NOTE_RESIGNED, NOTE_OUT, KEY_PYRAMIDS, KEY_SQUARES, LAST_MOVE, KEY_MAIL, *CAP_COLOURS,
           *(phrase for colour in PYRAMIDS for phrase in colour), OPENING_VACATED,
           OPENING_IN_LINE, HAS_RESIGNED, IS_OUT, CAPS_TO_PLACE, CAPS_ON, NO_CAPS_ON_BOARD, OWNS,
           OWNS_NOTHING, SEAT_SENTENCE, GAP, WITH_CAP, RANK, MAIL_LAST_MOVE, MAIL_KEY)
