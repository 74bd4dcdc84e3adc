"""Acting on many games at once: facts read once for the whole batch, work done at its end."""

from __future__ import annotations

import pytest

from pbem.play.batch import acting_on, fact, later


def test_a_fact_is_read_once_for_every_game_of_the_batch():
    reads = []

    def load_many(game_ids):
        reads.append(game_ids)
        return {game_id: game_id * 10 for game_id in game_ids if game_id != 2}

    with acting_on([1, 2, 3]):
        assert [fact("tens", g, load_many) for g in (1, 2, 3)] == [10, None, 30]
        assert fact("tens", 7, load_many) == 70  # not in the batch: read alone
    assert fact("tens", 3, load_many) == 30  # outside a batch: read alone
    assert reads == [[1, 2, 3], [7], [3]]


def test_deferred_work_runs_once_at_the_end_in_order_and_not_after_an_error():
    done = []
    with acting_on([1, 2]):
        later("rate", 1, done.append)
        later("rate", 2, done.append)
        assert done == []
    assert done == [[1, 2]]
    later("rate", 3, done.append)  # outside a batch: at once
    assert done == [[1, 2], [3]]
    with pytest.raises(RuntimeError), acting_on([4]):
        later("rate", 4, done.append)
        raise RuntimeError("rolled back")
    assert done == [[1, 2], [3]]
