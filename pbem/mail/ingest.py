"""Moves by email: a reply to a turn email carries its signed token in the address it was sent
to (``move+<token>@MAIL_DOMAIN``); the first unquoted, non-empty line of the body is the move
(a whole multi-ply turn may be written on it). The answer goes to the seat's own address, never
to the ``From`` of an unknown message, so the server cannot be used to reflect mail."""

from __future__ import annotations

import email
import mailbox
import re
from email import policy

from ..db import db
from ..errors import PbemError
from ..games import IllegalMove
from ..play import service
from ..play.links import open_token, token_in_address
from ..play.queries import get_game
from ..signing import LinkError
from . import notify

ADDRESS_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


def ingest_bytes(raw: bytes) -> str:
    """Handle one RFC 822 message; return a one-line account of what happened."""
    message = email.message_from_bytes(raw, policy=policy.default)
    token = next(
        (token for header in ADDRESS_HEADERS for value in message.get_all(header, [])
         if (token := token_in_address(str(value)))),
        None,
    )
    if token is None:
        return "ignored: not addressed to a move address"
    try:
        # Locked, so the move is applied to this very load (as a move link's handler does).
        game, seat = open_token(token, "reply", lock=True)
    except (LinkError, PbemError) as exc:
        db.session.rollback()  # let go of the row lock: the next message may wait for it
        return f"ignored: {exc}"
    game_id = game.id
    move_text = first_line(body_text(message))
    address = game.seats[seat].player.email
    try:
        service.submit_turn(game, seat, move_text, game.ply)
    except (IllegalMove, PbemError) as exc:
        reason = exc.reason if isinstance(exc, IllegalMove) else exc.message
        game = get_game(game_id)
        notify.reply_result(address, game, False, reason, move_text)
        db.session.commit()
        return f"refused in game {game_id}: {reason}"
    notify.reply_result(address, game, True, "Your move was played.", move_text)
    db.session.commit()
    return f"played {move_text!r} in game {game_id}"


def ingest_mbox(path: str) -> list[str]:
    box = mailbox.mbox(path, create=False)
    try:
        return [ingest_bytes(message.as_bytes()) for message in box]
    finally:
        box.close()


def body_text(message) -> str:
    """The text of the plain (else HTML) body: read as UTF-8 when its charset is unknown, NUL
    characters dropped (nobody types them, and PostgreSQL cannot store them)."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        text = part.get_content()
    except LookupError:
        text = part.get_payload(decode=True).decode("utf-8", "replace")
    if part.get_content_subtype() == "html":
        text = re.sub(r"<[^>]+>", "\n", text)
    return text.replace("\x00", "")


def first_line(text: str) -> str:
    """The first line that is neither empty nor quoted (``>``)."""
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith(">"):
            return line
    return ""
