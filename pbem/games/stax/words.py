"""Every sentence Stax's board shows (see ``..phrases.Phrase``); the server says them again in
the reader's language. Seats (``Light``) and tiles (``king``, ``3h tile``) are parameters,
rules words the server translates too."""

from __future__ import annotations

from ..phrases import Phrase

WON = Phrase("stax.won", "{seat} won.")
TO_MOVE = Phrase("stax.to-move", "{seat} to move.")
HOLDS = Phrase("stax.holds", "{seat} holds: {hand}.")
RESIGNED = Phrase("stax.resigned", "resigned")
NOTHING = Phrase("stax.nothing", "nothing")
OPENING = Phrase("stax.opening", "Stax, {players} players. {status}")
EMPTY_TABLE = Phrase("stax.empty-table", "The table is empty.")
ONE_STACK = Phrase("stax.one-stack", "1 stack on the table.")
STACKS = Phrase("stax.stacks", "{count} stacks on the table.")
TILE = Phrase("stax.tile", "{seat}'s {tile}")
POINTING = Phrase("stax.pointing", "{tile} pointing {directions}")
ON_STACK = Phrase("stax.on-stack", "{tile}, on a stack of {count} (beneath, top down: "
                  "{beneath})")
AT = Phrase("stax.at", "At {cell}: {what}.")
CELL_EMPTY = Phrase("stax.cell-empty", "{cell}: empty")
HAND_SEAT = Phrase("stax.hand-seat", "{seat}")
HAND_RESIGNED = Phrase("stax.hand-resigned", "{seat} (resigned)")
HAND_TILE = Phrase("stax.hand-tile", "{seat}'s {tile} ({directions})")
MAIL_LAST_MOVE = Phrase("stax.mail-last-move", "Last move: {move}")
MAIL_MAP = Phrase("stax.mail-map",
                  "Map (row r at the left; column q above and below, each column running\n"
                  "diagonally down to the right; a stack shows its top tile's owner, K for a\n"
                  "king, Q for a queen, and its height; '.' is an empty cell beside the table):")
MAIL_STACKS = Phrase("stax.mail-stacks",
                     "Stacks, row by row from the top (the top tile, where it points, and the\n"
                     "tiles beneath it, top down; * the last move):")
MAIL_EMPTY = Phrase("stax.mail-empty", "The table is empty: the first tile goes on 0,0.")
MAIL_IN_HAND = Phrase("stax.mail-in-hand", "In hand:")
MAIL_KING = Phrase("stax.mail-king", "{seat} king")
MAIL_QUEEN = Phrase("stax.mail-queen", "{seat} queen, points every way")
MAIL_POINTS = Phrase("stax.mail-points", "{seat} {tile}, points {directions}")
MAIL_BENEATH = Phrase("stax.mail-beneath", "{line}; beneath: {beneath}")

PHRASES = (WON, TO_MOVE, HOLDS, RESIGNED, NOTHING, OPENING, EMPTY_TABLE, ONE_STACK, STACKS, TILE,
           POINTING, ON_STACK, AT, CELL_EMPTY, HAND_SEAT, HAND_RESIGNED, HAND_TILE, MAIL_LAST_MOVE,
           MAIL_MAP, MAIL_STACKS, MAIL_EMPTY, MAIL_IN_HAND, MAIL_KING, MAIL_QUEEN, MAIL_POINTS,
           MAIL_BENEATH)
