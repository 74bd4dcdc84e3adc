"""Strength in two-player games: level 1 against a uniform-random player, level 3 against
level 1. The fast test plays one game of each game, one of those the slow test of level 1
plays, and wants it won; the ``slow`` ones (``pytest -m slow``, ``make test-all``) play enough
to check the targets (level 1 at least 90% against random, level 3 at least 70% against level
1) with a statistical margin. ``make bench`` measures the same with more games."""

from __future__ import annotations

import pytest

from pbem.bots.arena import bot, match_score, play_game, uniform_random
from pbem.games import all_rules

TWO_PLAYER = [rules for rules in all_rules() if 2 in rules.player_counts]
#: A game a bot cannot bring to an end is stopped here and counts as a draw (against it).
MAX_PLIES = 1500
#: The games of level 1 against random that the slow test plays: ``match_score``'s, from this
#: seed (the game of index *k* from ``LEVEL_ONE_SEED + k``, level 1 first when *k* is even).
LEVEL_ONE_GAMES, LEVEL_ONE_SEED = 20, 100


def telling_game(rules) -> int:
    """The first of the slow test's games that a random player in level 1's seat does not
    win (its moves drawn from the same seeds): a game a bot that had lost its judgement would
    not win either. Random games cost next to nothing."""
    for index in range(LEVEL_ONE_GAMES):
        game = play_game(rules, [uniform_random, uniform_random], seed=LEVEL_ONE_SEED + index,
                         max_plies=MAX_PLIES)
        if game.shares[index % 2] < 1:
            return index
    raise AssertionError(f"a random player wins every game of {rules.slug}")


@pytest.mark.parametrize("rules", TWO_PLAYER, ids=lambda r: r.slug)
def test_level_one_beats_a_random_player(rules):
    """Level 1 wins the first of the slow test's games that random play does not win from
    its seat: a bot that played at random would lose or draw it, as would one that has lost
    its judgement half the time (a draw fails too: ``-m slow`` then measures the score)."""
    index = telling_game(rules)
    seat = index % 2
    seats = [bot(1), uniform_random] if seat == 0 else [uniform_random, bot(1)]
    game = play_game(rules, seats, seed=LEVEL_ONE_SEED + index, max_plies=MAX_PLIES)
    assert game.shares[seat] == 1, game


@pytest.mark.slow
@pytest.mark.parametrize("rules", TWO_PLAYER, ids=lambda r: r.slug)
def test_level_one_scores_ninety_percent_against_a_random_player(rules):
    # 20 games: a player with a true 95% would fall below 80% about one time in a hundred.
    score = match_score(rules, bot(1), uniform_random, games=LEVEL_ONE_GAMES,
                        seed=LEVEL_ONE_SEED, max_plies=MAX_PLIES)
    assert score >= 0.8


#: Games of level 3 against level 1: more for Stax, whose result is the hardest won (its
#: games are short, about 30 plies, so they are affordable). In Spike most games between bots
#: that block end 0-0; with its endgame solver as set (``SOLVER_NODES``) level 3 scored 31.5
#: of 40 games (79%: 23 won, 17 drawn, none lost) from seed 7000 against level 1.
LEVEL_THREE_GAMES = {"stax": 16}


@pytest.mark.slow
@pytest.mark.parametrize("rules", TWO_PLAYER, ids=lambda r: r.slug)
def test_level_three_scores_seventy_percent_against_level_one(rules):
    games = LEVEL_THREE_GAMES.get(rules.slug, 8)
    score = match_score(rules, bot(3), bot(1), games=games, seed=200, max_plies=MAX_PLIES)
    assert score >= 0.6
