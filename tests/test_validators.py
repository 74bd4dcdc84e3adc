"""The shared readers of numbers and dates: ASCII digits only, bounded before conversion."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from pbem.core.validators import BadNumber, decimal_number, iso_date, whole_number

OTHER_SCRIPTS = ["\u00b2", "\u2462", "\u0663", "\uff13", "\u0968"]  # ² ③ ٣ ３ ३


def test_whole_numbers_in_bounds():
    assert whole_number(" 07 ", 0, 23, "hour") == 7
    assert whole_number("0", 0, 0, "ply") == 0


@pytest.mark.parametrize("text", [*OTHER_SCRIPTS, "", " ", "-1", "+1", "1.0", "1e3", "24",
                                  "9" * 19, "9" * 5000, "1_0", "0x1", None])
def test_whole_numbers_refused(text):
    with pytest.raises(BadNumber, match="hour: .* is not a whole number from 0 to 23"):
        whole_number(text, 0, 23, "hour")


def test_decimal_numbers():
    assert decimal_number("1.5", 10, "days") == Decimal("1.5")
    assert decimal_number(" 10 ", 10, "days") == 10
    for text in [*OTHER_SCRIPTS, "1e999990", "1e20", "1E2", "nan", "inf", "-1", ".5", "1.",
                 "10.01", "1" * 5000]:
        with pytest.raises(BadNumber, match="days: .* is not a number from 0 to 10"):
            decimal_number(text, 10, "days")


def test_dates():
    assert iso_date(" 2026-07-14 ", "start") == date(2026, 7, 14)
    for text in ["9999-12-31", "0001-01-01", "2026-02-30", "2026-7-14", "20260714",
                 "\u0662\u0660\u0662\u0666-\u0660\u0667-\u0661\u0664", "2026-07-14T00:00"]:
        with pytest.raises(BadNumber, match="start: .* is not a date from 1970-01-01 to "
                                            "2999-12-31 written YYYY-MM-DD"):
            iso_date(text, "start")
    assert iso_date("2026-07-14", "start", latest=date(2026, 7, 14))
    with pytest.raises(BadNumber, match="to 2026-07-13"):
        iso_date("2026-07-14", "start", latest=date(2026, 7, 13))
