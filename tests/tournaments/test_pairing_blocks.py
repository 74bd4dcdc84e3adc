"""Blocks in tournament pairings: pairs kept apart (players with a block between them) are
avoided like a rematch by Swiss rounds, two-player and at tables, and put in different pools by
round robins at tables; never at the cost of a round: when no pairing avoids them, they meet."""

from __future__ import annotations

from itertools import combinations

from pbem.tournaments import History
from pbem.tournaments.logic.pairing import pools, swiss_round, swiss_tables_round


def together(rnd, pair) -> bool:
    return any(set(pair) <= set(tb.seats) for tb in rnd.tables)


def test_a_swiss_round_avoids_a_blocked_pair_like_a_rematch():
    ranking = [1, 2, 3, 4]
    plain = swiss_round(ranking, History())
    assert together(plain, (1, 3))  # the fold: 1 v 3, 2 v 4
    kept = swiss_round(ranking, History().keep_apart([(3, 1)]))
    assert not together(kept, (1, 3))
    assert sorted(p for tb in kept.tables for p in tb.seats) == ranking


def test_a_blocked_pair_meets_when_no_pairing_avoids_it():
    only = swiss_round([1, 2], History().keep_apart([(1, 2)]))
    assert [set(tb.seats) for tb in only.tables] == [{1, 2}]
    # 1 blocked everyone: still paired, with the fewest blocks broken
    rnd = swiss_round([1, 2, 3, 4], History().keep_apart([(1, 2), (1, 3), (1, 4), (2, 3)]))
    assert len(rnd.tables) == 2 and not together(rnd, (2, 3))


def test_a_block_counts_as_one_more_meeting():
    history = History().keep_apart([(1, 2)])
    assert history.avoid(1, 2) == history.avoid(2, 1) == 1 and history.met(1, 2) == 0
    assert history.avoid(1, 3) == 0


def test_swiss_rounds_at_tables_keep_a_blocked_pair_apart():
    ranking = list(range(1, 7))
    plain = swiss_tables_round(ranking, History(), 3)
    pair = next(pair for tb in plain.tables for pair in combinations(tb.seats, 2))
    kept = swiss_tables_round(ranking, History().keep_apart([pair]), 3)
    assert not together(kept, pair)
    assert sorted(p for tb in kept.tables for p in tb.seats) == ranking


def test_pools_put_blocked_players_in_different_pools_with_the_nearest_seeds():
    seeded = list(range(1, 13))
    plain = pools(seeded, 4)
    assert plain == pools(seeded, 4, apart=())
    first = plain[0]
    apart = [(first[0], first[1])]
    kept = pools(seeded, 4, apart=apart)
    assert not any({first[0], first[1]} <= set(pool) for pool in kept)
    assert sorted(p for pool in kept for p in pool) == seeded
    assert [len(pool) for pool in kept] == [len(pool) for pool in plain]
    changed = {p for old, new in zip(plain, kept, strict=True) for p in set(old) ^ set(new)}
    assert len(changed) == 2  # one exchange


def test_pools_keep_blocked_players_together_when_they_must():
    seeded = [1, 2, 3, 4, 5, 6]
    everyone = list(combinations(seeded, 2))  # every pair blocked: nothing can help
    kept = pools(seeded, 3, apart=everyone)
    assert sorted(p for pool in kept for p in pool) == seeded and len(kept) == 2
