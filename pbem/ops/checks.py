"""Deployment checks of the running parts (``pbem check``, after ``pbem.core.checks``): what
the configuration alone cannot say."""

from __future__ import annotations

import imaplib
import shutil
from pathlib import Path

from flask_babel import gettext, ngettext

from ..core.checks import Check
from ..mail.spool import BAD_KEPT_DAYS, Spool


def spool(config) -> Check:
    """The MTA's pipe (``ingest-mail``) can write to the spool, or every reply would bounce
    back to the MTA's queue; and how many unreadable messages wait for the operator."""
    folder = Spool(config["MAIL_SPOOL_DIR"])
    try:
        folder.probe()
    except OSError as exc:
        return Check("spool", False, gettext(
            "cannot write to %(path)s (%(error)s): ingest-mail would exit 75 and the MTA keep "
            "every reply", path=folder.folder, error=exc.strerror))
    aside = folder.set_aside_count()
    if aside:
        return Check("spool", True, ngettext(
            "%(path)s is writable; %(num)d unreadable message in bad/ (deleted after "
            "%(days)d days)",
            "%(path)s is writable; %(num)d unreadable messages in bad/ (deleted after "
            "%(days)d days)", aside, path=folder.folder, days=BAD_KEPT_DAYS))
    return Check("spool", True, gettext("%(path)s is writable", path=folder.folder))


def ingest_log(config) -> Check:
    """The MTA's pipe can append to ``MAIL_INGEST_LOG`` (run ``pbem check`` as the pipe's
    user): it still spools without it, but what went wrong is then written nowhere."""
    path = Path(config["MAIL_INGEST_LOG"])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        return Check("ingest log", False, gettext(
            "cannot append to %(path)s (%(error)s): the pipe's failures would be logged "
            "nowhere", path=path, error=exc.strerror))
    return Check("ingest log", True, gettext("%(path)s is writable", path=path))


def dkim_key(config) -> Check:
    """The DKIM key loads (else every delivery fails and is retried until given up), and the
    TXT record to publish for it."""
    selector, key_file = config["MAIL_DKIM_SELECTOR"], config["MAIL_DKIM_KEY_FILE"]
    if not selector and not key_file:
        return Check("DKIM", True, gettext("not signing (the MTA may sign instead)"))
    if not (selector and key_file):
        return Check("DKIM", False, gettext(
            "set both MAIL_DKIM_SELECTOR and MAIL_DKIM_KEY_FILE, or neither"))
    from ..mail.dkim_signature import dns_record

    try:
        name, record = dns_record(config)
    except OSError as exc:
        return Check("DKIM", False, gettext(
            "cannot read the key file %(file)s (%(error)s): every delivery would fail",
            file=key_file, error=exc.strerror))
    except ValueError as exc:
        return Check("DKIM", False, gettext("the key file %(file)s is %(problem)s",
                                            file=key_file, problem=exc))
    return Check("DKIM", True, gettext('key loads; publish %(name)s TXT "%(record)s"',
                                       name=name, record=record))


def imap_mailbox(config) -> Check:
    """``fetch-mail`` can log in and select its folder; its done folder exists (the poller
    creates it otherwise, if the server lets it)."""
    if not config["MAIL_IMAP_HOST"]:
        return Check("IMAP", True, gettext("not used (MAIL_IMAP_HOST is not set)"))
    from ..mail import imap

    where = f"{config['MAIL_IMAP_USER']}@{config['MAIL_IMAP_HOST']}:{config['MAIL_IMAP_PORT']}"
    try:
        with imap.connect(config) as mailbox:
            missing = [folder for folder in (config["MAIL_IMAP_FOLDER"],
                                             config["MAIL_IMAP_DONE_FOLDER"])
                       if folder and not imap.folder_exists(mailbox, folder)]
    except (OSError, imaplib.IMAP4.error) as exc:
        return Check("IMAP", False, gettext("%(where)s: cannot log in (%(error)s)",
                                            where=where, error=f"{type(exc).__name__}: {exc}"))
    if missing:
        return Check("IMAP", False, gettext(
            "%(where)s: no folder %(folders)s; create it (or set MAIL_IMAP_FOLDER / "
            "MAIL_IMAP_DONE_FOLDER)", where=where, folders=", ".join(map(repr, missing))))
    return Check("IMAP", True, gettext("%(where)s: logged in, folders exist", where=where))


def pg_dump(config) -> Check:
    """``pbem backup`` of a PostgreSQL database runs ``pg_dump``."""
    if not config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        return Check("pg_dump", True, gettext("not needed (the database is not PostgreSQL)"))
    found = shutil.which("pg_dump")
    if found is None:
        return Check("pg_dump", False, gettext(
            "not installed: pbem backup would fail (Debian: apt-get install postgresql-client)"))
    return Check("pg_dump", True, found)


#: The checks of the running parts, after ``pbem.core.checks.run_all``.
RUNNING_CHECKS = (spool, ingest_log, dkim_key, imap_mailbox, pg_dump)
