"""The reply commands in the players' languages: ``aufgeben``, ``abandonner`` and ``rendirse``
resign as ``resign`` does. The words are the catalogues' translations of each command (message
context ``reply command``), so a new language brings its words with its catalogue; English
always works, and so does every language's word for every player.
"""

from __future__ import annotations

import unicodedata

from flask import current_app
from flask_babel import force_locale, pgettext

from ..core import i18n

#: The commands whose word is translated (``if`` starts a conditional line, kept as written:
#: the conditional syntax is notation).
TRANSLATED = ("resign", "board", "moves", "help", "comment", "confirm", "rematch")


def _mark() -> None:  # the words, for pybabel extract
    pgettext("reply command", "resign")
    pgettext("reply command", "board")
    pgettext("reply command", "moves")
    pgettext("reply command", "help")
    pgettext("reply command", "comment")
    pgettext("reply command", "confirm")
    pgettext("reply command", "rematch")


def normal(word: str) -> str:
    return unicodedata.normalize("NFC", word).casefold()


def word_for(command: str) -> str:
    """``command``'s word in the language spoken now (``aufgeben`` for ``resign`` in German)."""
    return pgettext("reply command", command) if command in TRANSLATED else command


def _table() -> dict[str, tuple[str, str]]:
    """Every language's word -> (the command, the language); English's last, so it wins."""
    table = current_app.extensions.get("pbem_reply_words")
    if table is None:
        table = {}
        for language in [*(code for code in i18n.languages() if code != "en"), "en"]:
            with force_locale(language):
                for command in TRANSLATED:
                    table[normal(pgettext("reply command", command))] = (command, language)
        current_app.extensions["pbem_reply_words"] = table
    return table


def command_of(word: str) -> tuple[str, str | None]:
    """The command a reply's first word names, and the language of that word (``None`` for an
    English word or an unknown one: the answer speaks the player's own language then)."""
    found = _table().get(normal(word))
    if found is None:
        return word.lower(), None
    command, language = found
    return command, None if language == "en" else language
