"""``pbem.clocks``'s logic stays pure: no web or database imports, no reading of the clock.
The stored side (models, service, tick, views...) lives beside it and is not checked here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pbem.clocks.logic

PACKAGE = Path(pbem.clocks.logic.__file__).parent
PURE = ["__init__", "calendar", "display", "durations", "errors", "reminders",
        "timecontrol", "vacation"]


def test_importing_the_clocks_pulls_in_no_flask_or_database():
    modules = ", ".join(f"pbem.clocks.logic.{name}" for name in PURE if name != "__init__")
    code = (
        f"import sys, {modules}; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'flask', 'sqlalchemy', 'flask_sqlalchemy', 'psycopg', 'flask_mail'}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_no_module_reads_the_clock():
    """Time is injected: the logic takes ``now`` and never asks for it."""
    reads = re.compile(r"\.now\(|utcnow|today\(\)|time\.time\(|monotonic\(")
    offenders = [n for n in PURE if reads.search((PACKAGE / f"{n}.py").read_text())]
    assert offenders == []
