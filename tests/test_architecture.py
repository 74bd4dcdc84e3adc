"""The shape of the server, read from its source: which package may import which
(shared/DESIGN.md, "Domains and how they talk"), no cycle among packages however indirect, and
pure parts that import neither Flask nor SQLAlchemy."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
import rustworkx as rx

import pbem

PACKAGE = Path(pbem.__file__).parent



def _logic_modules():
    """Every module of every domain's ``logic`` subpackage."""
    for path in sorted(PACKAGE.glob("*/logic/**/*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: Modules that must run without Flask, SQLAlchemy or a database: the rules, the bots and every
#: domain's pure part, its ``logic`` subpackage (``now`` is passed in); and the MTA's pipe, a
#: process per message (issue #17).
PURE = [
    "pbem.games", *(["pbem.bots"] if (PACKAGE / "bots").is_dir() else []), *_logic_modules(),
    "pbem.tournaments", "pbem.mail.inbound", "pbem.mail.reply",
    "pbem.cli", "pbem.cli.pipe", "pbem.mail.spool", "pbem.core.config",
]
WEB_AND_DATABASE = {"flask", "sqlalchemy", "flask_sqlalchemy", "flask_mail", "flask_wtf",
                    "werkzeug", "psycopg"}

#: What each package may import besides the core (``pbem.core``), where DESIGN.md says.
ALLOWED = {
    "core": set(),
    "games": set(),
    "bots": {"games"},
    "accounts": {"mail"},
    "mail": set(),
    "play": {"accounts", "games"},
    "notifications": {"accounts", "mail"},
    # The JSON API sits above play, beside the reacting domains (it reads the lobby's).
    "api": {"accounts", "play", "games", "challenges"},
    # Push notifications: beside mail, told by the mail sender when a message went.
    "push": {"accounts", "mail"},
    # The thinking tools (issue #30) sit above play, beside the reacting domains.
    "analysis": {"play", "accounts", "games"},
    "conditional": {"play", "accounts", "notifications", "mail", "games"},
    "notes": {"play", "accounts"},
}


def package_imports() -> dict[str, set[str]]:
    """Package -> the packages it imports (module-level and function-level imports alike)."""
    imports: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if len(parts) < 2:  # the top-level modules (app factory, models list, tick) sit on top
            continue
        source = parts[0]
        imports.setdefault(source, set())
        package = ["pbem", *parts[:-1]]  # the package a relative import starts from
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[:len(package) - node.level + 1]
                names = [".".join(base + ([node.module] if node.module else []))]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                target = name.split(".")
                if len(target) > 1 and target[0] == "pbem" and target[1] != source \
                        and (PACKAGE / target[1]).is_dir():
                    imports[source].add(target[1])
    return imports


def test_no_package_imports_another_that_imports_it_back():
    imports = package_imports()
    graph = rx.PyDiGraph()
    names = sorted(imports.keys() | set().union(*imports.values()))
    index = {name: graph.add_node(name) for name in names}
    graph.add_edges_from_no_data([(index[a], index[b]) for a, bs in imports.items() for b in bs])
    cycles = [sorted(names[i] for i in c) for c in rx.strongly_connected_components(graph)
              if len(c) > 1]
    assert cycles == []


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_packages_import_only_what_the_design_allows(package):
    imported = package_imports().get(package, set())
    assert imported - ALLOWED[package] - {"core"} == set()


def test_the_pure_parts_import_no_web_or_database_library():
    code = (
        f"import sys, {', '.join(PURE)}; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {WEB_AND_DATABASE!r}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
