"""Werkzeug's URL builders, compiled once per test process instead of once per app.

Adding a rule to an app's URL map makes Werkzeug write two builder functions for it (Python
built with ``ast`` and ``compile``): nine tenths of the CPU an app of this project takes to
build, and the tests build an app for nearly every test. A builder is a pure function of the
rule's parsed parts and the names of its defaults (it reaches the rule's converters through
the rule it is bound to), so a builder compiled for one app serves the same rule in the next.
Rules whose defaults fill one of their own variables (the default is turned into text by the
rule's converter while compiling) are compiled as before. Only the tests install this: the
server compiles its rules once at start-up.
"""

from __future__ import annotations

from werkzeug.routing import Rule

_original = Rule._compile_builder
_compiled: dict[tuple, object] = {}


def _key(rule: Rule, append_unknown: bool) -> tuple | None:
    """What the builder's code depends on, or None when it also depends on a converter."""
    defaults = rule.defaults or {}
    if any(is_dynamic and name in defaults for is_dynamic, name in rule._trace):
        return None
    return rule.rule, tuple(rule._trace), tuple(defaults), append_unknown


def _compile_builder(self: Rule, append_unknown: bool = True):
    key = _key(self, append_unknown)
    if key is None:
        return _original(self, append_unknown)
    if key not in _compiled:
        _compiled[key] = _original(self, append_unknown)
    return _compiled[key]


def install() -> None:
    """Keep the builders compiled in this process (see the module's docstring)."""
    Rule._compile_builder = _compile_builder


def compile_afresh(rule: Rule, append_unknown: bool) -> object:
    """The builder Werkzeug itself compiles for ``rule`` (for the test of this module)."""
    return _original(rule, append_unknown)
