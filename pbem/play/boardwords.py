"""The boards' words in the reader's language.

The rendering modules (``pbem.games``) stay free of Flask and write English: every sentence a
board shows (status line, tooltip, spoken description) is a ``Phrase`` with a stable key
(``pbem.games.words``). Here every key has its sentence, the English one with named
placeholders, said through the catalogue in the language spoken when the board is drawn (a
page's, or a mail's); parameters are notation and numbers, which never change with the
language, or rules words (``small``), translated as the refusals translate them.
:func:`install` makes every board speak so; a game's ``PHRASES`` and these keys are held
together by tests/play/test_boardwords.py.
"""

from __future__ import annotations

from flask_babel import gettext as _

from ..games import words
from .refusals import N_, rules_word

#: Every board phrase of every game by its key, the English sentence with named placeholders.
MESSAGES = {
    "pylon.to-place": N_("P%(seat)s (%(owner)s) to place a pyramid; score %(score)s"),
    "pylon.to-move": N_("P%(seat)s (%(owner)s) to move a stack; score %(score)s"),
    "pylon.resigned": N_("P%(loser)s resigned: P%(seat)s (%(owner)s) wins"),
    "pylon.draw": N_("game over: a draw, %(score)s"),
    "pylon.won": N_("game over: P%(seat)s (%(owner)s) wins %(score)s"),
    "pylon.score-spoken": N_("%(a)s to %(b)s"),
    "pylon.cell-one": N_("%(square)s: %(stack)s, 1 pyramid, %(owner)s on top"),
    "pylon.cell-many": N_("%(square)s: %(stack)s, %(count)s pyramids, %(owner)s on top"),
    "pylon.cell-empty": N_("%(square)s: empty"),
    "pylon.place-small": N_("place a small pyramid"),
    "pylon.place-medium": N_("place a medium pyramid"),
    "pylon.place-large": N_("place a large pyramid"),
    "pylon.piece-small": N_("small %(owner)s"),
    "pylon.piece-medium": N_("medium %(owner)s"),
    "pylon.piece-large": N_("large %(owner)s"),
    "pylon.placement-phase": N_("Pylon, placement phase."),
    "pylon.stacking-phase": N_("Pylon, stacking phase."),
    "pylon.stack": N_("%(square)s %(count)s pyramids, bottom to top %(pieces)s"),
    "pylon.occupied": N_("Occupied: %(squares)s."),
    "pylon.empty": N_("Empty: %(squares)s."),
    "pylon.all-empty": N_("All empty."),
    "pylon.in-hand": N_("In hand: %(hands)s."),
}


def say(phrase: words.Phrase, params: dict) -> str:
    """``phrase`` in the language spoken now (outside a request or a mail, in English); a
    phrase no key here names, in English."""
    if phrase.key not in MESSAGES:
        return phrase.text.format(**params)
    said = {name: rules_word(value) if isinstance(value, str) else value
            for name, value in params.items()}
    return _(MESSAGES[phrase.key], **said) if said else _(MESSAGES[phrase.key])


def install() -> None:
    """Every board drawn from now on speaks the reader's language."""
    words.speak_with(say)
