"""Deployment checks, in the spirit of Django's ``check --deploy``: what a production server
needs that development does without.

Each check returns a :class:`Check` (passed or not, and one line saying why). The ones that
read only the configuration also run when the app is built: a bad secret key refuses to start
outside debug and testing, the rest are logged as warnings. ``flask pbem check`` runs them all,
with the two that reach out (SMTP, the database's migration state).
"""

from __future__ import annotations

import smtplib
import zlib
from dataclasses import dataclass
from email.utils import parseaddr
from urllib.parse import urlsplit

from flask_babel import gettext

from .config import DEFAULT_SECRET_KEY

#: The shortest key accepted, in bytes (256 bits of a random key are beyond guessing).
MIN_SECRET_KEY_BYTES = 32
#: Seconds to wait for the SMTP server.
SMTP_TIMEOUT = 5


class InsecureSecretKey(RuntimeError):
    """The app was built for production without a secret key of its own."""


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str

    def __str__(self) -> str:
        return f"{'ok' if self.ok else 'FAIL':4}  {self.name}: {self.detail}"


def not_random(key: bytes) -> str | None:
    """Why ``key`` is obviously not random (few different bytes, or a pattern that compresses),
    or ``None``. A key drawn at random (``secrets.token_hex(32)``) never fails this."""
    distinct = len(set(key))
    if distinct < 8:
        return gettext("it has only %(num)d different characters", num=distinct)
    if len(zlib.compress(key, 9)) < len(key) * 0.7:
        return gettext("it repeats a pattern")
    return None


#: How to make a key, said wherever one is refused.
MAKE_ONE = 'python -c "import secrets; print(secrets.token_hex(32))"'


def secret_key(config) -> Check:
    """SECRET_KEY (and every key in SECRET_KEY_FALLBACKS, a list) is set, not the public
    default, long enough that guessing it is out of reach, and not obviously made by hand."""
    fallbacks = config.get("SECRET_KEY_FALLBACKS") or []
    if not isinstance(fallbacks, list | tuple) or not all(
            isinstance(key, str | bytes) for key in fallbacks):
        return Check("secret key", False, gettext(
            "SECRET_KEY_FALLBACKS must be a list of the earlier keys, as JSON in the "
            "environment: %(example)s (it is a %(type)s)",
            example="PBEM_SECRET_KEY_FALLBACKS='[\"<old key>\"]'",
            type=type(fallbacks).__name__))
    keys = [("SECRET_KEY", config.get("SECRET_KEY"))]
    keys += [(f"SECRET_KEY_FALLBACKS[{i}]", key) for i, key in enumerate(fallbacks)]
    for name, key in keys:
        if not key or key == DEFAULT_SECRET_KEY:
            return Check("secret key", False, gettext(
                "%(name)s is not set (the public default would let anyone forge a session "
                "or a link); set PBEM_SECRET_KEY", name=name))
        raw = key.encode() if isinstance(key, str) else key
        if len(raw) < MIN_SECRET_KEY_BYTES:
            return Check("secret key", False, gettext(
                "%(name)s is %(num)d bytes; use at least %(least)d random bytes (%(command)s)",
                name=name, num=len(raw), least=MIN_SECRET_KEY_BYTES, command=MAKE_ONE))
        why = not_random(raw)
        if why is not None:
            return Check("secret key", False, gettext(
                "%(name)s is not random: %(why)s; make one with %(command)s", name=name,
                why=why, command=MAKE_ONE))
    return Check("secret key", True,
                 gettext("set, long enough and not obviously made by hand"))


def https_base_url(config) -> Check:
    """Links in mail are secrets in URLs: they must travel over TLS."""
    url = config["BASE_URL"]
    if urlsplit(url).scheme == "https":
        return Check("base URL", True, url)
    return Check("base URL", False, gettext(
        "%(url)s is not https; set PBEM_BASE_URL to the public https address", url=url))


def secure_cookies(config) -> Check:
    """The session cookie is only sent over TLS."""
    if config["SESSION_COOKIE_SECURE"]:
        return Check("secure cookies", True, gettext("the session cookie is Secure"))
    return Check("secure cookies", False, gettext(
        "the session cookie is not Secure (it is when BASE_URL is https, unless "
        "SESSION_COOKIE_SECURE is set false)"))


#: Top-level domains that are no one's on the internet (RFC 2606, RFC 6761, mDNS's ``local``).
RESERVED_TLDS = ("localhost", "local", "test", "invalid", "example")


def _public(domain: str) -> bool:
    return "." in domain and domain.rsplit(".", 1)[1].lower() not in RESERVED_TLDS


def mail_domain(config) -> Check:
    """Reply addresses and Message-IDs need a domain the world can deliver to."""
    domain = config["MAIL_DOMAIN"]
    if _public(domain):
        return Check("mail domain", True, domain)
    return Check("mail domain", False, gettext(
        "%(domain)s cannot receive mail from outside; set PBEM_MAIL_DOMAIN", domain=repr(domain)))


def _aligned(domain: str, other: str) -> bool:
    """DMARC's relaxed alignment, near enough: the same domain, or one below the other."""
    domain, other = domain.lower(), other.lower()
    return domain == other or domain.endswith("." + other) or other.endswith("." + domain)


def mail_sender(config) -> Check:
    """The ``From`` of every message (``MAIL_DEFAULT_SENDER``) is on a public domain aligned
    with ``MAIL_DOMAIN`` (the envelope's bounce addresses) and with the DKIM signing domain:
    DMARC judges mail by that alignment, and large receivers junk or refuse what fails it."""
    sender = config["MAIL_DEFAULT_SENDER"]
    address = parseaddr(sender if isinstance(sender, str) else f"{sender[0]} <{sender[1]}>")[1]
    domain = address.rpartition("@")[2]
    if not domain or not _public(domain):
        return Check("mail sender", False, gettext(
            "mail goes out From %(address)s, which no receiver accepts; set "
            "PBEM_MAIL_DEFAULT_SENDER (default: pbem@<MAIL_DOMAIN>)",
            address=repr(address or sender)))
    if not _aligned(domain, config["MAIL_DOMAIN"]):
        return Check("mail sender", False, gettext(
            "the From domain %(domain)s does not align with MAIL_DOMAIN %(mail_domain)s (the "
            "envelope sender): DMARC fails", domain=domain, mail_domain=config["MAIL_DOMAIN"]))
    signing = config["MAIL_DKIM_SELECTOR"] and (config["MAIL_DKIM_DOMAIN"]
                                                or config["MAIL_DOMAIN"])
    if signing and not _aligned(domain, signing):
        return Check("mail sender", False, gettext(
            "the From domain %(domain)s does not align with the DKIM domain %(signing)s: "
            "DMARC fails", domain=domain, signing=signing))
    if signing:
        return Check("mail sender", True, gettext(
            "%(address)s, aligned with %(mail_domain)s and DKIM's %(signing)s",
            address=address, mail_domain=config["MAIL_DOMAIN"], signing=signing))
    return Check("mail sender", True, gettext(
        "%(address)s, aligned with %(mail_domain)s", address=address,
        mail_domain=config["MAIL_DOMAIN"]))


def proxy(config) -> Check:
    """Behind a TLS-terminating proxy (an https ``BASE_URL`` served by gunicorn over http),
    the app must trust the proxy's ``X-Forwarded-For`` and ``X-Forwarded-Proto``: else every
    client shares the proxy's address (one rate limit for all) and the app thinks it is http."""
    if urlsplit(config["BASE_URL"]).scheme != "https":
        return Check("proxy", True, gettext("not checked (BASE_URL is not https)"))
    missing = [name for name in ("PROXY_FIX_X_FOR", "PROXY_FIX_X_PROTO") if not config[name]]
    if missing:
        if len(missing) == 1:
            return Check("proxy", False, gettext(
                "BASE_URL is https but %(name)s is 0; behind one proxy (nginx) set "
                "PBEM_%(name)s=1", name=missing[0]))
        return Check("proxy", False, gettext(
            "BASE_URL is https but PROXY_FIX_X_FOR and PROXY_FIX_X_PROTO are 0; behind one "
            "proxy (nginx) set PBEM_PROXY_FIX_X_FOR=1 and PBEM_PROXY_FIX_X_PROTO=1"))
    return Check("proxy", True, gettext("trusting %(hops)s proxy hop(s)",
                                        hops=config["PROXY_FIX_X_FOR"]))


def smtp_reachable(config) -> Check:
    """The SMTP server answers (connect and EHLO; nothing is sent)."""
    if "smtp" not in config["MAIL_BACKEND"].split(","):
        return Check("SMTP", True, gettext("not used (MAIL_BACKEND is %(backend)s)",
                                           backend=repr(config["MAIL_BACKEND"])))
    where = f"{config['MAIL_SERVER']}:{config['MAIL_PORT']}"
    try:
        with smtplib.SMTP(config["MAIL_SERVER"], config["MAIL_PORT"],
                          timeout=SMTP_TIMEOUT) as server:
            code, _ = server.ehlo()
    except (OSError, smtplib.SMTPException) as exc:
        return Check("SMTP", False, gettext("%(where)s unreachable: %(error)s", where=where,
                                            error=str(exc) or type(exc).__name__))
    if code != 250:
        return Check("SMTP", False, gettext("%(where)s answered EHLO with %(code)s",
                                            where=where, code=code))
    return Check("SMTP", True, gettext("%(where)s answers", where=where))


def migrations_at_head(directory: str, engine) -> Check:
    """The database has every migration of ``directory`` (``flask pbem init-db`` applies
    them)."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from sqlalchemy.exc import SQLAlchemyError

    heads = set(ScriptDirectory(directory).get_heads())
    try:
        with engine.connect() as connection:
            current = set(MigrationContext.configure(connection).get_current_heads())
    except SQLAlchemyError as exc:
        return Check("migrations", False, gettext("cannot read the database: %(error)s",
                                                  error=exc.__class__.__name__))
    if current == heads:
        return Check("migrations", True, gettext("at head (%(heads)s)",
                                                 heads=", ".join(sorted(heads))))
    return Check("migrations", False, gettext(
        "the database is at %(have)s, the code at %(heads)s; run flask pbem init-db",
        have=", ".join(sorted(current)) or gettext("none"), heads=", ".join(sorted(heads))))


#: The checks that read only the configuration (run at start-up too).
CONFIG_CHECKS = (secret_key, https_base_url, secure_cookies, mail_domain, mail_sender, proxy)


def startup(app) -> None:
    """Refuse an insecure secret key outside debug and testing; log the other problems. A
    command run on the instance folder a live ``pbem dev`` serves (its settings carry
    ``DEV_SERVER``) is development too: it shares the dev server's key, mailbox and port."""
    if app.debug or app.testing or app.config.get("DEV_SERVER"):
        return
    key = secret_key(app.config)
    if not key.ok:
        raise InsecureSecretKey(f"pbem will not start: {key.detail}. (In development run "
                                "with --debug or FLASK_DEBUG=1, as make run does.)")
    for check in CONFIG_CHECKS[1:]:
        result = check(app.config)
        if not result.ok:
            app.logger.warning("deployment check failed: %s", result)


def run_all(app) -> list[Check]:
    """Every check, in order, for ``flask pbem check``."""
    from .extensions import db

    results = [check(app.config) for check in CONFIG_CHECKS]
    results.append(smtp_reachable(app.config))
    results.append(migrations_at_head(app.extensions["migrate"].directory, db.engine))
    return results

