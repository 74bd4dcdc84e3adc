"""The API's blueprint and what its routes share: the query error, the rules' refusal as the
API's error, and the reading of a page cursor. The routes are in ``views`` (the document, the
account, the events), ``game_views`` and ``challenge_views``."""

from __future__ import annotations

from flask import Blueprint

from ..core.errors import PbemError
from ..core.extensions import csrf
from ..core.validators import BadNumber, whole_number
from ..games import IllegalMove

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)  # a bearer token, never a cookie, authorises every write here


class BadQuery(PbemError):
    """A query string the API cannot read (400)."""

    status, code = 400, "bad-query"


def refused(exc: IllegalMove, status: int = 422) -> PbemError:
    """The rules' refusal as the API's error: its English reason and code, and the refusal's
    stable key and parameters (``Refusal`` in the document), to say it in another language."""
    error = PbemError(exc.reason, exc.code, status)
    if exc.key is not None:
        error.details = {"refusal": {"key": exc.key, "params": exc.params, "step": exc.step,
                                     "ply": exc.ply}}
    return error


def cursor_number(text: str, name: str) -> int:
    """The whole number a cursor ``name`` holds. :raises BadQuery: anything else."""
    try:
        return whole_number(text, 0, 2**62, name)
    except BadNumber:
        raise BadQuery(f"{name} takes the cursor of the previous page.") from None

