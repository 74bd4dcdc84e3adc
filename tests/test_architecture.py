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

#: What each package may import besides the core (``pbem.core``) and the standard library:
#: the table of shared/DESIGN.md ("Domains and how they talk"), every package a row.
ANYTHING = None
ALLOWED = {
    "core": set(),
    "games": set(),
    "bots": {"games"},
    "mail": set(),
    "accounts": {"mail"},
    "play": {"accounts", "games"},
    "notifications": {"accounts", "mail"},
    "clocks": {"play", "accounts", "notifications", "mail"},
    "correspondence": {"play", "clocks", "accounts", "notifications", "mail", "games"},
    "tournaments": {"play", "clocks", "accounts", "notifications", "games"},
    "ratings": {"play", "tournaments", "accounts"},
    "archive": {"play", "ratings", "tournaments", "accounts", "games"},
    "challenges": {"play", "ratings", "accounts", "games"},
    "botplay": {"bots", "play", "accounts", "games"},
    "ops": {"mail"},
    # the top: app factory, blueprint registration, shared pages, commands
    "web": ANYTHING, "admin": ANYTHING, "cli": ANYTHING,
    # The JSON API sits above play, beside the reacting domains (it reads the lobby's, and
    # keeps conditional moves through their service).
    "api": {"accounts", "play", "games", "challenges", "conditional"},
    # Push notifications: beside mail, told by the mail sender when a message went.
    "push": {"accounts", "mail"},
    # The thinking tools (issue #30) sit above play, beside the reacting domains.
    "analysis": {"play", "accounts", "games"},
    "conditional": {"play", "accounts", "notifications", "mail", "games"},
    "notes": {"play", "accounts"},
}
#: The top-level modules, which sit on top (the table's last row) and may import anything.
TOP_MODULES = {"__init__", "app", "tick", "models", "wsgi"}
#: Folders of the package that hold no Python (the player-facing rules text, static files, the
#: message catalogues).
NOT_PACKAGES = {"rules", "static", "templates", "migrations", "translations", "__pycache__"}


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


@pytest.fixture(scope="module")
def imports() -> dict[str, frozenset[str]]:
    """:func:`package_imports`, read once for the module's tests (a third of a second)."""
    return {package: frozenset(found) for package, found in package_imports().items()}


def test_no_package_imports_another_that_imports_it_back(imports):
    graph = rx.PyDiGraph()
    names = sorted(imports.keys() | set().union(*imports.values()))
    index = {name: graph.add_node(name) for name in names}
    graph.add_edges_from_no_data([(index[a], index[b]) for a, bs in imports.items() for b in bs])
    cycles = [sorted(names[i] for i in c) for c in rx.strongly_connected_components(graph)
              if len(c) > 1]
    assert cycles == []


@pytest.mark.parametrize("package", sorted(p for p, row in ALLOWED.items() if row is not None))
def test_packages_import_only_what_the_design_allows(package, imports):
    imported = imports.get(package, frozenset())
    assert imported - ALLOWED[package] - {"core"} == set(), (
        f"pbem.{package} imports what its row of DESIGN.md's table does not allow; change the "
        "code (a read port, a callable handed over at start-up) or propose the row's change")


def test_every_package_and_top_level_module_has_its_row():
    """A new package (or top-level module) gets its row in DESIGN.md's table, and here."""
    packages = {path.name for path in PACKAGE.iterdir()
                if path.is_dir() and path.name not in NOT_PACKAGES}
    assert packages == set(ALLOWED), "give the new package its row (DESIGN.md and ALLOWED)"
    modules = {path.stem for path in PACKAGE.glob("*.py")}
    assert modules <= TOP_MODULES, "a new top-level module: put it in a package, or a row"


def _imported_names(path: Path) -> list[str]:
    """Every module name ``path`` imports (absolute, or resolved if relative)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = list(parts[:-1])
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[:len(package) - node.level + 1]
            module = ".".join(base + ([node.module] if node.module else []))
            names += [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names += [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


def test_nothing_outside_the_games_imports_a_game_s_internals():
    """Other code reaches a game through the registry and the protocol (``pbem.games``,
    ``pbem.games.base`` and the shared modules beside it); the bots' per-game knowledge
    through the documented hook ``pbem.games.engine(slug)``."""
    games = {path.name for path in (PACKAGE / "games").iterdir()
             if (path / "__init__.py").is_file()}
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "games") in path.parents:
            continue
        for name in _imported_names(path):
            parts = name.split(".")
            if parts[:2] == ["pbem", "games"] and len(parts) > 2 and parts[2] in games:
                offenders.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert offenders == []


def test_migrations_import_nothing_of_the_app():
    """Each revision is self-contained: its result never changes with today's code."""
    folder = PACKAGE.parent / "migrations"
    if not folder.is_dir():
        folder = PACKAGE / "migrations"
    offenders = [f"{path.name} imports {name}" for path in sorted(folder.rglob("*.py"))
                 for name in _migration_imports(path) if name.split(".")[0] == "pbem"]
    assert offenders == []


def _migration_imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names.append("pbem" if node.level else node.module or "")
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


def test_the_pure_parts_import_no_web_or_database_library():
    code = (
        f"import sys, {', '.join(PURE)}; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {WEB_AND_DATABASE!r}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


#: The one module that commits and rolls back: the units of work of every entry point.
UNIT_OF_WORK = "pbem/core/work.py"
HOW_TO_COMMIT = f"""\
views, services and receivers never commit or roll back: the entry point's wrapper does
({UNIT_OF_WORK}). Delete the call and use the wrapper of its kind:
- a view: nothing to add. Every view is wrapped by work.request_view: a POST answering below
  400 commits at its end; an exception or an error answer (status >= 400) rolls back.
- a CLI command: nothing to add. pbem.cli wraps every command in work.cli_command; a command
  that loops is marked @runs_units and opens `with unit_of_work("tick"):` per item.
- a tick task, a bot's turn, a delivery: `with unit_of_work("tick" | "bot" | "mail"):` around
  one item (or `@unit_of_work("tick")` on the function doing one item).
- an ingested email: pbem.mail.handoff.hand_over (and correspondence.ingest.ingest_bytes).
- undoing part of a unit and going on: `with work.savepoint():`; a lost race: the play
  commands' race guard (work.race_guard).
Offending calls:"""


def test_only_the_units_of_work_commit_or_roll_back():
    """58 call sites in 24 files once; now one module (``pbem.core.work``)."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE.parent).as_posix()
        if where == UNIT_OF_WORK:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("commit", "rollback"):
                offenders.append(f"  {where}:{node.lineno} calls .{node.func.attr}()")
    assert not offenders, "\n".join([HOW_TO_COMMIT, *offenders])
