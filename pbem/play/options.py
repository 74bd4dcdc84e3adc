"""A game's options as readers see them: only those changed from the game's defaults, in
words (``Start: quick``, ``Final collect: no``) rather than as ``start=quick``."""

from __future__ import annotations

from ..games.base import format_option_value

_WORDS = {True: "yes", False: "no"}


def changed_options(rules, options: dict) -> list[tuple[str, str]]:
    """``[(label, value), …]`` of the options whose value is not the default, in the game's
    order of options."""
    changed = []
    for option in rules.options:
        value = options.get(option.name, option.default)
        if value != option.default:
            shown = _WORDS[value] if isinstance(value, bool) else format_option_value(value)
            changed.append((option.name.replace("_", " ").capitalize(),
                            shown.replace("_", " ") if option.choices else shown))
    return changed
