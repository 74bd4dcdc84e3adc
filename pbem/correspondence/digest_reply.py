"""Moves by a reply to the daily digest: one mail answers every game waiting.

The digest is sent from ``digest+<token>@MAIL_DOMAIN``, the token signing the reader and the
moment the digest was written. Each line of the reply that begins ``#<game>`` is read as a
reply to that game's own mail would be: ``#12 d4-g7/e5`` (a move or a whole turn),
``#12 comment <text>``, ``#12 resign``. A move is played only if the game is still at the ply
it had when the digest was written (the moves stored since say whether it is), so a move
answering a position the player never saw is not played; the player is told it came too late.
A player who confirms moves sent by email has each move held and shown back in that game's
own preview answer, as a reply to its turn mail would.

Like a reply to a game's mail, a reply is acted on only when the token is authentic and its
``From`` is the reader's address, is not automatic mail, and is handled once per
``Message-ID``. Each line is its own unit of work on its own game; one answer lists what was
played, posted, refused or too late.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..accounts.models import Player
from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l, lazy
from ..core.signing import LinkError, sign, unsign
from ..core.work import savepoint
from ..games import IllegalMove
from ..mail import inbound, reply
from ..mail.models import HandledMail
from ..notifications import delivery
from ..notifications.settings import confirms_email_moves
from ..play import commands, service
from ..play.models import Move
from ..play.phrases import lazy_refusal
from . import answers, held, words

_ADDRESS = re.compile(r"digest\+([A-Za-z0-9_.\-]+)@")
_LINE = re.compile(r"^#\s*(\d{1,9})\b\s*(.*)$")
ADDRESS_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


def digest_address(player_id: int, at: datetime) -> str:
    """The reply address of ``player_id``'s digest written at ``at``."""
    stamp = int(at.timestamp() * 1000)
    token = sign("digest-reply", [player_id, stamp])
    return f"digest+{token}@{current_app.config['MAIL_DOMAIN']}"


def token_in(message) -> str | None:
    """The digest token in the first address header that carries one."""
    for header in ADDRESS_HEADERS:
        for value in message.get_all(header, []):
            found = _ADDRESS.search(str(value))
            if found:
                return found.group(1)
    return None


class Outcome:
    """What became of one line: ``played``, ``held``, ``posted``, ``resigned``, ``late`` or
    ``refused``, and a sentence saying why."""

    def __init__(self, line: str, game, done: str, detail: str = ""):
        self.line, self.game, self.done, self.detail = line, game, done, detail


def handle(message, token: str) -> str:
    """Act on a reply to a digest; a one-line account for the operator's log."""
    reading = reply.read_reply(message)
    if reading.ignored:
        return f"ignored: {reading.ignored}"
    try:
        player_id, stamp = _payload(token)
    except LinkError as exc:
        return f"ignored: {exc.message}"
    player = db.session.get(Player, player_id)
    if player is None or inbound.sender(message) != (player.email or "").lower():
        return "ignored: not sent from the address of the digest's reader"
    key = inbound.message_key(message)
    if key is not None:
        try:
            with savepoint():
                db.session.add(HandledMail(message_key=key))
                db.session.flush()
        except IntegrityError:
            return "ignored: already handled (a message with this Message-ID)"
    written = datetime.fromtimestamp(stamp / 1000, UTC)
    outcomes = []
    for line in reading.lines:
        found = _LINE.match(line)
        if found:
            outcomes.append(_play_line(player, written, int(found[1]), found[2].strip(), line))
    player = db.session.get(Player, player_id)
    delivery.message("digest_result", player, _l("pbem: your reply to the digest"),
                     reply_to=digest_address(player.id, utcnow()),
                     context={"player": player, "outcomes": outcomes, "lines": reading.lines})
    done = ", ".join(f"{o.done} in {o.game or '?'}" for o in outcomes) or "no line for a game"
    return f"digest reply: {done}"


def _payload(token: str) -> tuple[int, int]:
    payload = unsign("digest-reply", token)
    if not (isinstance(payload, list) and len(payload) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in payload)):
        raise LinkError("This address is not valid.", "invalid")
    return payload[0], payload[1]


def _play_line(player, written: datetime, game_id: int, text: str, line: str) -> Outcome:
    """Do what one ``#<game> …`` line says, in a savepoint of the email's unit of work: a
    refused line undoes only itself."""
    try:
        with savepoint():
            return _act(player, written, game_id, text, line)
    except IllegalMove as exc:
        return Outcome(line, game_id, "refused", lazy_refusal(exc))
    except PbemError as exc:
        return Outcome(line, game_id, "refused", exc.message)


def _act(player, written: datetime, game_id: int, text: str, line: str) -> Outcome:
    game = commands.locked(game_id)
    seats = [seat.index for seat in game.seats if seat.player_id == player.id]
    if not seats:
        return Outcome(line, game_id, "refused",
                       _l("you do not play in game #%(id)s", id=game_id))
    word, _, rest = text.partition(" ")
    word, _language = words.command_of(word)  # "comment", "resign" in any language
    to_move = None if game.is_over else game.rules.to_move(game.load_state())
    seat = to_move if to_move in seats else seats[0]
    if word == "comment":
        if not rest.strip():
            return Outcome(line, game_id, "refused",
                           _l("write the message after “%(word)s”",
                              word=lazy(lambda: words.word_for("comment"))))
        commands.post_message(game, seat, rest.strip())
        return Outcome(line, game_id, "posted", _l("your message was posted to the game"))
    if word == "resign" and not rest:
        commands.resign(game, seat)
        return Outcome(line, game_id, "resigned", _l("you resigned the game"))
    if not text:
        return Outcome(line, game_id, "refused", _l("no move after the game's number"))
    if game.is_over:
        return Outcome(line, game_id, "late", _l("the game is over"))
    if _ply_at(game_id, written) != game.ply:
        return Outcome(line, game_id, "late",
                       _l("the game has moved on since the digest was written; nothing was "
                          "played (the game's page shows where it stands)"))
    if to_move not in seats:
        return Outcome(line, game_id, "refused", _l("it is not your turn"))
    if confirms_email_moves(player.id):
        preview = service.preview_whole_turn(game, seat, text, game.ply)
        pending = held.hold(game.id, seat, game.ply, " ".join(preview.plies))
        answers.answer(game, seat, "preview", f"confirm {pending.move}?",
                       shown=answers.Shown(preview.state, preview.plies[-1], pending.move),
                       move_text=pending.move, code=pending.code)
        return Outcome(line, game_id, "held",
                       _l("shown back for your confirmation in game #%(id)s's own mail",
                          id=game_id))
    commands.play_turn(game, seat, text, game.ply)
    return Outcome(line, game_id, "played",
                   _l("%(move)s in %(game)s", move=game.moves[-1].text,
                      game=f"{game.rules.name} #{game_id}"))


def _ply_at(game_id: int, moment: datetime) -> int:
    """The game's ply at ``moment``: its moves stored by then."""
    return db.session.scalar(select(func.count()).select_from(Move).where(
        Move.game_id == game_id, Move.created_at <= moment)) or 0
