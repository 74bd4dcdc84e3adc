"""Golden playthroughs: stored, seeded random games, one file per game and player count.

Each file holds one game for every combination of the game's choice options (the contract
suite's ``option_combinations``), all from the same seed.

A record lists every ply of the game with the number of legal moves it was chosen from and a
digest of the position after it (a hash of ``to_dict``), so replaying it checks move
generation, its order, ``play`` and serialisation at once. ``test_golden.py`` plays each game
again from its seed and compares line by line; a rules change that alters any ply fails
there, naming the first ply that differs.

A deliberate rules change regenerates the records (then read the diff before committing)::

    python -m tests.games.golden
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from pbem.games import all_rules

from .contract import option_combinations

DIRECTORY = Path(__file__).parent / "golden"
SEED = 1
MAX_PLIES = 1000  # games that need not end (Stax, Triumvirate) stop here


def digest(rules, state) -> str:
    """A short, stable digest of a position: its JSON form, keys sorted."""
    text = json.dumps(rules.to_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def path(rules, players: int) -> Path:
    return DIRECTORY / f"{rules.slug}-{players}p.txt"


def cases() -> list[tuple]:
    """(rules, players) for every game and player count."""
    return [(rules, players) for rules in all_rules() for players in rules.player_counts]


def record(rules, players: int) -> list[str]:
    """The lines of a file: a header, then each option combination's game."""
    lines = [
        f"# {rules.name}, {players} players, seed {SEED}",
        "# regenerate on purpose: python -m tests.games.golden",
    ]
    for count, options in option_combinations(rules):
        if count == players:
            lines += game(rules, players, options)
    return lines


def game(rules, players: int, options: dict) -> list[str]:
    """One game's lines: its options and start, one line per ply, the result.

    Each ply line is ``<ply number> <legal-move count> <ply> <digest after it>``.
    """
    state = rules.new_game(players=players, options=options, seed=SEED)
    rng = random.Random(SEED)
    shown = " ".join(f"{name}={value}" for name, value in options.items()) or "(none)"
    lines = [f"options {shown}", f"start {digest(rules, state)}"]
    number = 0
    while not rules.is_over(state) and number < MAX_PLIES:
        moves = rules.legal_moves(state)
        ply = rng.choice(moves)
        state = rules.play(state, ply)
        number += 1
        lines.append(f"{number} {len(moves)} {ply} {digest(rules, state)}")
    lines.append(f"end scores {rules.scores(state)} winners {rules.winners(state)}")
    return lines


def write_all() -> None:
    DIRECTORY.mkdir(exist_ok=True)
    for rules, players in cases():
        path(rules, players).write_text("\n".join(record(rules, players)) + "\n")
        print(f"wrote {path(rules, players)}")


if __name__ == "__main__":
    write_all()
    sys.exit(0)
