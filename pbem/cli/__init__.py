"""The ``pbem`` console script. The commands themselves are in :mod:`.commands`
(``flask --app pbem pbem <command>`` reaches them through the app)."""

from __future__ import annotations

import sys


def main() -> None:
    """Run the command named on the command line.

    ``pbem ingest-mail`` reading standard input is an MTA's pipe, started once per message: it
    is dispatched before click and Flask are imported (:mod:`.pipe`, the standard library
    only). Every other command builds the app.
    """
    if sys.argv[1:] == ["ingest-mail"]:
        try:
            from .pipe import main as pipe
        except BaseException:  # noqa: BLE001 - an install half upgraded: the MTA keeps the mail
            print("failed: pbem does not load; try again later")
            sys.exit(75)
        sys.exit(pipe())
    from .commands import run

    run()
