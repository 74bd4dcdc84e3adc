"""Error pages: one handler per exception family, a friendly page, never a stack trace."""

from __future__ import annotations

import logging

from flask import jsonify, render_template, request
from flask_babel import format_number
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from .i18n import _l
from .signing import LinkError

log = logging.getLogger(__name__)

#: Seconds a client is asked to wait when the database cannot be reached.
RETRY_AFTER = 30


class PbemError(Exception):
    """Base of the domain errors a person can act on; ``status`` is the HTTP answer."""

    status = 400
    code = "error"
    #: More of the API's error body beside ``error`` and ``code`` (a refused move's
    #: ``refusal``), for a program to act on.
    details: dict = {}

    def __init__(self, message: str, code: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        self.code = code or self.code
        self.status = status or self.status


#: Where every answer, errors included, is JSON (``pbem.api``): ``{"error": ..., "code": ...}``.
API_PREFIX = "/api/"


def _is_api() -> bool:
    return request.path.startswith(API_PREFIX)


def api_error(status: int, message: str, code: str, details: dict | None = None):
    """The API's error body (``details`` beside ``error`` and ``code``); a 401 names the scheme
    it wants (RFC 6750)."""
    response = jsonify(error=message, code=code, **(details or {}))
    response.status_code = status
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="pbem"'
    return response


def _page(status: int, title: str, message: str, onward: tuple[str, str, dict] | None = None):
    return render_template("errors/error.html", title=title, message=message,
                           onward=onward), status


#: The usual HTTP errors' names and default explanations, translated (a page that gives its
#: own explanation keeps it).
_HTTP_WORDS = {
    400: (_l("Bad Request"), _l("The request could not be understood.")),
    403: (_l("Forbidden"), _l("You do not have permission to see this page.")),
    404: (_l("Not Found"), _l("There is no such page here. If you typed the address, check "
                              "it; a link may be out of date.")),
    405: (_l("Method Not Allowed"), _l("This address does not take that kind of request.")),
    409: (_l("Conflict"), None),
    410: (_l("Gone"), _l("This page is gone.")),
    415: (_l("Unsupported Media Type"), None),
    422: (_l("Unprocessable Content"), None),
    429: (_l("Too Many Requests"), _l("Too many requests: please wait a little and try "
                                      "again.")),
}


def register(app) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if _is_api():
            code = "too-large" if exc.code == 413 else (
                (exc.name or "error").lower().replace(" ", "-").replace("'", ""))
            return api_error(exc.code or 500, exc.description or exc.name, code)
        if exc.code == 413:
            limit = app.config["MAX_CONTENT_LENGTH"]
            if limit:
                message = _("That request was larger than this site accepts (at most "
                            "%(size)s KB).", size=format_number(limit // 1024))
            else:
                message = _("That request was larger than this site accepts.")
            return _page(413, _("Too large"), message)
        name, default = _HTTP_WORDS.get(exc.code, (None, None))
        described = exc.description != type(exc).description  # a page's own words
        return _page(exc.code or 500, name or exc.name,
                     exc.description if described or default is None else default)

    @app.errorhandler(CSRFError)
    def csrf_error(exc: CSRFError):
        if _is_api():
            return api_error(400, "The request was refused.", "bad-request")
        message = _("The form was missing its security token or it had expired. "
                    "Go back, reload the page and try again.")
        return _page(400, _("Form expired"), message)

    @app.errorhandler(LinkError)
    def link_error(exc: LinkError):
        if _is_api():
            return api_error(exc.status, exc.message, "bad-link")
        return _page(exc.status, _("Link not usable"), exc.message, exc.onward)

    @app.errorhandler(PbemError)
    def domain_error(exc: PbemError):
        if _is_api():
            return api_error(exc.status, exc.message, exc.code, exc.details)
        return _page(exc.status, _("Cannot do that"), exc.message)

    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    @app.errorhandler(PoolTimeout)
    def database_unavailable(exc: Exception):
        """The database down, restarting or out of connections: nothing was done, and trying
        again shortly will do. The page must not need the database itself."""
        log.error("the database is unavailable on %s %s: %s", request.method, request.path,
                  type(exc).__name__)
        from .work import discard

        try:
            discard()  # the request's unit ends here, whatever its method
        except Exception:  # noqa: BLE001 - the connection itself may be what failed
            pass
        title, message = (_("Try again shortly"), _("The site cannot reach its database just "
                          "now; nothing was changed. Please try again in a minute."))
        try:
            body, status = _page(503, title, message)
        except Exception:  # noqa: BLE001 - the page's own layout needed the database
            body, status = f"{title}\n\n{message}\n", 503
        return body, status, {"Retry-After": str(RETRY_AFTER)}

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        if _is_api():
            return api_error(500, "Something went wrong on our side.", "internal")
        return _page(500, _("Internal Server Error"), _("Something went wrong on our side."))
