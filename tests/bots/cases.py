"""The settings the bot tests run on: every game at every player count."""

from __future__ import annotations

import random

from pbem.games import all_rules

#: Every (rules, players) pair the games allow.
SETTINGS = [(rules, players) for rules in all_rules() for players in rules.player_counts]


def setting_id(setting) -> str:
    rules, players = setting
    return f"{rules.slug}-{players}p"


def positions(rules, players, seed=0, every=7, limit=300):
    """Positions along one random game (the first, then every ``every``-th ply, until its end
    or ``limit`` plies), so a test sees openings, middles and, in short games, ends."""
    rng = random.Random(seed)
    state = rules.new_game(players=players, seed=seed)
    found = []
    for ply in range(limit):
        if rules.to_move(state) is None:
            break
        if ply % every == 0:
            found.append(state)
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return found
