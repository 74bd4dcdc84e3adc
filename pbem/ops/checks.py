"""Deployment checks of the running parts (``pbem check``, after ``pbem.core.checks``): what
the configuration alone cannot say."""

from __future__ import annotations

from ..core.checks import Check
from ..mail.spool import BAD_KEPT_DAYS, Spool


def spool(config) -> Check:
    """The MTA's pipe (``ingest-mail``) can write to the spool, or every reply would bounce
    back to the MTA's queue; and how many unreadable messages wait for the operator."""
    folder = Spool(config["MAIL_SPOOL_DIR"])
    try:
        folder.probe()
    except OSError as exc:
        return Check("spool", False, f"cannot write to {folder.folder} ({exc.strerror}): "
                     "ingest-mail would exit 75 and the MTA keep every reply")
    detail = f"{folder.folder} is writable"
    aside = folder.set_aside_count()
    if aside:
        detail += (f"; {aside} unreadable message{'s' if aside > 1 else ''} in bad/ "
                   f"(deleted after {BAD_KEPT_DAYS} days)")
    return Check("spool", True, detail)
