"""Display names a person can trust: one name cannot pass for another.

Two names are the same name when their *keys* are equal: the name in Unicode's compatibility
form (NFKC), case-folded, with the characters commonly used to imitate others folded onto
them (Cyrillic and Greek look-alikes, digits that pass for letters, "rn" for "m"), marks and
everything but letters and digits dropped. So "Alice A", "ALICE  A.", "Аlice A" (a Cyrillic А)
and "A1ice A" are one name, and the second to ask for it is refused. Some words are reserved
(the server's own and its staff's), the bots' names are taken like any other player's, and a
name may not look like an email address or a web address (mail would read "alice@… invites
you"). A new account's default name ("Player 12") is its own and nobody else's.

:func:`check` gives the reason a name is refused; the key is also stored on the player
(``Player.name_key``, unique, kept by :func:`_keep_key` on every write of a name), so two
players taking one name at the same moment cannot both have it: the second's write is refused
by the database and answered as :func:`check` would (:func:`taking`).
"""

from __future__ import annotations

import re
import unicodedata

from sqlalchemy import event, inspect, select

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from ..core.work import race_guard
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
        raise BadName(_l("A display name cannot look like an email or web address."))
    reserved = {key(word) for word in RESERVED}
    if any(word in reserved for word in _words(name)) or key(name) in reserved:
        raise BadName(_l("%(name)r is reserved: choose a name of your own.", name=name))
    default = DEFAULT.match(name.strip())
    if default and int(default.group(1)) != player.id:
        raise BadName(_l("Names like “Player 12” are the defaults of new accounts; choose "
                         "another."))
    wanted = key(name)
    if not wanted:
        raise BadName(_l("A display name needs at least one letter or digit."))
    taken = db.session.execute(
        select(Player.id, Player.name).where(Player.id != player.id,
                                             Player.deleted_at.is_(None),
                                             Player.name != UNNAMED)).all()
    if any(key(other) == wanted for _, other in taken):
        raise BadName(_l("Another player is already called %(name)r (or a name that looks the "
                         "same); choose another.", name=name))


def held_key(player: Player) -> str | None:
    """The key ``player``'s name holds: none while the account holds no name of its own (not
    started, deleted, or an imported record's placeholder, which never starts)."""
    if player.joined_at is None or player.deleted_at is not None or player.name == UNNAMED:
        return None
    return key(player.name or "") or None


_HOLDING = ("name", "joined_at", "deleted_at")


def claim(player: Player, name: str) -> None:
    """Give ``player`` the ``name`` that passed :func:`check`, and its key, strictly: a
    player taking the same name at the same moment makes the database refuse the second
    writer (call it inside :func:`taking`)."""
    player.name = name
    player.name_key = held_key(player)


def _claim(connection, player: Player) -> None:
    """Give ``player`` the key of their name. A name written without :func:`check` (by the
    demo, an import, an admin's tool) that another player holds already is kept without a
    key, as the migration keeps an old duplicate; one that passed the check and was taken
    meanwhile by a transaction not yet committed is not seen here, and the unique index
    refuses it."""
    wanted = held_key(player)
    if wanted is not None and connection.execute(
            select(Player.id).where(Player.name_key == wanted,
                                    Player.id != player.id).limit(1)).first():
        wanted = None
    player.name_key = wanted


@event.listens_for(Player, "before_insert")
def _key_new(_mapper, connection, player: Player) -> None:
    if player.name_key is None:  # else claimed strictly (:func:`claim`)
        _claim(connection, player)


@event.listens_for(Player, "before_update")
def _keep_key(_mapper, connection, player: Player) -> None:
    """A player's key follows their name; only a change of name (or of holding one) touches
    it, so an old duplicate kept without a key (see the migration) is left alone until it
    takes a new name."""
    state = inspect(player)
    if state.attrs.name_key.history.has_changes():
        return  # claimed strictly (:func:`claim`): the unique index has the last word
    if any(state.attrs[attr].history.has_changes() for attr in _HOLDING):
        _claim(connection, player)


def taking():
    """The block that writes a new name (``with taking(): db.session.flush()``): a name taken
    by another player at the same moment is refused as :class:`BadName`, the whole unit
    rolled back, nothing changed."""
    return race_guard(lambda: BadName("Another player has just taken that name (or one that "
                                      "looks the same): that name is taken; choose another."))
