"""Fill a PostgreSQL database with finished games by ``COPY``, fast enough for a million.

The games are copies of a few real random playouts (setup, final snapshot, result, seats), one
started a minute after the other, three days long; one in a thousand is still in progress.
Player 1, "the busy player", sits in each of the first 10,000 games, so the same player with
the same games is measured at every size (their games, the oldest, are the hardest to find);
the other seats go to ``PLAYERS`` players at random. Move rows are left out: no page measured
reads them. The archive's counters are then rebuilt as the migration fills them
(``counters.recount``), which the bench times too.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

PLAYERS = 5_000
BUSY_PLAYER = 1
BUSY_GAMES = 10_000
ACTIVE_EVERY = 1_000
START = datetime(2020, 1, 1, tzinfo=UTC)
_GAME_COLUMNS = ("id", "slug", "options", "seed", "rules_version", "status", "ply", "snapshot",
                 "version", "result", "created_at", "started_at", "updated_at", "finished_at")
_SEAT_COLUMNS = ("game_id", "index", "player_id", "response", "responded_at", "outcome",
                 "started_at")


def playouts() -> list[dict]:
    """A few finished random games per game type, as the columns of a stored game."""
    from pbem.games import get_rules
    from pbem.play.models import seat_outcomes

    made = []
    for slug, seeds in (("pylon", range(4)), ("stawvs", range(4)), ("spike", range(2))):
        rules = get_rules(slug)
        for seed in seeds:
            players = rules.player_counts[0]
            state, moves = rules.random_playout(rules.new_game(players, {}, seed),
                                                random.Random(seed))
            _count, options = rules.validate_options(players, {})
            winners = rules.winners(state)
            made.append({"slug": slug, "options": options, "seed": seed, "ply": len(moves),
                         "snapshot": rules.to_dict(state), "rules_version": rules.version,
                         "result": {"winners": winners, "scores": rules.scores(state)},
                         "outcomes": seat_outcomes(winners, players)})
    return made


def add_players(connection) -> None:
    """``PLAYERS`` players who have joined (so each has a public page)."""
    with connection.cursor() as cursor, cursor.copy(
            "COPY players (id, email, name, is_admin, login_counter, created_at, joined_at) "
            "FROM STDIN") as copy:
        for number in range(1, PLAYERS + 1):
            copy.write_row((number, f"player{number}@bench.invalid", f"Player {number}", False,
                            0, START, START))
    with connection.cursor() as cursor:
        cursor.execute("SELECT setval('players_id_seq', %s)", (PLAYERS,))
    connection.commit()


def add_games(connection, first: int, last: int, made: list[dict]) -> None:
    """Games ``first`` to ``last`` (ids), their seats too, in two ``COPY``s."""
    made = [{**game, **{k: json.dumps(game[k]) for k in ("options", "snapshot", "result")}}
            for game in made]
    rng = random.Random(first)
    others = range(BUSY_PLAYER + 1, PLAYERS + 1)
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY games ({', '.join(_GAME_COLUMNS)}) FROM STDIN") as copy:
            for number in range(first, last + 1):
                game, finished = made[number % len(made)], number % ACTIVE_EVERY != 0
                started = START + timedelta(minutes=number)
                ended = started + timedelta(days=3)
                copy.write_row((
                    number, game["slug"], game["options"], game["seed"], game["rules_version"],
                    "finished" if finished else "active", game["ply"], game["snapshot"], 1,
                    game["result"] if finished else None, started, started,
                    ended if finished else started, ended if finished else None))
        with cursor.copy(f'COPY seats ({", ".join(_SEAT_COLUMNS)}) FROM STDIN'.replace(
                " index,", ' "index",')) as copy:
            for number in range(first, last + 1):
                game, finished = made[number % len(made)], number % ACTIVE_EVERY != 0
                outcomes = game["outcomes"]
                players = rng.sample(others, len(outcomes))
                if number <= BUSY_GAMES:
                    players[number % len(players)] = BUSY_PLAYER
                started = START + timedelta(minutes=number)
                for index, player in enumerate(players):
                    copy.write_row((number, index, player, "accepted", started,
                                    outcomes[index] if finished else None, started))
        cursor.execute("SELECT setval('games_id_seq', %s)", (last,))
    connection.commit()
