"""Security headers on every response.

Pages here load only their own scripts and style sheets (no inline script or ``style``
attribute), so the policy allows nothing from elsewhere and nothing inline; the boards' SVG
uses presentation attributes, which the policy does not govern. No page may be framed
(clickjacking a move form). Move, sign-in, invitation, unsubscribe and calendar links carry
their authority in the URL, so no other site is told the address a click came from, and no
cache keeps a page reached by such a link or shown to a signed-in player.
"""

from __future__ import annotations

from flask import Flask, current_app, g, request


def content_security_policy(style_src: str = "'self'") -> str:
    """The policy; ``style_src`` is widened only where mail is shown as a mail client shows it
    (the development mailbox: mail is written with inline styles)."""
    return "; ".join((
        "default-src 'self'",
        f"style-src {style_src}",
        "img-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ))


HEADERS = {
    "Content-Security-Policy": content_security_policy(),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
#: A year; sent only when BASE_URL is https (a browser would otherwise refuse plain http to
#: a development host for that long).
HSTS = "max-age=31536000"


def register(app: Flask) -> None:
    app.after_request(add_security_headers)


#: :data:`HEADERS` as (lower-case name, name, value), for plain http and with HSTS.
_WANTED = tuple((name.lower(), name, value) for name, value in HEADERS.items())
_WANTED_HTTPS = (*_WANTED, ("strict-transport-security", "Strict-Transport-Security", HSTS))
_NO_STORE = ("cache-control", "Cache-Control", "no-store")


def add_security_headers(response):
    """Set the headers a view has not set itself (the dev mailbox widens the policy), added in
    one ``extend``: a ``setdefault`` each scanned the headers every time, and the private
    pages' ``Cache-Control`` set on its own cost as much as all the others (an eightieth of
    a move's request in all, before)."""
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    wanted = _WANTED_HTTPS if current_app.config["BASE_URL"].startswith("https://") else _WANTED
    if _private():
        if "cache-control" in present:
            headers["Cache-Control"] = "no-store"
        else:
            wanted = (*wanted, _NO_STORE)
    headers.extend([(name, value) for lower, name, value in wanted if lower not in present])
    return response


def _private() -> bool:
    """A page no cache may keep: reached by a link whose URL is a secret, or shown to a
    signed-in player (their address, their calendar link, the forms' CSRF tokens)."""
    if request.endpoint == "static":
        return False
    return ("token" in (request.view_args or {}) or g.get("player") is not None
            or "Authorization" in request.headers)  # an API token's answers are its own


def public_read(response, last_modified=None):
    """Make ``response`` (a public, read-only record or feed) cheap to poll and readable from
    any origin: an ETag of its body, ``Last-Modified`` when known, and ``304 Not Modified`` to
    a request that already holds it (``If-None-Match`` / ``If-Modified-Since``)."""
    response.headers["Access-Control-Allow-Origin"] = "*"
    if last_modified is not None:
        response.last_modified = last_modified
    response.add_etag()
    return response.make_conditional(request)
