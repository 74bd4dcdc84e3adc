"""Compiled templates kept between processes, in the instance folder.

A command run once per message (``ingest-mail`` from an MTA's pipe) would otherwise compile
every template it renders from source each time, a tenth of its cost. Jinja checks each
cached entry against its template's source and its own version, so an edited template is
compiled again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from jinja2 import FileSystemBytecodeCache


class TemplateCache(FileSystemBytecodeCache):
    """A bytecode cache that is only ever an optimisation: a folder it cannot write to (a
    process run as another user, a full disk) costs the compilation, never the page or the
    message being rendered."""

    def load_bytecode(self, bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except OSError:
            pass

    def dump_bytecode(self, bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def template_cache(instance_path: str, compiled_with: str = "") -> TemplateCache | None:
    """The cache in ``<instance>/template-cache/<digest>``, one folder per ``compiled_with``:
    the Jinja settings that change a template's compiled code (a ``finalize``), which Jinja's
    own check of each entry does not see, so that code compiled under other settings (an
    earlier release's, kept in the same instance folder) is never run. ``None`` when the
    folder cannot be made."""
    digest = hashlib.sha256(compiled_with.encode()).hexdigest()[:12]
    folder = Path(instance_path) / "template-cache" / digest
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return TemplateCache(str(folder))
