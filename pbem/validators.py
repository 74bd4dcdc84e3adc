"""Validation shared by every domain: form validators, and what no name may contain."""

from __future__ import annotations

import re

from wtforms.validators import ValidationError

#: Characters no name may hold (display names, tournament names): they go into email subjects
#: and one-line titles, where they would show as nothing or break the line.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class Between:
    """A whole number from ``low`` to ``high``: WTForms' ``NumberRange`` converts to float and
    raises, rather than refuses, a number too large for one."""

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def __call__(self, form, field):
        if field.data is not None and not self.low <= field.data <= self.high:
            raise ValidationError(f"Enter a whole number from {self.low} to {self.high}.")
