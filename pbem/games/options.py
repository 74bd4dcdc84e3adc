"""Game options: how a game declares its variants, and how a form's or a record's strings
become their native values (and back). Standard library only, like all of ``pbem.games``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class InvalidOptions(ValueError):
    """Options or a player count a game does not allow; the message names the problem."""


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a game: its allowed values (native Python values) and default.

    A free-form option (``choices`` empty, e.g. a layout string) has a ``parser`` that
    returns the canonical value or raises ``ValueError`` with a message. ``None`` as the
    default of a free-form option means "not set".
    """

    name: str
    default: Any
    choices: tuple = ()
    help: str = ""
    parser: Callable[[str], Any] | None = field(default=None, compare=False)

    def parse(self, value: Any) -> Any:
        """Turn a string from a form or record (or a native value) into the native value."""
        if self.choices:
            for choice in self.choices:
                if _same_value(choice, value):
                    return choice
            allowed = ", ".join(format_option_value(c) for c in self.choices)
            raise InvalidOptions(
                f"option {self.name!r} cannot be {value!r}; allowed: {allowed}"
            )
        if value is None or value == "":
            return self.default
        try:
            return self.parser(str(value)) if self.parser else str(value)
        except ValueError as exc:
            raise InvalidOptions(f"option {self.name!r}: {exc}") from None

    def as_dict(self) -> dict:
        """A JSON-safe description, for forms and documentation."""
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "help": self.help,
        }


def _same_value(choice: Any, value: Any) -> bool:
    if isinstance(choice, bool):
        if isinstance(value, bool):
            return value is choice
        if isinstance(value, str):
            word = value.strip().lower()
            return word in (_TRUE if choice else _FALSE)
        return False
    if isinstance(choice, int):
        if isinstance(value, bool):
            return False
        if isinstance(value, int):
            return value == choice
        if isinstance(value, str):
            return value.strip() == str(choice)
        return False
    return isinstance(value, str) and value.strip().lower() == str(choice).lower()


def format_option_value(value: Any) -> str:
    """The string form of an option value, as records and forms write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def parse_options(game: str, declared: tuple[Option, ...], options: dict | None) -> dict:
    """The native value of every ``declared`` option of ``game``: as given, else its default.

    :raises InvalidOptions: an option ``game`` does not have, or a value it does not allow.
    """
    given = dict(options or {})
    known = {opt.name for opt in declared}
    unknown = sorted(set(given) - known)
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise InvalidOptions(f"{game} has no option {unknown[0]!r} (its options: {names})")
    return {
        opt.name: opt.parse(given[opt.name]) if opt.name in given else opt.default
        for opt in declared
    }

