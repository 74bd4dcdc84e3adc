"""Polling a hosted mailbox over IMAP (imaplib), for an operator who has no MTA of their own.

Each unseen message is fetched without marking it seen, handed to the ingest, and then — when
it was handled, ignored, or can never be read — moved to ``MAIL_IMAP_DONE_FOLDER`` or, without
one, deleted, so no poll handles it twice. A message whose ingest failed in a way that may pass
(the database down) is left unseen for the next poll.
"""

from __future__ import annotations

import imaplib
from collections.abc import Callable

from .handoff import Outcome, Status, hand_over


class MailboxError(Exception):
    """The mailbox could not be read (unreachable, refused the login, no such folder)."""


def poll(config, ingest: Callable[[bytes], str]) -> list[Outcome]:
    """Ingest every unseen message of the configured mailbox once; the outcomes in order.

    :raises MailboxError: the server could not be reached or refused us.
    """
    try:
        with connect(config) as imap:
            uids = _unseen(imap, config)
            done = config["MAIL_IMAP_DONE_FOLDER"]
            if uids and done and not folder_exists(imap, done):
                # Made before any message is handled: a move played and then not put away
                # would stay unseen, and every later poll fail on it.
                _ok(imap.create(_quoted(done)))
            return [_one(imap, config, ingest, uid) for uid in uids]
    except (OSError, imaplib.IMAP4.error) as exc:
        raise MailboxError(f"{type(exc).__name__}: {exc}") from None


def folder_exists(imap: imaplib.IMAP4, folder: str) -> bool:
    """Whether the mailbox has ``folder``."""
    status, data = imap.list('""', _quoted(folder))
    return status == "OK" and any(item for item in data if item)


def _quoted(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def connect(config) -> imaplib.IMAP4:
    """A logged-in connection to the configured mailbox (a context manager that logs out)."""
    kind = imaplib.IMAP4_SSL if config["MAIL_IMAP_SSL"] else imaplib.IMAP4
    imap = kind(config["MAIL_IMAP_HOST"], config["MAIL_IMAP_PORT"],
                timeout=config["MAIL_TIMEOUT"])
    try:
        imap.login(config["MAIL_IMAP_USER"], config["MAIL_IMAP_PASSWORD"])
    except BaseException:
        imap.shutdown()
        raise
    return imap


def _unseen(imap: imaplib.IMAP4, config) -> list[bytes]:
    _ok(imap.select(_quoted(config["MAIL_IMAP_FOLDER"])))
    return _ok(imap.uid("SEARCH", None, "UNSEEN"))[0].split()


def _one(imap: imaplib.IMAP4, config, ingest, uid: bytes) -> Outcome:
    data = _ok(imap.uid("FETCH", uid, "(BODY.PEEK[])"))  # PEEK: a failure leaves it unseen
    raw = next(part[1] for part in data if isinstance(part, tuple))
    outcome = hand_over(ingest, raw)
    if outcome.status is not Status.RETRY:
        _put_away(imap, config["MAIL_IMAP_DONE_FOLDER"], uid)
    return outcome


def _put_away(imap: imaplib.IMAP4, folder: str | None, uid: bytes) -> None:
    """Move the message to ``folder`` (copied, then deleted where MOVE is missing), or delete
    it without one."""
    if folder and "MOVE" in imap.capabilities:
        _ok(imap.uid("MOVE", uid, _quoted(folder)))
        return
    if folder:
        _ok(imap.uid("COPY", uid, _quoted(folder)))
    _ok(imap.uid("STORE", uid, "+FLAGS", "(\\Seen \\Deleted)"))
    _ok(imap.expunge())


def _ok(response: tuple[str, list]) -> list:
    status, data = response
    if status != "OK":
        raise imaplib.IMAP4.error(f"the IMAP server answered {status}: {data!r}")
    return data
