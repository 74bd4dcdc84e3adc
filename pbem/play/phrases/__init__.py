"""What the games say, in the reader's language.

The games (``pbem.games``) stay free of Flask and speak English: everything they say to a
person is a ``Phrase`` with a stable key (``rules.phrases``). A board's words are said when the
board is drawn, through the speaker :func:`install` hands the games; a refusal travels as an
``IllegalMove`` carrying its key and parameters, and is said by :func:`refusal` where the page
or mail that shows it knows its reader (the ``refusal`` template filter). Either way the key's
sentence here, the English one with named placeholders, is said through the catalogue; the
parameters are notation, numbers and what the player typed (``text``), which never change with
the language, or words of a game's vocabulary (sizes, directions, colours), translated too.

The sentences live beside each game's declarations, one module a game (and ``shared`` for
what every game and the server itself say), with what each of its options does;
tests/play/test_phrases.py holds them to the declarations and to every catalogue.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...core.i18n import Text, lazy
from ...games import IllegalMove, Phrase
from ...games.phrases import speak_with
from . import pylon, shared, spike, stawvs, stax, triumvirate
from .shared import vocabulary

#: Every phrase of every game, and the server's own refusals, by key: the English sentence
#: with named placeholders, as the catalogue knows it.
MESSAGES: dict[str, str] = {**shared.MESSAGES, **pylon.MESSAGES, **spike.MESSAGES,
                            **stawvs.MESSAGES, **stax.MESSAGES, **triumvirate.MESSAGES}
#: What each game's options do, by game and option: the English each game declares.
OPTIONS: dict[str, dict[str, str]] = {"pylon": pylon.OPTIONS, "spike": spike.OPTIONS,
                                      "stawvs": stawvs.OPTIONS, "stax": stax.OPTIONS,
                                      "triumvirate": triumvirate.OPTIONS}


def _said(key: str, params: dict[str, Any]) -> str:
    """The sentence of ``key`` made from ``params`` in the language spoken now, the words of
    the vocabulary among them translated (never what the player typed)."""
    if params:
        words = vocabulary()
        params = {name: value if name == "text" or not isinstance(value, str)
                  else words.get(value, value) for name, value in params.items()}
    return _(MESSAGES[key], **params)


def say(phrase: Phrase, params: dict[str, Any]) -> str:
    """``phrase`` in the language spoken now (outside a request or a mail, in English); a
    phrase no key here names, in English."""
    if phrase.key not in MESSAGES:
        return phrase.english(**params)
    return _said(phrase.key, params)


def refusal(error):
    """An ``IllegalMove`` said in the language spoken now (a step of a typed turn behind its
    step); any other value, and a refusal no game declares, as it is."""
    if not isinstance(error, IllegalMove):
        return error
    if error.key not in MESSAGES:
        return error.reason
    said = _said(error.key, error.params)
    if error.step is None:
        return said
    return _("step %(step)s (%(ply)s): %(reason)s", step=error.step, ply=error.ply,
             reason=said)


def lazy_refusal(error) -> Text:
    """:func:`refusal`, said when it is read: in a page's language, or in a mail's, whichever
    reads it (a refusal kept in an error or an answer made before either is known)."""
    return lazy(lambda: refusal(error))


def rules_word(word: str) -> str:
    """A word of the rules a page shows as it is (a choice beside the board: ``small``) in
    the language spoken now; notation and any other word as they are."""
    return vocabulary().get(word, word)


def option_help(option) -> str:
    """What a game's option does (``Option.help``, as the new-game form and the rules page
    explain it) in the language spoken now; its names and values stay as they are typed."""
    return _(option.help) if option.help else ""


def install() -> None:
    """Every board drawn from now on speaks the reader's language."""
    speak_with(say)
