"""The README's architecture map matches the code: it names every package and no other, and its
table of events lists exactly who subscribes to what, read from the ``subscriptions`` modules.

Run as a script (``python tests/test_readme_map.py``) it prints that table from the code."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pbem"
README = ROOT / "README.md"


def packages() -> set[str]:
    """Every package of pbem (a folder with an ``__init__.py``)."""
    return {path.parent.name for path in PACKAGE.glob("*/__init__.py")}


def _map_block() -> str:
    """The code block that follows the README's "## Architecture" heading."""
    section = README.read_text().split("\n## Architecture\n", 1)[1]
    return section.split("```", 2)[1]


def mapped_packages() -> set[str]:
    """The packages the map names: the ``name/`` folders in the left column of its lines
    (continuation lines, indented, describe; they name no package)."""
    names = set()
    for line in _map_block().splitlines():
        if line and not line[0].isspace():
            left = re.split(r"\s{3,}", line)[0]
            names |= set(re.findall(r"(?<![\w/.])(\w+)/(?!\w)", left))
    return names


def subscriptions_in_code() -> dict[str, set[str]]:
    """Signal -> the packages whose ``subscriptions`` module connects a receiver to it
    (``<signal>.connect(...)`` or ``<module>.<signal>.connect(...)``)."""
    subscribers = defaultdict(set)
    for path in sorted(PACKAGE.glob("*/subscriptions.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "connect"):
                target = node.func.value
                signal = target.attr if isinstance(target, ast.Attribute) else target.id
                subscribers[signal].add(path.parent.name)
    return dict(subscribers)


def subscriptions_in_readme() -> dict[str, set[str]]:
    """Signal -> subscribers, from the README's table under "Events and who subscribes": the
    first column names the signals in backticks, the second the packages, each followed by
    what it does in parentheses."""
    text = README.read_text().split("**Events and who subscribes**", 1)[1]
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", text.split("\n\n", 2)[1], re.MULTILINE)
    table = {}
    for events, subscribers in rows[2:]:  # after the header and its rule
        names = {name.strip() for name in re.sub(r"\([^)]*\)", "", subscribers).split(",")}
        for signal in re.findall(r"`(\w+)`", events):
            table[signal] = names
    return table


def test_the_map_names_every_package_and_no_other():
    assert mapped_packages() == packages()


def test_the_events_table_lists_who_subscribes_to_what():
    assert subscriptions_in_readme() == subscriptions_in_code()


if __name__ == "__main__":
    for signal, names in sorted(subscriptions_in_code().items()):
        print(f"| `{signal}` | {', '.join(sorted(names))} |")
