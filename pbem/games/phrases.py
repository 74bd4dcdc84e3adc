"""Phrases: every sentence a game writes for a person — a refusal, a board's status line, a
tooltip, the spoken description, the notes under a mail's diagram — is a :class:`Phrase`, a
stable key and its English text, so the server can say it in the reader's language. Standard
library only, like all of ``pbem.games``: a game declares its phrases (its ``refusals.py``,
its board's ``words.py``), the rules object lists them all (``rules.phrases``), and the server
gives every key its translation.

A board's phrase is said when the board is drawn: without a translator it is its English text;
the web layer installs one (:func:`speak_with`) that looks the key up in its catalogue in the
language spoken then, so one drawing code serves every language. A refusal
(``refusals.Refusal``, a phrase with a code) is said later, where its reader is known.

    >>> Phrase("demo.empty", "{square}: empty")(square="c3")
    'c3: empty'
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: ``(phrase, params) -> str``; None says the English text.
Speaker = Callable[["Phrase", dict[str, Any]], str]
_speaker: list[Speaker | None] = [None]


@dataclass(frozen=True)
class Phrase:
    """One thing a game says: a stable ``key`` (``<slug>.<word>``, or ``rules.<word>`` for
    what every game says) and the English ``text``, a ``str.format`` template whose named
    fields are the parameters (notation, numbers, what the player typed as ``text``, or words
    of the game's ``vocabulary`` such as ``small``, which the server translates too).

    Calling a phrase says it in the language spoken now.
    """

    key: str
    text: str

    def __call__(self, **params: Any) -> str:
        speaker = _speaker[0]
        return speaker(self, params) if speaker else self.english(**params)

    def english(self, **params: Any) -> str:
        """The English text made from ``params``, whoever speaks."""
        return self.text.format(**params)

    def fields(self) -> set[str]:
        """The names of the parameters ``text`` takes."""
        return {name for _, name, _, _ in string.Formatter().parse(self.text) if name}


def speak_with(speaker: Speaker | None) -> None:
    """Say every phrase through ``speaker`` from now on (None: in English)."""
    _speaker[0] = speaker
