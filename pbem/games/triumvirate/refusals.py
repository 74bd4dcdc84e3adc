"""Every refusal Triumvirate gives, each a phrase with a code (see ``..refusals.Refusal``), and its
vocabulary, the words the parameters of its phrases hold; the server says them again in the
reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal
from .board import BIT, MANNER_WORD, SIZE_NAME

FORMS = "T:3f/2f/1f, h1-h3, d4xb4, +2g1, P:2 or H:2Du<3Df"

# ----- notation -----------------------------------------------------------------------------
NO_MOVE = Refusal("triumvirate.no-move",
                  f"no move was given; a ply looks like {FORMS}", code="syntax")
NO_PASS = Refusal("triumvirate.no-pass",
                  "Triumvirate has no pass: a turn ends by itself", code="syntax")
UNREADABLE = Refusal("triumvirate.unreadable",
                     f"cannot read {{text!r}}; a ply looks like {FORMS}", code="syntax")
# ----- the stages of a turn -----------------------------------------------------------------
ARRANGE_FIRST = Refusal("triumvirate.arrange-first", "arrange your card first (T:…; {ply} keeps "
                        "it as it is)", code="wrong-stage")
ARRANGED = Refusal("triumvirate.arranged", "your card is already arranged for this turn; {count} "
                   "action(s) remain (a move, a capture or a placement)", code="wrong-stage")
DECIDE_LATER = Refusal("triumvirate.decide-later", "prisoners are decided after the last action; "
                       "{count} action(s) remain (a move, a capture or a placement)",
                       code="wrong-stage")
DECIDE_FIRST = Refusal("triumvirate.decide-first", "decide first what becomes of the {size} "
                       "prisoner (P:{z} or H:{z}…)", code="wrong-stage")
ARRANGEMENT = Refusal("triumvirate.arrangement", "an arrangement puts each size on the card once; "
                      "{ply} leaves out {missing}", code="arrangement")
# ----- placements ---------------------------------------------------------------------------
NOT_START = Refusal("triumvirate.not-start",
                    "{square} is not one of your starting squares ({starts})", code="not-start")
NO_RESERVE = Refusal("triumvirate.no-reserve",
                     "you have no {size} piece in reserve", code="no-reserve")
OCCUPIED_OWN = Refusal("triumvirate.occupied-own",
                       "{square} is occupied by your own piece", code="occupied")
OCCUPIED_FOE = Refusal("triumvirate.occupied-foe",
                       "{square} is occupied by {seat}'s piece: capture it first", code="occupied")
ENTRY = Refusal("triumvirate.entry", "with sized entry {square} takes only {sizes}", code="entry")
ALL_POINTS = Refusal("triumvirate.all-points", "you must use all {total} movement points; {ply} "
                     "leaves {count} that no move can use", code="points")
POINTS_LEFT = Refusal("triumvirate.points-left", "you must use all {total} remaining movement "
                      "points; {ply} leaves {count} that no move can use", code="points")
# ----- moves and captures -------------------------------------------------------------------
NO_PIECE = Refusal("triumvirate.no-piece", "there is no piece on {square}", code="no-piece")
NOT_YOURS = Refusal("triumvirate.not-yours",
                    "{square} holds {seat}'s piece, not yours", code="not-yours")
GEOMETRY = Refusal("triumvirate.geometry", "{start} to {end} is no move: pieces go one or two "
                   "squares orthogonally or diagonally, or jump like a chess knight",
                   code="geometry")
CANNOT_MOVE = Refusal("triumvirate.cannot-move", "your {size} pieces cannot move: no flat {size} "
                      "on your card", code="cannot-move")
MANNER = Refusal("triumvirate.manner", "your {sizes} move only {manners} (flat in {sections}), "
                 "not {manner}", code="manner")
OWN_PIECE = Refusal("triumvirate.own-piece", "{square} holds your own piece", code="own-piece")
NOTHING_TO_CAPTURE = Refusal("triumvirate.nothing-to-capture",
                             "there is nothing to capture on {square}", code="nothing-to-capture")
SLIDE_BLOCKED = Refusal("triumvirate.slide-blocked",
                        "the slide from {start} to {end} is blocked on {square}", code="blocked")
PROTECTED = Refusal("triumvirate.protected", "{seat}'s {sizes} are upright in {sections}: they "
                    "can only be captured {manners}", code="protected")
# ----- prisoners and hostages ---------------------------------------------------------------
WRONG_PRISONER = Refusal("triumvirate.wrong-prisoner", "the prisoner to decide now is a {size}: "
                         "write P:{z} or H:{z}…", code="wrong-prisoner")
SECTION = Refusal("triumvirate.section", "a new hostage takes the section of the one it replaces: "
                  "{expected}, not {ply}", code="section")
FRESH_HOSTAGE = Refusal("triumvirate.fresh-hostage", "the hostage {hostage} came onto your card "
                        "this turn and cannot be replaced yet", code="no-hostage")
NO_HOSTAGE = Refusal("triumvirate.no-hostage",
                     "your card has no hostage {hostage} to replace", code="no-hostage")

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
VOCABULARY = tuple(dict.fromkeys(
    [*SIZE_NAME.values(), *map(plural, SIZE_NAME), *(manners(m) for m in range(1, 8)),
     *(s for s in map(sections, range(1, 8)) if len(s) > 1),
     *(missing(sizes) for sizes in ("1", "2", "3", "12", "13", "23", ""))]))
