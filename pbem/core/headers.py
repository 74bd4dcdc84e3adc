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


def add_security_headers(response):
    """Set the headers a view has not set itself (the dev mailbox widens the policy), in one
    pass over the response's headers: a ``setdefault`` each scanned them all every time, on
    every request."""
    headers = response.headers
    present = {name.lower() for name in headers.keys()}
    wanted = list(HEADERS.items())
    if current_app.config["BASE_URL"].startswith("https://"):
        wanted.append(("Strict-Transport-Security", HSTS))
    headers.extend([(name, value) for name, value in wanted if name.lower() not in present])
    if _private():
        headers["Cache-Control"] = "no-store"
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
