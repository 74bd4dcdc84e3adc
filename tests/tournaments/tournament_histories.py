"""Random past rounds for the pairing properties (a helper module, not tests)."""

from __future__ import annotations

from pbem.tournaments import History, Result


def random_history(rng, players, rounds, table_size=2):
    """``rounds`` rounds of random tables (one player sits out when the count is odd for
    two-player tables) with random places; returns (history, ranking by points)."""
    results, byes = [], []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        if table_size == 2 and len(order) % 2:
            byes.append(order.pop())
        for start in range(0, len(order) - 1, table_size):
            seats = tuple(order[start : start + table_size])
            if len(seats) >= 2:
                places = tuple(rng.randrange(len(seats)) for _ in seats)
                results.append(Result(seats, places))
    history = History.of(results, byes)
    tiebreak = {p: rng.random() for p in players}
    ranking = sorted(players, key=lambda p: (-history.points.get(p, 0), tiebreak[p]))
    return history, ranking
