"""Queries are calls: what play asks the clocks is answered by callables handed over at
start-up (``pbem.play.ports``), and with nobody answering play still works, without clocks."""

from __future__ import annotations

import pytest

from pbem.play import ports


@pytest.fixture
def nobody_answers(monkeypatch):
    monkeypatch.setattr(ports, "_time_control_reader", None)
    monkeypatch.setattr(ports, "_time_ran_out", None)
    monkeypatch.setattr(ports, "_page_parts", {})


def test_with_nobody_answering_a_game_has_no_clock_and_nothing_raises(nobody_answers):
    assert ports.time_control_text(None) == ports.time_control_text("") == "none"
    assert ports.time_control_text("none") == "none"
    with pytest.raises(ValueError, match="no clocks"):
        ports.time_control_text("3d/move")
    assert ports.page_context(object(), None, None) == {}
    assert ports.time_ran_out(object(), 0, None) is None


def test_the_clocks_answer_once_the_app_is_built(app):
    assert ports.time_control_text("3d/move") == "3d/move"
    with pytest.raises(ValueError):
        ports.time_control_text("3 fortnights")
    assert {"clocks", "ratings"} <= set(ports._page_parts)
