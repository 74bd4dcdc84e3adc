"""Games whose moves are answered by conditional moves, for the benches of the move POST.

Each client gets its own Pylon games, in each of which the second player keeps one line of
conditional moves covering a random playout (as deep as a line may go); the first player's
moves of that playout, posted through their move links, are each answered at once by the
kept reply, so every POST plays two turns in one transaction.
"""

from __future__ import annotations

import random


def prepare(clients: int, games_per_client: int) -> list[list[tuple[str, str, int]]]:
    """Create the games and keep their lines (in the application context); the work list
    ``[client] -> [(path, move, ply)]`` of the first player's answered moves."""
    from pbem.accounts.service import player_by_email
    from pbem.conditional import service as conditional
    from pbem.core.signing import sign
    from pbem.games import get_rules
    from pbem.play import commands

    pylon, work = get_rules("pylon"), []
    for client in range(clients):
        players = [player_by_email(f"{side}{client}@answered.bench.test") for side in "ab"]
        plays = []
        for n in range(games_per_client):
            game = commands.create_game("pylon", players, start_now=True,
                                        seed=10_000 + client * 100 + n)
            turns = _playout(pylon, game.load_state(), random.Random(game.seed), game.ply)
            line = _alternating(turns)[:conditional.MAX_TURNS - conditional.MAX_TURNS % 2]
            line = line[:len(line) - len(line) % 2]  # each of the first player's turns answered
            if not line:
                continue
            locked = commands.locked(game.id)
            with commands.unit_of_work():
                conditional.set_lines(locked, 1, [[text for _, text, _ in line]])
            plays += [(f"/play/{sign('move', [game.id, 0, ply])}/move", text, ply)
                      for seat, text, ply in line[::2]]
        work.append(plays)
    return work


def _alternating(turns: list) -> list:
    """The first turns, as long as the first and the second player take turns (a forced
    pass gives a player two turns in a row, the first of them not answered)."""
    for index, (seat, _, _) in enumerate(turns):
        if seat != index % 2:
            return turns[:index]
    return turns


def _playout(rules, state, rng, ply: int) -> list[tuple[int, str, int]]:
    """A random game from ``state`` at ``ply``, by turns: ``(seat, the turn's plies, the ply
    it starts at)``, the forced passes after each turn played as play plays them."""
    turns = []
    while not rules.is_over(state) and (seat := rules.to_move(state)) is not None:
        plies, state = rules.random_turn(state, rng)
        turns.append((seat, " ".join(plies), ply))
        ply += len(plies)
        while not rules.is_over(state) and rules.legal_moves(state) == ["pass"]:
            state, ply = rules.play(state, "pass"), ply + 1
    return turns
