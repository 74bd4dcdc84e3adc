"""Every sentence Triumvirate's board shows (see ``..phrases.Phrase``); the server says them
again in the reader's language. Sizes (``small``) are parameters, rules words the server
translates too; sections and orientations are phrases of their own."""

from __future__ import annotations

from ..phrases import Phrase

RESIGNED = Phrase("triumvirate.resigned", "P{loser} resigned; P{seat} wins")
DRAWN = Phrase("triumvirate.drawn", "drawn: {count} turns in a row without a capture")
WON = Phrase("triumvirate.won", "P{seat} wins with two trees of prisoners")
ARRANGE = Phrase("triumvirate.arrange", "P{seat} to move: arrange the card (T:…)")
ACT = Phrase("triumvirate.act", "P{seat} to move: {actions} action(s) left, {points} movement "
             "point(s)")
DECIDE = Phrase("triumvirate.decide", "P{seat} to move: decide the {size} prisoner (P:{z} or "
                "H:{z}…)")
ON_SQUARE = Phrase("triumvirate.on-square", "P{seat} {size} on {square}")
TO_MOVE = Phrase("triumvirate.to-move", "P{seat} — to move")
SECTION_NAMES = {"O": Phrase("triumvirate.orthogonal", "orthogonal"),
                 "D": Phrase("triumvirate.diagonal", "diagonal"),
                 "L": Phrase("triumvirate.l-shaped", "L-shaped")}
SECTION = Phrase("triumvirate.section-name", "{section} section")
FLAT = Phrase("triumvirate.flat", "flat")
UPRIGHT = Phrase("triumvirate.upright", "upright")
CARD_PIECE = Phrase("triumvirate.card-piece", "Triumvirate: {size} {orient} in {section}")
HOSTAGE_PIECE = Phrase("triumvirate.hostage-piece", "hostage: {size} {orient} in {section}")
HELD = Phrase("triumvirate.held", "held")
RESERVE = Phrase("triumvirate.reserve", "reserve")
ROW_COUNT = Phrase("triumvirate.row-count", "{row}: {count} {size}")
HOLDS = Phrase("triumvirate.holds", "P{seat} holds prisoners {held}; reserve {reserve} (sizes "
               "1, 2, 3)")
OPENING = Phrase("triumvirate.opening", "Triumvirate, turn {turn}. {status}.")
OWN = Phrase("triumvirate.own", "{size} on {square}")
SLOT = Phrase("triumvirate.slot", "{size} {orient} in {section}")
COUNT = Phrase("triumvirate.count", "{count} {size}")
NONE_ON_BOARD = Phrase("triumvirate.none-on-board", "none on the board")
NONE = Phrase("triumvirate.none", "none")
SEAT = Phrase("triumvirate.seat", "P{seat} pieces: {pieces}. Card: {card}. Hostages: "
              "{hostages}. Prisoners held: {held}. Reserve: {reserve}.")
TAKEN = Phrase("triumvirate.taken", "Prisoners taken this turn: {count}.")
PIECE = Phrase("triumvirate.piece", "{size}, {orient}")
SLOT_CHOICE = Phrase("triumvirate.slot-choice", "{section} section: {piece}")
HOLD = Phrase("triumvirate.hold", "hold the {size} prisoner")
AS_HOSTAGE = Phrase("triumvirate.as-hostage", "{size} prisoner as a hostage in the {section} "
                    "section, {orient}")
REPLACING = Phrase("triumvirate.replacing", "{choice}, replacing the {piece} hostage")
MAIL_TITLE = Phrase("triumvirate.mail-title", "Triumvirate, turn {turn}: {status}")
MAIL_LEGEND = Phrase("triumvirate.mail-legend",
                     "P1 = S M L (small, medium, large), P2 = s m l; + = empty starting square\n"
                     "Cards: O/D/L sections, size then f (flat: moves) or u (upright: protects)")
MAIL_CARD = Phrase("triumvirate.mail-card", "P{seat} card: {card} | hostages: {hostages} | held: "
                   "{held} | reserve: {reserve}")
MAIL_LAST_MOVE = Phrase("triumvirate.mail-last-move", "Last move: {move}")

PHRASES = (RESIGNED, DRAWN, WON, ARRANGE, ACT, DECIDE, ON_SQUARE, TO_MOVE,
           *SECTION_NAMES.values(), SECTION, FLAT, UPRIGHT, CARD_PIECE, HOSTAGE_PIECE, HELD,
           RESERVE, ROW_COUNT, HOLDS, OPENING, OWN, SLOT, COUNT, NONE_ON_BOARD, NONE, SEAT, TAKEN,
           PIECE, SLOT_CHOICE, HOLD, AS_HOSTAGE, REPLACING, MAIL_TITLE, MAIL_LEGEND, MAIL_CARD,
           MAIL_LAST_MOVE)
