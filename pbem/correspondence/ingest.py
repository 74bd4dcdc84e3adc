"""Moves by email: a reply to a turn email carries its signed token in the address it was sent
to (``move+<token>@MAIL_DOMAIN``). :mod:`.reply` reads the lines the player wrote; the first
that the game's rules accept as a move or a whole turn is played.

Two things authorise a reply: the token, and a ``From`` that is the seat's player's address; a
reply failing either is ignored and not answered, as is automatic mail (out-of-office replies,
delivery reports). The answer goes to the seat's own address, never to the ``From`` of an
unknown message, so the server cannot be used to reflect mail. A message acted on is
remembered by its ``Message-ID`` (:class:`.models.HandledMail`), so a copy delivered again
changes nothing. A move read from a reply is played by the same command as a move made on
the web (``pbem.play.commands.play_turn``).

A player who confirms moves sent by email (a notification setting) has theirs held instead
(:mod:`.held`, one per seat, a newer move replacing it) and shown back with the
position it leads to and a short code; replying ``confirm`` (or ``confirm CODE``) plays it, if
the game is still at the ply it was read at.

A delivery report addressed to a message's bounce address (``pbem.mail.verp``) goes to
``pbem.mail.bounces`` instead. Every inbound path (pipe, mailbox file, LMTP, IMAP) calls
:func:`ingest_bytes` through ``pbem.mail.handoff.hand_over``.
"""

from __future__ import annotations

import mailbox
from contextvars import ContextVar

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l, lazy
from ..core.signing import LinkError
from ..core.urls import external_url
from ..core.work import savepoint, unit_of_work
from ..games import IllegalMove
from ..mail import bounces, inbound, reply, verp
from ..mail.handoff import Outcome, hand_over
from ..mail.models import HandledMail
from ..notifications.settings import confirms_email_moves
from ..play import commands, service, thread
from ..play.errors import PositionChanged
from ..play.links import token_in_address, token_seat
from ..play.queries import get_game
from . import answers, digest_reply, held, words
from .answers import Shown

ADDRESS_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
ALREADY_HANDLED = "ignored: already handled (a message with this Message-ID)"


@unit_of_work("email")
def ingest_bytes(raw: bytes) -> str:
    """Handle one RFC 822 message as one unit of work (``pbem.mail.handoff.hand_over`` opens
    it; called alone, this does): the move it carries and its answer commit together. Return
    a one-line account of what happened (naming no address: it goes to the operator's log).

    :raises inbound.Unreadable: too large or nested too deep to be read.
    """
    message = inbound.parse(raw, current_app.config["MAIL_INBOUND_MAX_BYTES"])
    outbox_id = next(filter(None, map(verp.outbox_id_in, _addresses(message))), None)
    if outbox_id is not None:
        return bounces.handle_bounce(message, outbox_id)
    token = _token(message)
    if token is None:
        digest = digest_reply.token_in(message)  # a reply to the daily digest
        if digest is not None:
            return digest_reply.handle(message, digest)
        return "ignored: not addressed to a move address"
    reading = reply.read_reply(message)
    if reading.ignored:
        return f"ignored: {reading.ignored}"
    key = inbound.message_key(message)
    if key is not None and db.session.scalar(
            select(HandledMail.id).where(HandledMail.message_key == key)) is not None:
        return ALREADY_HANDLED
    try:
        # Locked, so the move is applied to this very load (as a move link's handler does).
        game, seat, ply = token_seat(token, "reply", lock=True)
    except (LinkError, PbemError) as exc:  # the unit ends now, and lets go of the row lock
        return f"ignored: {exc}"
    if inbound.sender(message) != game.seats[seat].player.email.lower():
        game_id = game.id
        return f"ignored: not sent from the address of the seat's player in game {game_id}"
    try:
        _remember(key)
    except IntegrityError:
        return ALREADY_HANDLED
    command, _, rest = (reading.lines[0] if reading.lines else "").partition(" ")
    command, language = words.command_of(command)
    handler = COMMANDS.get(command)
    if handler is not None:
        token = _reply_language.set(language)  # a command in German is answered in German
        try:
            return handler(game, seat, key, rest.strip(), reading.lines[1:])
        finally:
            _reply_language.reset(token)
    if game.ply != ply or game.status != "active":
        return _answered(game, seat, "late", _l("too late to move"), f"too late in game {game.id}",
                         move_text=reading.lines[0] if reading.lines else "")
    if confirms_email_moves(game.seats[seat].player_id):
        return preview_reply(game, seat, reading.lines, key)
    return play_reply(game, seat, reading.lines, key)


def play_reply(game, seat: int, lines: tuple[str, ...], key: str | None) -> str:
    """Play the first of ``lines`` the rules accept for ``seat`` in ``game`` (loaded locked by
    the caller, with the message remembered in the transaction), with the lines below it as
    the move's comment; answer the player either way, all in the email's unit of work."""
    game_id = game.id
    try:  # the move joins the email's unit of work: it commits with its answer
        move_text, comment, dropped, _ = _first_accepted(
            lines, lambda line, comment: commands.play_turn(game, seat, line, game.ply, comment))
    except _Refused as refused:
        return _refusal(game_id, seat, key, refused)
    _answered(game, seat, "played", _l("move accepted"), "", move_text=game.moves[-1].move,
              comment=comment, comment_refused=dropped)
    return f"played {move_text!r} in game {game_id}"


def preview_reply(game, seat: int, lines: tuple[str, ...], key: str | None) -> str:
    """Hold the first of ``lines`` the rules accept as ``seat``'s whole turn, in place of any
    move held before, and answer with the position it leads to and the code that confirms it
    (or the refusal, as :func:`play_reply` does)."""
    try:
        move_text, comment, dropped, preview = _first_accepted(
            lines, lambda line, _: service.preview_whole_turn(game, seat, line, game.ply))
    except _Refused as refused:
        return _refusal(game.id, seat, key, refused)
    pending = held.hold(game.id, seat, game.ply, " ".join(preview.plies), comment)
    return _answered(game, seat, "preview", _l("confirm %(move)s?", move=pending.move),
                     f"preview of {pending.move!r} in game {game.id}",
                     shown=Shown(preview.state, preview.plies[-1], pending.move),
                     move_text=pending.move, code=pending.code, comment=comment,
                     comment_refused=dropped)


def _confirm(game, seat: int, key: str | None, rest: str, _more) -> str:
    """``confirm`` (or ``confirm CODE``) plays the seat's held move if the game is still where
    it was when the move was shown; a code, if given, must be the latest preview's."""
    pending = held.held(game.id, seat)
    code = rest.split()[0].upper() if rest else None
    if pending is None:
        return _answered(game, seat, "unconfirmed", _l("nothing to confirm"),
                         f"nothing to confirm in game {game.id}", pending=None)
    if code is not None and code != pending.code:
        return _answered(game, seat, "unconfirmed", _l("nothing played"),
                         f"wrong confirm code in game {game.id}", pending=pending, code=code)
    move, comment = pending.move, pending.comment
    db.session.delete(pending)
    if pending.ply != game.ply or game.status != "active":
        return _answered(game, seat, "late", _l("too late to move"),
                         f"confirmed too late in game {game.id}", move_text=move, previewed=True)
    # The comment held with it goes with it, as the lines below a move played at once do.
    return play_reply(game, seat, (move, *(comment or "").splitlines()), key)


def _refusal(game_id: int, seat: int, key: str | None, refused: _Refused) -> str:
    """Answer a reply none of whose lines is a move the seat may make now: how to write a
    move, if none even reads as one; else the reason the likeliest one was refused."""
    game = _undone(game_id, key)
    if isinstance(refused.error, PositionChanged):  # the same seat moved meanwhile (its link;
        # on SQLite the game row is not locked, so the race shows here, at the write)
        return _answered(game, seat, "late", "too late to move", f"too late in game {game_id}",
                         move_text=refused.line)
    if refused.error.code == "syntax":  # no line reads as a move: say how to write one
        return _answered(game, seat, "help", _l("move not understood"),
                         f"not understood in game {game_id}", understood=False)
    exc = refused.error  # the answer says it in the player's language (the ``refusal`` filter)
    reason = exc.reason if isinstance(exc, IllegalMove) else exc.message
    _answered(game, seat, "refused", _l("move refused"), "", reason=exc if isinstance(
        exc, IllegalMove) else reason, move_text=refused.line)
    return f"refused in game {game_id}: {reason}"




def _answered(game, seat: int, kind: str, what: str, outcome: str, **context) -> str:
    """Queue the answer (committed with the message's key and what it did, by the email's
    unit of work) and return ``outcome``."""
    answers.answer(game, seat, kind, what, language=_reply_language.get(), **context)
    return outcome


def _resign(game, seat: int, key: str | None, rest: str, _more) -> str:
    """``resign`` alone on its line resigns the seat: a word so final is not read from a
    sentence that happens to begin with it."""
    if rest:
        return _answered(game, seat, "help", _l("not resigned"),
                         f"not understood in game {game.id}", understood=False,
                         note=_l('to resign, write "%(word)s" alone on its line',
                                 word=_l_word("resign")))
    game_id = game.id
    try:
        commands.resign(game, seat)
    except (IllegalMove, PbemError) as exc:
        return _answered(_undone(game_id, key), seat, "resigned", _l("not resigned"),
                         f"resign refused in game {game_id}",
                         refused=exc if isinstance(exc, IllegalMove) else exc.message)
    return _answered(game, seat, "resigned", _l("you resigned"), f"resigned in game {game_id}")


def _board(game, seat: int, *_) -> str:
    return _answered(game, seat, "board", _l("the board"), f"board sent in game {game.id}")


def _moves(game, seat: int, *_) -> str:
    return _answered(game, seat, "moves", _l("your legal moves"), f"moves sent in game {game.id}")


def _help(game, seat: int, *_) -> str:
    return _answered(game, seat, "help", _l("help"), f"help sent in game {game.id}",
                     understood=True)


def _comment(game, seat: int, key: str | None, rest: str, more: tuple[str, ...]) -> str:
    """``comment <text>``: the rest of the reply is posted to the game's thread, which mails
    it to the other players (``pbem.play.thread``)."""
    text = "\n".join((rest, *more))
    game_id = game.id
    try:
        commands.post_message(game, seat, text)
    except PbemError as exc:
        return _answered(_undone(game_id, key), seat, "comment", _l("message not posted"),
                         f"comment refused in game {game_id}", text=text.strip(),
                         refused=exc.message)
    return _answered(game, seat, "comment", _l("message posted"),
                     f"comment sent in game {game_id}",
                     text=thread.normalised(text), refused=None)


def _conditional(game, seat: int, key: str | None, rest: str, more: tuple[str, ...]) -> str:
    """``if <line>``: every ``if`` line of the reply is a branch of the seat's conditional
    moves (the syntax of ``/games/<id>/conditional``), replacing those kept; ``if`` alone
    clears them. Kept by the callable handed over at start-up (``keep_conditional``)."""
    lines = [rest, *(line.strip()[3:] for line in more
                     if line.strip().lower().startswith("if "))]
    game_id = game.id
    try:
        kept = keep_conditional(game, seat, [line for line in lines if line.strip()])
    except PbemError as exc:
        return _answered(_undone(game_id, key), seat, "conditional",
                         _l("conditional moves refused"),
                         f"conditional moves refused in game {game_id}", refused=exc.message,
                         lines=[])
    return _answered(game, seat, "conditional", _l("conditional moves kept"),
                     f"conditional moves kept in game {game_id}", refused=None, lines=kept)


#: Keeps a seat's conditional moves from a reply's lines, ``(game, seat, lines) -> the lines
#: kept, as text``, raising ``PbemError`` with the reason; handed over at start-up.
keep_conditional = None


def _rematch(game, seat: int, key: str | None, rest: str, _more) -> str:
    """``rematch`` alone, once the game is over, offers its players a new game (as the game
    page's button does); before the end, or when one exists, the answer says so."""
    game_id = game.id
    if rest:
        return _answered(game, seat, "help", _l("no rematch offered"),
                         f"not understood in game {game_id}", understood=False,
                         note=_l('to offer a rematch, write "%(word)s" alone on its line',
                                 word=_l_word("rematch")))
    try:
        new = commands.offer_rematch(game, game.seats[seat].player)  # commits it and the key
    except PbemError as exc:
        existing = getattr(exc, "rematch", None)
        return _answered(_undone(game_id, key), seat, "rematch", _l("no rematch offered"),
                         f"rematch refused in game {game_id}", refused=exc.message,
                         rematch_url=existing and external_url("play.game", game_id=existing.id))
    return _answered(get_game(game_id), seat, "rematch", _l("rematch offered"),
                     f"rematch offered in game {game_id}", refused=None, rematch_id=new.id,
                     rematch_url=external_url("play.game", game_id=new.id))


#: The language of the command word the reply being handled used, when not English.
_reply_language: ContextVar[str | None] = ContextVar("pbem_reply_language", default=None)

#: The first word of a reply that makes it a command rather than a move (or its translation:
#: :mod:`.words`).
COMMANDS = {"resign": _resign, "board": _board, "moves": _moves, "help": _help,
            "comment": _comment, "confirm": _confirm, "rematch": _rematch,
            "if": _conditional}


def _l_word(command: str):
    """``command``'s word in the language its answer will speak (read when the answer is)."""
    return lazy(lambda: words.word_for(command))


class _Refused(Exception):
    def __init__(self, line: str, error: IllegalMove | PbemError):
        super().__init__(line)
        self.line, self.error = line, error


def _first_accepted(lines: tuple[str, ...], attempt):
    """``attempt(line, comment)`` (play or preview it) for each line until one is accepted,
    with the lines below it as the move's comment; return that line, the comment, why the
    lines below could not be the comment (``None`` when they could; the move stands all the
    same), and what ``attempt`` returned.

    :raises _Refused: none is accepted (naming the first line refused for a reason other than
        being unreadable, which is likely the move the player meant; else the first line), or
        the game refuses the seat whatever it says (over, not its turn).
    """
    refusals = []
    lines = lines or ("",)
    for index, line in enumerate(lines):
        below = thread.normalised("\n".join(lines[index + 1:]))
        dropped = thread.problem(below) if below else None
        comment = "" if dropped else below
        try:
            result = attempt(line, comment)
        except IllegalMove as exc:
            refusals.append(_Refused(line, exc))
        except PbemError as exc:
            raise _Refused(line, exc) from None
        else:
            return line, comment, dropped, result
    raise next((r for r in refusals if r.error.code != "syntax"), refusals[0])


def _undone(game_id: int, key: str | None):
    """After a refused command (refused before it wrote anything, or a lost race, which rolled
    the unit back, the message's key too): the message remembered, and the game for the
    answer."""
    if key is not None and db.session.scalar(
            select(HandledMail.id).where(HandledMail.message_key == key)) is None:
        _remember(key)
    return get_game(game_id)


def _remember(key: str | None) -> None:
    """Record the message as handled in the current transaction.

    :raises IntegrityError: a copy of it was handled first.
    """
    if key is not None:
        with savepoint():  # a copy handled first undoes only this, and the unit goes on
            db.session.add(HandledMail(message_key=key))
            db.session.flush()


def ingest_mbox(path: str) -> list[Outcome]:
    """Handle every message of an mbox file, each on its own: one that fails is reported and
    rolled back, and the rest go on. Messages are read as bytes (the mailbox module's own
    parsing would meet a poisonous message before :func:`ingest_bytes` could refuse it)."""
    box = mailbox.mbox(path, create=False)
    try:
        return [hand_over(ingest_bytes, box.get_bytes(key)) for key in box.iterkeys()]
    finally:
        box.close()


def _addresses(message):
    """The values of the address headers, in the order they are trusted, as written (a token
    or a bounce address is plain ASCII: the header parser, whose work grows faster than the
    header, is not needed to find one)."""
    values = {name.lower(): [] for name in ADDRESS_HEADERS}
    for name, value in message.raw_items():
        if name.lower() in values:
            values[name.lower()].append(str(value))
    for found in values.values():
        yield from found


def _token(message) -> str | None:
    """The reply token in the first address header that carries one."""
    return next(filter(None, map(token_in_address, _addresses(message))), None)
