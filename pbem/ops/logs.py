"""Logging, configured once per process by the entry points (the ``pbem`` console script,
``pbem.wsgi``) before the app is built, so its start-up warnings come out alike: every record
to stderr, as text lines or as JSON lines for a log collector. ``PBEM_LOG_LEVEL`` (INFO) and
``PBEM_LOG_FORMAT`` (``text`` or ``json``) choose; they are read from the environment only,
as the instance config is not read yet.

Start-up is quiet: Alembic's notes (plugins set up, the migration context) and aiosmtpd's
protocol trace (which would name every recipient, reply tokens included) are logged only at
WARNING and above. With JSON logging, what a command prints on stdout is JSON lines too
(:func:`json_stdout`), so a collector reads one format.
"""

from __future__ import annotations

import io
import json
import logging
import logging.config
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime

FORMATS = ("text", "json")
#: Libraries whose INFO lines are noise to an operator (or name addresses: aiosmtpd's
#: ``mail.log`` traces each SMTP command), logged from WARNING only.
QUIET = ("alembic", "flask_migrate", "mail.log")


class JsonLines(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, message and, when
    there is one, the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure_logging(environ: Mapping[str, str] = os.environ) -> None:
    """Send every record at ``PBEM_LOG_LEVEL`` or above to stderr in ``PBEM_LOG_FORMAT``,
    through the root logger (Flask then adds no handler of its own to the app's logger)."""
    level = environ.get("PBEM_LOG_LEVEL", "INFO").upper()
    style = environ.get("PBEM_LOG_FORMAT", "text")
    if style not in FORMATS:
        raise ValueError(f"PBEM_LOG_FORMAT is {style!r}; it must be one of {', '.join(FORMATS)}")
    logging.config.dictConfig({
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
            "json": {"()": JsonLines},
        },
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": style,
                                "stream": "ext://sys.stderr"}},
        "root": {"level": level, "handlers": ["stderr"]},
        "loggers": {name: {"level": "WARNING"} for name in QUIET},
    })


class _JsonLinesOut(io.TextIOBase):
    """A text stream writing each line it is given as a JSON object (as :class:`JsonLines`
    formats a record: time, level INFO, logger ``pbem.output``, the line as the message)."""

    def __init__(self, stream):
        super().__init__()
        self.stream, self.pending = stream, ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        *lines, self.pending = (self.pending + text).split("\n")
        for line in lines:
            self.stream.write(json.dumps({"time": datetime.now(UTC).isoformat(),
                                         "level": "INFO", "logger": "pbem.output",
                                         "message": line}, ensure_ascii=False) + "\n")
        self.stream.flush()
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def close(self) -> None:
        if self.pending:
            self.write("\n")
        super().close()


def json_stdout(environ: Mapping[str, str] = os.environ) -> None:
    """With ``PBEM_LOG_FORMAT=json``, make every line written to stdout a JSON object, and an
    uncaught exception's traceback a logged record (one JSON line) instead of plain text."""
    if environ.get("PBEM_LOG_FORMAT") == "json" and not isinstance(sys.stdout, _JsonLinesOut):
        sys.stdout = _JsonLinesOut(sys.stdout)
        sys.excepthook = _log_uncaught


def _log_uncaught(kind, value, traceback) -> None:
    logging.getLogger("pbem").critical("the command failed", exc_info=(kind, value, traceback))


class _QuietFileHandler(logging.FileHandler):
    """A file handler that drops a record it cannot write (the file cannot be opened or
    written) instead of raising or printing a traceback to stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            super().emit(record)
        except Exception:  # the FileHandler opens its file outside its own guard
            pass

    def handleError(self, record: logging.LogRecord) -> None:
        pass


@contextmanager
def logging_to(path: str) -> Iterator[None]:
    """Within the block, the package's log records (tracebacks included) go to the file at
    ``path`` only: what a command prints may reach a mail server, and from it a bounce. A
    record that cannot be written there is dropped: logging never fails the command."""
    logger = logging.getLogger("pbem")
    saved = logger.handlers[:], logger.level, logger.propagate
    handler = _QuietFileHandler(path, encoding="utf-8", delay=True)  # opened when written
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.handlers[:], logger.propagate = [handler], False
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        logger.handlers[:], logger.propagate = saved[0], saved[2]
        logger.setLevel(saved[1])
        handler.close()
