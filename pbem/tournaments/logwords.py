"""The director's log and the tables' notes in the reader's language.

Both are stored as they were written, in English (``progress.log``, ``TournamentTable.note``):
the entries and notes pbem writes are recognised here by their wording, their names and
numbers kept, and said again through the catalogue (a note of several parts, joined by
``; ``, part by part). Anything else, such as a reason a director typed, stays as stored.
"""

from __future__ import annotations

import re

from flask_babel import pgettext


def _forms() -> tuple[tuple[str, str], ...]:
    """(English pattern, its translation) for each entry and note pbem writes; the groups
    are the translation's parameters. Read at each use, in the language spoken then."""
    return (
        (r"created the tournament",
         pgettext("tournament log", "created the tournament")),
        (r"edited the settings",
         pgettext("tournament log", "edited the settings")),
        (r"invited (?P<names>.+)",
         pgettext("tournament log", "invited %(names)s")),
        (r"set the seeding: (?P<names>.*)",
         pgettext("tournament log", "set the seeding: %(names)s")),
        (r"withdrew",
         pgettext("tournament log", "withdrew")),
        (r"withdrew (?P<name>.+)",
         pgettext("tournament log", "withdrew %(name)s")),
        (r"undid the withdrawal of (?P<name>.+)",
         pgettext("tournament log", "undid the withdrawal of %(name)s")),
        (r"paused the tournament",
         pgettext("tournament log", "paused the tournament")),
        (r"resumed the tournament",
         pgettext("tournament log", "resumed the tournament")),
        (r"started the tournament with (?P<count>\d+) players",
         pgettext("tournament log", "started the tournament with %(count)s players")),
        (r"finished the tournament",
         pgettext("tournament log", "finished the tournament")),
        (r"extended game #(?P<id>\d+) by (?P<days>\d+) days?",
         pgettext("tournament log", "extended game #%(id)s by %(days)s day(s)")),
        (r"forfeited (?P<name>.+), who never moved, in game #(?P<id>\d+)",
         pgettext("tournament log", "forfeited %(name)s, who never moved, in game #%(id)s")),
        (r"forfeited (?P<name>.+) in game #(?P<id>\d+)",
         pgettext("tournament log", "forfeited %(name)s in game #%(id)s")),
        (r"adjudicated game #(?P<id>\d+)",
         pgettext("tournament log", "adjudicated game #%(id)s")),
        (r"(?P<action>.+) \(deadline policy\)",
         pgettext("tournament log", "%(action)s (deadline policy)")),
        (r"(?P<name>.+) forfeited at the deadline",
         pgettext("tournament log", "%(name)s forfeited at the deadline")),
        (r"(?P<name>.+) never moved: forfeited",
         pgettext("tournament log", "%(name)s never moved: forfeited")),
        (r"(?P<name>.+) forfeited",
         pgettext("tournament log", "%(name)s forfeited")),
        (r"the others play on",
         pgettext("tournament log", "the others play on")),
        (r"not played: placed in seed order",
         pgettext("tournament log", "not played: placed in seed order")),
        (r"adjudicated by pbem at the deadline",
         pgettext("tournament log", "adjudicated by pbem at the deadline")),
        (r"adjudicated by the director",
         pgettext("tournament log", "adjudicated by the director")),
    )


def log_words(text: str) -> str:
    """``text`` (a log entry's action or a table's note) in the language spoken now."""
    if not text:
        return text
    forms = _forms()
    return "; ".join(_one(part, forms) for part in text.split("; "))


def _one(text: str, forms) -> str:
    for pattern, words in forms:
        found = re.fullmatch(pattern, text)
        if found:
            params = found.groupdict()
            if "names" in params:  # "Lena, Max and Ada": the last "and" in the reader's words
                params["names"] = re.sub(r" and (?=[^,]*$)", pgettext("tournament log", " and "),
                                         params["names"])
            if "action" in params:
                params["action"] = _one(params["action"], forms)
            return words % params
    return text
