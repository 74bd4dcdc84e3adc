"""The one wrapper every API view goes through, and the reading of a request's JSON body.

An API call is one unit of work: :func:`api_view` authenticates the bearer token (its use and
rate-limit count are kept even when the call is refused), checks the scope, runs the view and
commits once at the end, rolling back on any exception. Views, services and a move's own
command (``pbem.play.commands``, whose race guard is inside) only flush.
"""

from __future__ import annotations

import json
from functools import wraps

from flask import current_app, g, request

from ..core.errors import PbemError
from ..core.work import keep_on_error, unit_of_work
from . import tokens


class BadBody(PbemError):
    status, code = 422, "bad-body"


class TooLarge(PbemError):
    status, code = 413, "too-large"


class BadJson(PbemError):
    status, code = 400, "bad-json"


def api_view(scope: str):
    """Decorate an API view needing ``scope``: ``g.api_token`` and ``g.api_player`` are set
    for it, and the call is one unit of work (``pbem.core.work``, the API's kind): its work and
    the token's use commit together once it returns. A call that fails is rolled back, and its
    use alone is then counted in a unit of its own: refused requests count too."""
    def decorate(view):
        @wraps(view)
        def wrapped(**kwargs):
            token_id = None
            try:
                with unit_of_work("api"):
                    try:
                        token = tokens.authenticate(request.headers.get("Authorization"))
                    except tokens.TokenLimited:
                        keep_on_error()  # the refused request counted
                        raise
                    token_id = token.id
                    tokens.require(token, scope)
                    g.api_token, g.api_player = token, token.player
                    return view(**kwargs)
            except BaseException:
                if token_id is not None:
                    with unit_of_work("api"):
                        tokens.count_use(token_id)
                raise

        wrapped.api_scope = scope
        wrapped.pbem_unit_of_work = True  # its own unit, not the request's (see above)
        return wrapped

    return decorate


def body(required: dict[str, type], optional: dict[str, type] | None = None,
         most: int | None = None) -> dict:
    """The request's JSON object, with exactly these fields of these types (``int`` means a
    whole number from 0 to 10⁹, never a boolean; ``str`` at most 2,000 characters), from a
    body of at most ``most`` bytes (default: ``API_MAX_BODY``).

    :raises BadJson: not JSON (400). :raises BadBody: not an object, a field missing, unknown
        or of the wrong type (422). Too large a body is a 413 before it is read.
    """
    most = most or current_app.config["API_MAX_BODY"]
    if (request.content_length or 0) > most:
        raise TooLarge(f"The body is larger than the {most} bytes the API reads.")
    raw = request.get_data(cache=True)  # the site's own limit caps a body sent without length
    if len(raw) > most:
        raise TooLarge(f"The body is larger than the {most} bytes the API reads.")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise BadJson("The body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise BadBody("The body must be a JSON object.")
    optional = optional or {}
    unknown = sorted(set(data) - set(required) - set(optional))
    if unknown:
        raise BadBody(f"Unknown field {unknown[0][:40]!r}; this takes "
                      f"{', '.join(sorted({*required, *optional}))}.", "unknown-field")
    for name in required:
        if name not in data:
            raise BadBody(f"The field {name!r} is missing.", "missing-field")
    for name, kind in {**required, **optional}.items():
        if name in data and not _fits(data[name], kind):
            what = _KINDS.get(kind, kind.__name__)
            raise BadBody(f"The field {name!r} must be {what}.", "wrong-type")
    return data


_KINDS = {int: "a whole number from 0", str: "a string of up to 2,000 characters",
          list: "a list", dict: "an object", bool: "true or false"}


def _fits(value, kind: type) -> bool:
    if kind is int:
        return type(value) is int and 0 <= value <= 10**9
    if kind is str:
        return isinstance(value, str) and len(value) <= 2000 and "\x00" not in value
    return isinstance(value, kind)
