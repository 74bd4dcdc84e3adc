"""A game's messages: the comments players send with their moves, and the game's thread.

Players only may post (:func:`check_may_post` is the one place that decides); a message posted
to the thread is published as :data:`.events.message_posted`, and ``pbem.correspondence`` mails
it to everyone else in the game. A comment sent with a move rides on the next turn email
instead. The players read both while the game goes on; everyone may read them once it is over
if it was created with ``messages_public`` (:func:`readable`).

Text is plain: at most ``MESSAGE_LENGTH`` characters, no control characters but line breaks,
stored as written and escaped wherever it is shown (pages and HTML mail alike).
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

from sqlalchemy import delete, select

from ..accounts.blocks import refuse_if_blocked
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import N_, Text, _l
from . import events, limits
from .errors import GameNotActive, NotYourTurn
from .models import ACTIVE, FINISHED, MESSAGE_LENGTH, Game, GameMessage

#: Unicode categories refused in a message: controls (but the line break), format characters
#: (bidirectional overrides can make a message read as something else), private use, surrogates.
_REFUSED_CATEGORIES = ("Cc", "Cf", "Co", "Cs")


class MessageRefused(PbemError):
    """A comment or message that cannot be posted as written."""

    status, code = 422, "bad-message"


def problem(text: str) -> str | None:
    """Why ``text`` (line breaks already ``\\n``, stripped) cannot be posted, or ``None``.

    >>> problem("Good luck!") is None
    True
    >>> print(problem(""), problem("a\\x1b[31m"), sep="; ")
    it is empty; it contains control characters
    """
    if not text:
        return _l("it is empty")
    if len(text) > MESSAGE_LENGTH:
        return _l("it is longer than %(most)s characters (%(length)s)", most=MESSAGE_LENGTH,
                  length=len(text))
    if any(unicodedata.category(char) in _REFUSED_CATEGORIES and char != "\n" for char in text):
        return _l("it contains control characters")
    return None


#: Why a comment or a message was refused, by what it was.
_NOT_POSTED = {"comment": N_("Your comment was not posted: %(reason)s."),
               "message": N_("Your message was not posted: %(reason)s.")}


def not_posted(what: str, reason) -> Text:
    """That the ``what`` ("comment", "message") was refused for ``reason`` (:func:`problem`),
    in the language of whoever reads it."""
    return _l(_NOT_POSTED[what], reason=reason)


def normalised(text: str | None) -> str:
    """``text`` as stored: line breaks made ``\\n`` (browsers send ``\\r\\n``), ends stripped."""
    return (text or "").replace("\r\n", "\n").replace("\r", "\n").strip()


def checked(text: str | None, what: str = "message") -> str:
    """``text`` normalised, ready to store.

    :raises MessageRefused: empty, too long, or with control characters.
    """
    body = normalised(text)
    reason = problem(body)
    if reason is not None:
        raise MessageRefused(not_posted(what, reason))
    return body


def comment_for(game: Game, seat: int, text: str | None) -> str | None:
    """The comment ``seat`` sends with a move, ready to store, or ``None`` for none. A comment
    reaches the other players as a message does, so a block refuses it the same way.

    :raises MessageRefused: see :func:`checked`.
    :raises Blocked: a block stands between the player and another player of the game.
    """
    if not normalised(text):
        return None
    body = checked(text, "comment")
    refuse_if_blocked(game.seats[seat].player, [other.player for other in game.seats],
                      "messages")
    return body


def check_may_post(game: Game, seat: int | None) -> None:
    """Whether the player in ``seat`` (``None``: someone not playing) may post to ``game``'s
    thread: only its players, once it has started; after the end too (a word after the game
    is welcome). Every path that posts (the game page, a move link, a reply by email) asks here.

    :raises NotYourTurn: not a player of this game.
    :raises GameNotActive: the game has not started (or never will).
    :raises Blocked: a block stands between the player and another player of the game (a
        block means no messages either way).
    """
    if seat is None or not 0 <= seat < len(game.seats):
        raise NotYourTurn(_l("Only the players of this game can post messages to it."),
                          "not-in-game")
    if game.status not in (ACTIVE, FINISHED):
        raise GameNotActive(_l("Messages open when the game starts."), "not-started")
    author = game.seats[seat].player
    refuse_if_blocked(author, [other.player for other in game.seats], "messages")


def post(game: Game, seat: int, text: str, now: datetime) -> GameMessage:
    """Post ``text`` from ``seat`` to ``game``'s thread and flush; the other players are told
    (:data:`.events.message_posted`).

    :raises NotYourTurn, GameNotActive: see :func:`check_may_post`.
    :raises MessageRefused: the text cannot be posted (:func:`problem`).
    :raises RateLimited: the player has posted too many messages lately.
    """
    check_may_post(game, seat)
    body = checked(text)
    author = game.seats[seat]
    limits.check_message(author.player_id, now)
    message = GameMessage(game_id=game.id, seat=seat, player_id=author.player_id, ply=game.ply,
                          with_move=False, body=body, created_at=now)
    db.session.add(message)
    db.session.flush()
    events.message_posted.send(game, posted=message)
    return message


def add_comment(game: Game, seat: int, ply: int, body: str) -> None:
    """Keep ``body`` (already :func:`checked`) as the comment on ``seat``'s move at ``ply``."""
    db.session.add(GameMessage(game_id=game.id, seat=seat, player_id=game.seats[seat].player_id,
                               ply=ply, with_move=True, body=body))


def readable(game: Game, seat: int | None) -> bool:
    """Whether someone (a seat's player, or ``None``: anyone else) may read the game's messages
    (there are none before it starts): the players always; everyone else once the game is
    over, if it was created public."""
    if game.started_at is None:
        return False
    return seat is not None or (game.messages_public and game.status == FINISHED)


def messages_of(game_id: int) -> list[GameMessage]:
    """Every comment and message of a game, oldest first."""
    return list(db.session.scalars(
        select(GameMessage).where(GameMessage.game_id == game_id).order_by(GameMessage.id)))


def comments_on(game_id: int, first: int, last: int) -> dict[int, GameMessage]:
    """The comments sent with the moves of plies ``first`` to ``last``, by ply (what a turn
    email lists beside the moves since the reader's last turn; the game-over email, the last
    move's)."""
    return {comment.ply: comment for comment in db.session.scalars(
        select(GameMessage).where(
            GameMessage.game_id == game_id, GameMessage.with_move.is_(True),
            GameMessage.ply.between(first, last)))}


def written_by(player_id: int) -> list[GameMessage]:
    """Every comment and message the player wrote, oldest first (their data, to download)."""
    return list(db.session.scalars(
        select(GameMessage).where(GameMessage.player_id == player_id).order_by(GameMessage.id)))


def forget(player_id: int) -> None:
    """Delete everything the player wrote (their account is being deleted). Flushes only."""
    db.session.execute(delete(GameMessage).where(GameMessage.player_id == player_id))
