"""Every refusal Triumvirate gives, each a stable key, a code and its English sentence (see
``..refusals.Refusal``), and the words their parameters hold; the server says them again in the
reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal
from .board import BIT, MANNER_WORD, SIZE_NAME

FORMS = "T:3f/2f/1f, h1-h3, d4xb4, +2g1, P:2 or H:2Du<3Df"

# ----- notation -----------------------------------------------------------------------------
NO_MOVE = Refusal("triumvirate.no-move", "syntax", f"no move was given; a ply looks like {FORMS}")
NO_PASS = Refusal("triumvirate.no-pass", "syntax",
                  "Triumvirate has no pass: a turn ends by itself")
UNREADABLE = Refusal("triumvirate.unreadable", "syntax",
                     f"cannot read {{text!r}}; a ply looks like {FORMS}")
# ----- the stages of a turn -----------------------------------------------------------------
ARRANGE_FIRST = Refusal("triumvirate.arrange-first", "wrong-stage",
                        "arrange your card first (T:…; {ply} keeps it as it is)")
ARRANGED = Refusal("triumvirate.arranged", "wrong-stage",
                   "your card is already arranged for this turn; {count} action(s) remain "
                   "(a move, a capture or a placement)")
DECIDE_LATER = Refusal("triumvirate.decide-later", "wrong-stage",
                       "prisoners are decided after the last action; {count} action(s) remain "
                       "(a move, a capture or a placement)")
DECIDE_FIRST = Refusal("triumvirate.decide-first", "wrong-stage", "decide first what becomes "
                       "of the {size} prisoner (P:{z} or H:{z}…)")
ARRANGEMENT = Refusal("triumvirate.arrangement", "arrangement", "an arrangement puts each size "
                      "on the card once; {ply} leaves out {missing}")
# ----- placements ---------------------------------------------------------------------------
NOT_START = Refusal("triumvirate.not-start", "not-start",
                    "{square} is not one of your starting squares ({starts})")
NO_RESERVE = Refusal("triumvirate.no-reserve", "no-reserve",
                     "you have no {size} piece in reserve")
OCCUPIED_OWN = Refusal("triumvirate.occupied-own", "occupied",
                       "{square} is occupied by your own piece")
OCCUPIED_FOE = Refusal("triumvirate.occupied-foe", "occupied",
                       "{square} is occupied by {seat}'s piece: capture it first")
ENTRY = Refusal("triumvirate.entry", "entry", "with sized entry {square} takes only {sizes}")
ALL_POINTS = Refusal("triumvirate.all-points", "points", "you must use all {total} movement "
                     "points; {ply} leaves {count} that no move can use")
POINTS_LEFT = Refusal("triumvirate.points-left", "points", "you must use all {total} remaining "
                      "movement points; {ply} leaves {count} that no move can use")
# ----- moves and captures -------------------------------------------------------------------
NO_PIECE = Refusal("triumvirate.no-piece", "no-piece", "there is no piece on {square}")
NOT_YOURS = Refusal("triumvirate.not-yours", "not-yours",
                    "{square} holds {seat}'s piece, not yours")
GEOMETRY = Refusal("triumvirate.geometry", "geometry", "{start} to {end} is no move: pieces go "
                   "one or two squares orthogonally or diagonally, or jump like a chess knight")
CANNOT_MOVE = Refusal("triumvirate.cannot-move", "cannot-move",
                      "your {size} pieces cannot move: no flat {size} on your card")
MANNER = Refusal("triumvirate.manner", "manner",
                 "your {sizes} move only {manners} (flat in {sections}), not {manner}")
OWN_PIECE = Refusal("triumvirate.own-piece", "own-piece", "{square} holds your own piece")
NOTHING_TO_CAPTURE = Refusal("triumvirate.nothing-to-capture", "nothing-to-capture",
                             "there is nothing to capture on {square}")
SLIDE_BLOCKED = Refusal("triumvirate.slide-blocked", "blocked",
                        "the slide from {start} to {end} is blocked on {square}")
PROTECTED = Refusal("triumvirate.protected", "protected", "{seat}'s {sizes} are upright in "
                    "{sections}: they can only be captured {manners}")
# ----- prisoners and hostages ---------------------------------------------------------------
WRONG_PRISONER = Refusal("triumvirate.wrong-prisoner", "wrong-prisoner",
                         "the prisoner to decide now is a {size}: write P:{z} or H:{z}…")
SECTION = Refusal("triumvirate.section", "section", "a new hostage takes the section of the "
                  "one it replaces: {expected}, not {ply}")
FRESH_HOSTAGE = Refusal("triumvirate.fresh-hostage", "no-hostage",
                        "the hostage {hostage} came onto your card this turn and cannot be "
                        "replaced yet")
NO_HOSTAGE = Refusal("triumvirate.no-hostage", "no-hostage",
                     "your card has no hostage {hostage} to replace")

REFUSALS = SHARED + (
    NO_MOVE, NO_PASS, UNREADABLE, ARRANGE_FIRST, ARRANGED, DECIDE_LATER, DECIDE_FIRST,
    ARRANGEMENT, NOT_START, NO_RESERVE, OCCUPIED_OWN, OCCUPIED_FOE, ENTRY, ALL_POINTS,
    POINTS_LEFT, NO_PIECE, NOT_YOURS, GEOMETRY, CANNOT_MOVE, MANNER, OWN_PIECE,
    NOTHING_TO_CAPTURE, SLIDE_BLOCKED, PROTECTED, WRONG_PRISONER, SECTION, FRESH_HOSTAGE,
    NO_HOSTAGE,
)


def plural(z: int) -> str:
    """A size's pieces: ``smalls``."""
    return SIZE_NAME[z] + "s"


def manners(mask: int) -> str:
    """The manners of moving in ``mask``: ``orthogonally or diagonally``."""
    return " or ".join(MANNER_WORD[x] for x in "ODL" if BIT[x] & mask)


def sections(mask: int) -> str:
    """The card's sections in ``mask``: ``O and D``."""
    return " and ".join(x for x in "ODL" if BIT[x] & mask)


def missing(sizes: str) -> str:
    """The sizes an arrangement leaves out (``sizes``: the digits it has):
    ``the small and the large``."""
    left = [f"the {SIZE_NAME[int(z)]}" for z in "123" if z not in sizes]
    return " and ".join([", ".join(left[:-1]), left[-1]] if len(left) > 1 else left)


#: Every word ``size``, ``sizes``, ``missing``, ``manner``, ``manners`` and ``sections`` hold
#: (``seat`` is P1 or P2; a single section letter is notation).
WORDS = tuple(dict.fromkeys(
    [*SIZE_NAME.values(), *map(plural, SIZE_NAME), *(manners(m) for m in range(1, 8)),
     *(s for s in map(sections, range(1, 8)) if len(s) > 1),
     *(missing(sizes) for sizes in ("1", "2", "3", "12", "13", "23", ""))]))
