"""``pbem ingest-mail`` as an MTA's pipe: one message on standard input, left in the spool for
the mail worker (``pbem.mail.spool``).

An MTA starts a process per message, so this one imports the standard library only — not
click, Flask, SQLAlchemy or the models: building the app and handling the move here made each
message cost most of a second. It exits 0 once the message is in the spool (on disk: it
survives a crash), 65 (EX_DATAERR: the MTA bounces it) for a message that can never be read,
and 75 (EX_TEMPFAIL: the MTA keeps it and tries again) when it cannot be spooled — a full
disk, permissions, settings that do not load, and anything else that goes wrong, even while
logging it. A message is thus either in the spool or still with the MTA, and pbem never makes
the MTA bounce a reply for a fault of its own. The MTA gets one line on standard output (no
address, no path, never a traceback; nothing on standard error); what went wrong goes to
``MAIL_INGEST_LOG`` when that can be written.
"""

from __future__ import annotations

import logging
import sys
from typing import BinaryIO

from ..core import config
from ..mail import inbound
from ..mail.inbound import Status
from ..mail.spool import Spool
from ..ops.logs import logging_to

log = logging.getLogger(__name__)

#: Bytes read from standard input at a time.
CHUNK = 64 * 1024


def accept(raw: bytes, settings) -> tuple[Status, str]:
    """Check ``raw`` and put it in the spool ``settings`` name: the status to exit with and
    one line for the MTA (naming no address). ``flask pbem ingest-mail`` calls it too."""
    try:
        inbound.check(raw, settings["MAIL_INBOUND_MAX_BYTES"])
    except inbound.Unreadable as exc:
        return Status.MALFORMED, f"refused: {exc}"
    try:
        name = Spool(settings["MAIL_SPOOL_DIR"]).put(raw)
    except OSError as exc:
        log.exception("spooling a message failed; it is left with the MTA")
        return Status.RETRY, f"failed: cannot write the spool ({exc.strerror}); try again later"
    return Status.DONE, f"spooled {name}"


def read_message(stream: BinaryIO, max_bytes: int) -> bytes:
    """What ``stream`` holds, up to one byte over ``max_bytes`` (enough to refuse it); the
    rest is read and dropped, so the MTA's writing to the pipe does not fail."""
    raw = stream.read(max_bytes + 1)
    while len(raw) > max_bytes and stream.read(CHUNK):
        pass
    return raw


def main() -> int:
    """Spool the message on standard input; the exit status."""
    logging.raiseExceptions = False  # a handler's failure prints nothing to stderr
    try:
        status, text = _spool_stdin()
    except BaseException as exc:  # noqa: BLE001 - whatever it is, the MTA keeps the message
        status, text = Status.RETRY, f"failed: {type(exc).__name__}; try again later"
    try:
        print(text, flush=True)
    except BaseException:  # noqa: BLE001 - an MTA that closed the pipe needs no line
        pass
    return status


def _spool_stdin() -> tuple[Status, str]:
    try:
        settings = config.settings(config.instance_path())
    except Exception as exc:  # a config.py may raise anything
        return (Status.RETRY,
                f"failed: the settings do not load ({type(exc).__name__}); try again later")
    raw = read_message(sys.stdin.buffer, settings["MAIL_INBOUND_MAX_BYTES"])
    with logging_to(settings["MAIL_INGEST_LOG"]):
        return accept(raw, settings)
