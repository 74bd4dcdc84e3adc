"""Board words: the sentences the rendering modules write (status lines, tooltips, the spoken
description), each a :class:`Phrase` with a stable key, so the server can say them in the
reader's language, as it does refusals. Standard library only, like all of ``pbem.games``.

Without a translator a phrase is its English text; the web layer installs one
(:func:`speak_with`) that looks the key up in its catalogue in the language spoken when the
board is drawn, so one drawing code serves every language.

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
    """One sentence a board shows: a stable ``key`` (``<slug>.<word>``) and the English
    ``text``, a ``str.format`` template whose named fields are the parameters (notation,
    numbers, or English rules words such as ``small``, which the translator translates too)."""

    key: str
    text: str

    def __call__(self, **params: Any) -> str:
        speaker = _speaker[0]
        return speaker(self, params) if speaker else self.text.format(**params)

    def fields(self) -> set[str]:
        """The names of the parameters ``text`` takes."""
        return {name for _, name, _, _ in string.Formatter().parse(self.text) if name}


def speak_with(speaker: Speaker | None) -> None:
    """Say every phrase through ``speaker`` from now on (None: in English)."""
    _speaker[0] = speaker
