"""The long bots bench keeps each cell's games as they are played and goes on from them."""

from __future__ import annotations

import json

import pytest

from bench import bench_bots_long as long_bench
from pbem.games import get_rules


@pytest.fixture
def cells(tmp_path, monkeypatch):
    monkeypatch.setattr(long_bench, "CELLS", tmp_path)
    return tmp_path


def test_a_stopped_cell_goes_on_from_its_last_game(cells):
    rules = get_rules("pylon")
    label = "pylon 2p: level 1 vs random"
    long_bench.cell(rules, 2, 1, None, 2, label)
    first = json.loads(next(cells.glob("*.json")).read_text())
    assert (first["games"], first["complete"]) == (2, True)
    whole = long_bench.cell(rules, 2, 1, None, 3, label)  # one game more, the two kept
    assert whole["games"] == 3 and whole["shares"][:2] == first["shares"]
    assert whole["cpu"][:2] == first["cpu"]  # not played again
    assert whole == {key: value for key, value in
                     json.loads(next(cells.glob("*.json")).read_text()).items()
                     if key not in ("label", "saved")}


def test_other_code_starts_the_cell_again(cells, monkeypatch):
    rules = get_rules("pylon")
    label = "pylon 2p: level 1 vs random"
    long_bench.cell(rules, 2, 1, None, 2, label)
    monkeypatch.setattr(long_bench, "fingerprint", lambda: "other code")
    again = long_bench.cell(rules, 2, 1, None, 1, label)  # its two games are not kept
    assert (again["code"], again["games"]) == ("other code", 1)
