"""Absolute URLs for mail and the console, built from ``BASE_URL`` rather than a request,
so a link made by a CLI command or behind a proxy points at the public site."""

from __future__ import annotations

from flask import current_app


def external_url(endpoint: str, **values) -> str:
    adapter = current_app.url_map.bind("pbem")
    return current_app.config["BASE_URL"].rstrip("/") + adapter.build(endpoint, values)
