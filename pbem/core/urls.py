"""URLs: the converter of the ids in routes, and absolute URLs for mail and the console,
built from ``BASE_URL`` rather than a request, so a link made by a CLI command or behind a
proxy points at the public site."""

from __future__ import annotations

from flask import current_app
from werkzeug.routing import IntegerConverter

from .db import MAX_INT


class IdConverter(IntegerConverter):
    """``<int:…>`` in this app's URLs: a number no row can have is a 404, not a query that the
    database refuses with an error."""

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", MAX_INT)
        super().__init__(map, *args, **kwargs)


def external_url(endpoint: str, **values) -> str:
    adapter = current_app.url_map.bind("pbem")
    return current_app.config["BASE_URL"].rstrip("/") + adapter.build(endpoint, values)
