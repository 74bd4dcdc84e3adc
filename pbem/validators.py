"""Form validators shared by every domain's forms."""

from __future__ import annotations

from wtforms.validators import ValidationError


class Between:
    """A whole number from ``low`` to ``high``: WTForms' ``NumberRange`` converts to float and
    raises, rather than refuses, a number too large for one."""

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def __call__(self, form, field):
        if field.data is not None and not self.low <= field.data <= self.high:
            raise ValidationError(f"Enter a whole number from {self.low} to {self.high}.")
