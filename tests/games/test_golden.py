"""The golden playthroughs (``golden.py``): every stored game replays exactly."""

from __future__ import annotations

import pytest

from .golden import cases, path, record


@pytest.mark.parametrize(
    ("rules", "players"), [pytest.param(r, n, id=f"{r.slug}-{n}p") for r, n in cases()]
)
def test_golden_playthrough_replays_exactly(rules, players):
    stored = path(rules, players).read_text().splitlines()
    played = record(rules, players)
    for number, (want, got) in enumerate(zip(stored, played, strict=False)):
        assert got == want, (
            f"{rules.slug} {players}p differs at line {number + 1}: stored {want!r}, "
            f"played {got!r}; if the rules changed on purpose, run python -m tests.games.golden"
        )
    assert len(played) == len(stored)
