"""The inbound spool: a folder where the MTA's pipe leaves each message and the mail worker
takes it from (as Mailman 2's mail wrapper and its queue runners did), so the pipe's process
does no more than write a file.

Standard library only: the pipe imports it without the app. The folder holds

- ``<time>-<pid>-<random>.eml``: a message waiting; the names sort oldest first;
- ``.tmp-*``: a message being written, renamed into place once it is on disk;
- ``claimed/<claimed at>.<name>``: a message a worker is handling;
- ``bad/<name>``: a message that can never be read, kept for the operator to look at for
  ``BAD_KEPT_DAYS`` (it is a stranger's mail, and nothing will ever read it).

Every change is one ``rename`` within a file system, which is atomic: a reader never sees half
a message, and of two workers (two processes, or two hosts sharing the folder) renaming the
same message into ``claimed/`` exactly one succeeds. A worker that dies holding a claim leaves
it behind; once the claim is older than the timeout, :meth:`Spool.recover` puts it back (a
message handled but not yet removed when its worker died is then met again, and the ingest
knows it by its ``Message-ID``).
"""

from __future__ import annotations

import os
import secrets
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

SUFFIX = ".eml"
TEMPORARY = ".tmp-"
CLAIMED = "claimed"
BAD = "bad"
#: Days a message set aside in ``bad/`` is kept before :meth:`Spool.recover` deletes it.
BAD_KEPT_DAYS = 30


class Spool:
    """The spool in ``folder``; a claim older than ``claim_timeout`` seconds is taken to be
    a dead worker's."""

    def __init__(self, folder: str | os.PathLike, claim_timeout: float = 600.0):
        self.folder = Path(folder)
        self.claim_timeout = claim_timeout

    def put(self, raw: bytes) -> str:
        """Write ``raw`` as a waiting message and return its name; once this returns, the
        message survives a crash of the machine (written, synced, renamed, folder synced).

        :raises OSError: it could not be written (the folder cannot be made, a full disk,
            permissions); nothing is left behind but, at worst, a temporary file.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        name = f"{time.time_ns():020d}-{os.getpid()}-{secrets.token_hex(8)}{SUFFIX}"
        temporary = self.folder / (TEMPORARY + name)
        try:
            with open(temporary, "xb") as file:
                file.write(raw)
                file.flush()
                os.fsync(file.fileno())
            os.rename(temporary, self.folder / name)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
        _sync_folder(self.folder)
        return name

    def probe(self) -> None:
        """Write and delete a temporary file where :meth:`put` writes (``pbem check``).

        :raises OSError: as :meth:`put` would (run as the MTA's user to be sure of it).
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=self.folder, prefix=TEMPORARY + "probe-"):
            pass

    def waiting(self) -> list[str]:
        """The names of the waiting messages, oldest first."""
        try:
            names = os.listdir(self.folder)
        except FileNotFoundError:
            return []
        return sorted(name for name in names
                      if name.endswith(SUFFIX) and not name.startswith("."))

    def oldest(self) -> float | None:
        """When the oldest waiting message was spooled (seconds since the epoch), if any."""
        names = self.waiting()
        return int(names[0].partition("-")[0]) / 1e9 if names else None

    def claims(self) -> Iterator[Path]:
        """Claim the waiting messages one by one, oldest first (after recovering dead
        workers' claims), yielding each claimed file; those another worker claims first are
        skipped. Each must then be :meth:`finish`-ed, :meth:`set_aside` or :meth:`release`-d."""
        self.recover()
        for name in self.waiting():
            claimed = self._claim(name)
            if claimed is not None:
                yield claimed

    def finish(self, claimed: Path) -> None:
        """Forget a message that was handled (or ignored on purpose)."""
        claimed.unlink(missing_ok=True)

    def set_aside(self, claimed: Path) -> None:
        """Move a message that can never be read into ``bad/`` (its age there counted from
        now, so it is kept ``BAD_KEPT_DAYS`` from being set aside, not from arriving)."""
        (self.folder / BAD).mkdir(exist_ok=True)
        target = self.folder / BAD / _original(claimed)
        if self._move(claimed, target):
            os.utime(target)

    def release(self, claimed: Path) -> None:
        """Put a message back to be tried again in a later round."""
        self._move(claimed, self.folder / _original(claimed))

    def recover(self, now: float | None = None) -> int:
        """Put back the claims older than the timeout, delete temporary files as old (a pipe
        that died writing them left its message with the MTA) and messages set aside more
        than ``BAD_KEPT_DAYS`` ago; how many claims."""
        now = time.time() if now is None else now
        recovered = 0
        for claimed in _files(self.folder / CLAIMED):
            claimed_at, _, _ = claimed.name.partition(".")
            if claimed_at.isdigit() and now - int(claimed_at) > self.claim_timeout:
                recovered += self._move(claimed, self.folder / _original(claimed))
        for temporary in _files(self.folder):
            if temporary.name.startswith(TEMPORARY) and _age(temporary, now) > self.claim_timeout:
                temporary.unlink(missing_ok=True)
        for bad in _files(self.folder / BAD):
            if _age(bad, now) > BAD_KEPT_DAYS * 86400:
                bad.unlink(missing_ok=True)
        return recovered

    def set_aside_count(self) -> int:
        """How many unreadable messages wait in ``bad/`` for the operator."""
        return len(_files(self.folder / BAD))

    def _claim(self, name: str) -> Path | None:
        """Rename the waiting message ``name`` into ``claimed/``; ``None`` when another worker
        took it first."""
        (self.folder / CLAIMED).mkdir(exist_ok=True)
        claimed = self.folder / CLAIMED / f"{int(time.time())}.{name}"
        return claimed if self._move(self.folder / name, claimed) else None

    @staticmethod
    def _move(source: Path, target: Path) -> bool:
        """Rename ``source`` to ``target``; ``False`` when ``source`` was gone (another
        worker, or a recovery, moved it first)."""
        try:
            os.rename(source, target)
        except FileNotFoundError:
            return False
        return True


def _original(claimed: Path) -> str:
    """The waiting name of a claimed file (``<claimed at>.<name>``)."""
    return claimed.name.partition(".")[2]


def _files(folder: Path) -> list[Path]:
    try:
        return [path for path in folder.iterdir() if path.is_file()]
    except FileNotFoundError:
        return []


def _age(path: Path, now: float) -> float:
    try:
        return now - path.stat().st_mtime
    except FileNotFoundError:
        return 0.0


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (its directory entry on disk)."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
