"""The search on a toy game small enough to know the answer: each of three seats in turn makes
a turn of two plies, each ply a digit 0–2; the highest sum of its own two digits wins (ties
share). A search that switched sides between plies, or maximised anyone's result but the
seat's own, would not play 2 at every ply."""

from __future__ import annotations

import pytest

from pbem.bots import search_move

SEATS, PLIES_PER_TURN, DIGITS = 3, 2, ("0", "1", "2")


class Sums:
    slug = "sums"

    def new_game(self):
        return ()

    def to_move(self, state):
        return None if len(state) == SEATS * PLIES_PER_TURN else len(state) // PLIES_PER_TURN

    def legal_moves(self, state):
        return [] if self.to_move(state) is None else list(DIGITS)

    def apply(self, state, move):
        """The search applies the plies ``legal_moves`` lists, never anything else."""
        assert move in self.legal_moves(state)
        return (*state, int(move))

    def scores(self, state):
        size = PLIES_PER_TURN
        return [sum(state[seat * size : (seat + 1) * size]) for seat in range(SEATS)]

    def winners(self, state):
        if self.to_move(state) is not None:
            return []
        scores = self.scores(state)
        return [seat for seat, score in enumerate(scores) if score == max(scores)]

    def to_dict(self, state):
        return {"digits": list(state)}

    def from_dict(self, data):
        return tuple(data["digits"])


@pytest.mark.parametrize("before", [(), (2,), (0, 0), (1, 1, 1), (1, 2, 0, 2, 2)])
def test_every_ply_of_a_turn_maximises_the_seat_to_move(before):
    rules = Sums()
    assert search_move(rules, before, playouts=300, seed=1) == "2"


def widening():
    """The default heuristics, but a node may have at most √(visits + 1) children."""
    from pbem.bots.heuristics.base import Heuristics

    heuristics = Heuristics()
    heuristics.widening = 1.0
    return heuristics


def test_progressive_widening_adds_children_as_the_visits_grow_and_still_finds_the_best():
    import random

    from pbem.bots.search import Search

    search = Search(Sums(), widening(), random.Random(1), seats=SEATS)
    root = search._node(())
    children = []
    for _ in range(5):
        search._iterate(root)
        children.append(len(root.children))
    # A child is added while there are fewer than √(visits + 1): at 0, 1 and 4 visits.
    assert children == [1, 2, 2, 2, 3]
    assert Search(Sums(), widening(), random.Random(1), seats=SEATS).best_move((), 300) == "2"


def test_each_game_has_heuristics_of_its_own_and_a_game_without_the_defaults():
    from pbem.bots.heuristics import Heuristics, heuristics_for
    from pbem.games import all_rules

    for rules in all_rules():
        found = heuristics_for(rules.slug)
        assert found.slug == rules.slug and type(found) is not Heuristics
    assert type(heuristics_for(Sums.slug)) is Heuristics
