"""The exception family of ``pbem.clocks``.

Every error is a ``ValueError`` whose message a player can act on, with a stable ``code``
for programs and tests, so one app-wide handler can turn any of them into a form error.
"""

from __future__ import annotations


class ClockError(ValueError):
    """Bad input to the clock or vacation logic; nothing was changed."""

    def __init__(self, message: str, code: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        #: The form field at fault, when there is one.
        self.field = field


class InvalidTimeControl(ClockError):
    """A time control that cannot be parsed or is out of range (codes ``syntax``, ``range``)."""


class InvalidVacation(ClockError):
    """A vacation request refused (``syntax``, ``length``, ``past``, ``horizon``,
    ``overlap``, ``allowance``)."""


class TimeExpired(ClockError):
    """A turn ended after its clock had run out (code ``timeout``): apply the timeout instead."""
