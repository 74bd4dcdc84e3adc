"""Fixtures of the play tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def page(browser_page):
    """The browser page, watched: a script error or anything the Content-Security-Policy
    refuses is an error of the test."""
    problems = []
    browser_page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    browser_page.on("console", lambda message: message.text.startswith("Refused")
                    and problems.append(message.text))
    yield browser_page
    assert problems == []
