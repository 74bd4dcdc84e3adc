"""Static file URLs that change when the file does (``/static/style.css?v=<digest>``), so
browsers may keep them for a year (here and in ``deploy/nginx.conf``) and still fetch a new
release, or a file edited in development, at once."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Flask, current_app

#: How long browsers may keep a static file.
ONE_YEAR = 365 * 24 * 3600


def register(app: Flask) -> None:
    app.url_defaults(_versioned)
    if app.config["SEND_FILE_MAX_AGE_DEFAULT"] is None:
        app.config["SEND_FILE_MAX_AGE_DEFAULT"] = ONE_YEAR


def _versioned(endpoint: str, values: dict) -> None:
    if endpoint == "static" and "filename" in values:
        values.setdefault("v", digest(Path(current_app.static_folder) / values["filename"]))


def digest(path: Path) -> str:
    """The first hex digits of the file's SHA-256, read again only when the file changes."""
    try:
        changed = path.stat().st_mtime_ns
    except OSError:
        return "0"
    return _sha256(path, changed)


@lru_cache(maxsize=64)
def _sha256(path: Path, _changed: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]
