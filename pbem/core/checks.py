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
        return f"it has only {distinct} different characters"
    if len(zlib.compress(key, 9)) < len(key) * 0.7:
        return "it repeats a pattern"
    return None


#: How to make a key, said wherever one is refused.
MAKE_ONE = 'python -c "import secrets; print(secrets.token_hex(32))"'


def secret_key(config) -> Check:
    """SECRET_KEY (and every key in SECRET_KEY_FALLBACKS, a list) is set, not the public
    default, long enough that guessing it is out of reach, and not obviously made by hand."""
    fallbacks = config.get("SECRET_KEY_FALLBACKS") or []
    if not isinstance(fallbacks, list | tuple) or not all(
            isinstance(key, str | bytes) for key in fallbacks):
        return Check("secret key", False, "SECRET_KEY_FALLBACKS must be a list of the earlier "
                     "keys, as JSON in the environment: PBEM_SECRET_KEY_FALLBACKS='[\"<old "
                     f"key>\"]' (it is a {type(fallbacks).__name__})")
    keys = [("SECRET_KEY", config.get("SECRET_KEY"))]
    keys += [(f"SECRET_KEY_FALLBACKS[{i}]", key) for i, key in enumerate(fallbacks)]
    for name, key in keys:
        if not key or key == DEFAULT_SECRET_KEY:
            return Check("secret key", False, f"{name} is not set (the public default would let "
                         "anyone forge a session or a link); set PBEM_SECRET_KEY")
        raw = key.encode() if isinstance(key, str) else key
        if len(raw) < MIN_SECRET_KEY_BYTES:
            return Check("secret key", False, f"{name} is {len(raw)} bytes; use at least "
                         f"{MIN_SECRET_KEY_BYTES} random bytes ({MAKE_ONE})")
        why = not_random(raw)
        if why is not None:
            return Check("secret key", False, f"{name} is not random: {why}; make one with "
                         f"{MAKE_ONE}")
    return Check("secret key", True, "set, long enough and not obviously made by hand")


def https_base_url(config) -> Check:
    """Links in mail are secrets in URLs: they must travel over TLS."""
    url = config["BASE_URL"]
    if urlsplit(url).scheme == "https":
        return Check("base URL", True, url)
    return Check("base URL", False, f"{url} is not https; set PBEM_BASE_URL to the public "
                 "https address")


def secure_cookies(config) -> Check:
    """The session cookie is only sent over TLS."""
    if config["SESSION_COOKIE_SECURE"]:
        return Check("secure cookies", True, "the session cookie is Secure")
    return Check("secure cookies", False, "the session cookie is not Secure (it is when "
                 "BASE_URL is https, unless SESSION_COOKIE_SECURE is set false)")


#: Top-level domains that are no one's on the internet (RFC 2606, RFC 6761, mDNS's ``local``).
RESERVED_TLDS = ("localhost", "local", "test", "invalid", "example")


def _public(domain: str) -> bool:
    return "." in domain and domain.rsplit(".", 1)[1].lower() not in RESERVED_TLDS


def mail_domain(config) -> Check:
    """Reply addresses and Message-IDs need a domain the world can deliver to."""
    domain = config["MAIL_DOMAIN"]
    if _public(domain):
        return Check("mail domain", True, domain)
    return Check("mail domain", False, f"{domain!r} cannot receive mail from outside; set "
                 "PBEM_MAIL_DOMAIN")


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
        return Check("mail sender", False, f"mail goes out From {address or sender!r}, which "
                     "no receiver accepts; set PBEM_MAIL_DEFAULT_SENDER (default: "
                     "pbem@<MAIL_DOMAIN>)")
    if not _aligned(domain, config["MAIL_DOMAIN"]):
        return Check("mail sender", False, f"the From domain {domain} does not align with "
                     f"MAIL_DOMAIN {config['MAIL_DOMAIN']} (the envelope sender): DMARC fails")
    signing = config["MAIL_DKIM_SELECTOR"] and (config["MAIL_DKIM_DOMAIN"]
                                                or config["MAIL_DOMAIN"])
    if signing and not _aligned(domain, signing):
        return Check("mail sender", False, f"the From domain {domain} does not align with "
                     f"the DKIM domain {signing}: DMARC fails")
    return Check("mail sender", True, f"{address}, aligned with {config['MAIL_DOMAIN']}"
                 + (f" and DKIM's {signing}" if signing else ""))


def proxy(config) -> Check:
    """Behind a TLS-terminating proxy (an https ``BASE_URL`` served by gunicorn over http),
    the app must trust the proxy's ``X-Forwarded-For`` and ``X-Forwarded-Proto``: else every
    client shares the proxy's address (one rate limit for all) and the app thinks it is http."""
    if urlsplit(config["BASE_URL"]).scheme != "https":
        return Check("proxy", True, "not checked (BASE_URL is not https)")
    missing = [name for name in ("PROXY_FIX_X_FOR", "PROXY_FIX_X_PROTO") if not config[name]]
    if missing:
        return Check("proxy", False, f"BASE_URL is https but {' and '.join(missing)} "
                     f"{'is' if len(missing) == 1 else 'are'} 0; behind one proxy (nginx) set "
                     + " and ".join(f"PBEM_{name}=1" for name in missing))
    return Check("proxy", True, f"trusting {config['PROXY_FIX_X_FOR']} proxy hop(s)")


def smtp_reachable(config) -> Check:
    """The SMTP server answers (connect and EHLO; nothing is sent)."""
    if "smtp" not in config["MAIL_BACKEND"].split(","):
        return Check("SMTP", True, f"not used (MAIL_BACKEND is {config['MAIL_BACKEND']!r})")
    where = f"{config['MAIL_SERVER']}:{config['MAIL_PORT']}"
    try:
        with smtplib.SMTP(config["MAIL_SERVER"], config["MAIL_PORT"],
                          timeout=SMTP_TIMEOUT) as server:
            code, _ = server.ehlo()
    except (OSError, smtplib.SMTPException) as exc:
        return Check("SMTP", False, f"{where} unreachable: {exc or type(exc).__name__}")
    if code != 250:
        return Check("SMTP", False, f"{where} answered EHLO with {code}")
    return Check("SMTP", True, f"{where} answers")


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
        return Check("migrations", False, f"cannot read the database: {exc.__class__.__name__}")
    if current == heads:
        return Check("migrations", True, f"at head ({', '.join(sorted(heads))})")
    have = ", ".join(sorted(current)) or "none"
    return Check("migrations", False, f"the database is at {have}, the code at "
                 f"{', '.join(sorted(heads))}; run flask pbem init-db")


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

