"""Display names a person can trust: one name cannot pass for another.

Two names are the same name when their *keys* are equal: the name in Unicode's compatibility
form (NFKC), case-folded, with the characters commonly used to imitate others folded onto
them (Cyrillic and Greek look-alikes, digits that pass for letters, "rn" for "m"), marks and
everything but letters and digits dropped. So "Alice A", "ALICE  A.", "Аlice A" (a Cyrillic А)
and "A1ice A" are one name, and the second to ask for it is refused. Some words are reserved
(the server's own and its staff's), the bots' names are taken like any other player's, and a
name may not look like an email address or a web address (mail would read "alice@… invites
you"). A new account's default name ("Player 12") is its own and nobody else's.
"""

from __future__ import annotations

import re
import unicodedata

from sqlalchemy import select

from ..core.errors import PbemError
from ..core.extensions import db
from .models import UNNAMED, Player

#: Characters that pass for others, folded onto the one they imitate (after NFKC and
#: casefold). A short list of the confusables that matter in names typed on ordinary
#: keyboards and phones; not all of Unicode's confusables table.
_LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "х": "x", "ү": "y",
    "ӏ": "l", "ԁ": "d", "ɡ": "g", "ԝ": "w",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c",
    # digits and signs that pass for letters
    "0": "o", "1": "l", "|": "l", "!": "l", "3": "e", "4": "a", "5": "s", "$": "s", "7": "t",
    "8": "b", "@": "a", "ı": "i", "ł": "l", "ø": "o", "đ": "d", "ħ": "h",
    "i": "l",  # capital I and small l are one glyph in many fonts; small i goes with them
})

#: Words no player may use as a word of their name (compared by key).
RESERVED = ("admin", "administrator", "pbem", "moderator", "staff", "support", "system",
            "official", "root", "postmaster", "webmaster", "noreply")

_ADDRESS = re.compile(
    r"@|https?:|www\.|\b[\w-]+\.(com|net|org|info|io|dev|app|email|mail|me|co|uk|de|fr|es|it"
    r"|nl|eu|us|ca|au|ru|ch|be|at|se|no|fi|pl|jp|cn|example|test|invalid)\b", re.IGNORECASE)

#: A new account's default name, and the pattern of them.
DEFAULT = re.compile(r"^Player (\d+)$")


class BadName(PbemError):
    status, code = 422, "bad-name"


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))  # é -> e, marks that stack
    text = text.translate(_LOOK_ALIKES).replace("rn", "m").replace("vv", "w")
    return text


def key(name: str) -> str:
    """The name as it is compared: two names with one key are the same name.

    >>> key("Alice A") == key("ALICE  a.") == key("Аlice A") == key("A1ice A")
    True
    >>> key("Bob") == key("Rob")
    False
    """
    return "".join(ch for ch in _fold(name) if ch.isalnum())


def _words(name: str) -> list[str]:
    return ["".join(ch for ch in word if ch.isalnum())
            for word in re.split(r"[\W_]+", _fold(name))]


def is_default(player: Player) -> bool:
    """Whether ``player`` still has the name a new account is given ("Player 12")."""
    return player.name == f"Player {player.id}"


def check(name: str, player: Player) -> None:
    """Refuse ``name`` for ``player`` unless it is theirs to take.

    :raises BadName: reserved, address-shaped, someone else's default name, or the same name
        (by :func:`key`) as another player's.
    """
    if _ADDRESS.search(name):
        raise BadName("A display name cannot look like an email or web address.")
    reserved = {key(word) for word in RESERVED}
    if any(word in reserved for word in _words(name)) or key(name) in reserved:
        raise BadName(f"{name!r} is reserved: choose a name of your own.")
    default = DEFAULT.match(name.strip())
    if default and int(default.group(1)) != player.id:
        raise BadName("Names like “Player 12” are the defaults of new accounts; choose "
                      "another.")
    wanted = key(name)
    if not wanted:
        raise BadName("A display name needs at least one letter or digit.")
    taken = db.session.execute(
        select(Player.id, Player.name).where(Player.id != player.id,
                                             Player.deleted_at.is_(None),
                                             Player.name != UNNAMED)).all()
    if any(key(other) == wanted for _, other in taken):
        raise BadName(f"Another player is already called {name!r} (or a name that looks the "
                      "same); choose another.")
