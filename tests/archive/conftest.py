"""Fixtures for the archive: games from random playouts, stored through the importer, and a
database with many of them."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from pbem.archive.history import Ply
from pbem.archive.importer import import_record
from pbem.archive.records import Record, RecordPlayer
from pbem.games import get_rules

START = datetime(2024, 1, 1, 12, tzinfo=UTC)


def random_record(slug, players, seed, max_plies=None, day=0) -> Record:
    """A record of a random playout (finished unless ``max_plies`` stops it first)."""
    rules = get_rules(slug)
    state = rules.new_game(len(players), {}, seed)
    _state, moves = rules.random_playout(state, random.Random(seed), max_plies=max_plies)
    started = START + timedelta(days=day)
    return Record(slug=slug, seed=seed,
                  players=[RecordPlayer(p.name, p.email) for p in players],
                  plies=[Ply(None, move, started + timedelta(minutes=i))
                         for i, move in enumerate(moves)],
                  dates={"created": started, "started": started})


@pytest.fixture
def stored_game(make_player):
    """``stored_game(slug="pylon", seed=1, max_plies=None)``: a game stored via the importer."""

    def make(slug="pylon", seed=1, max_plies=None, players=None, day=0):
        players = players or [make_player(name=f"{slug}-{seed}-P{i + 1}")
                              for i in range(get_rules(slug).player_counts[0])]
        return import_record(random_record(slug, players, seed, max_plies, day))

    return make


@pytest.fixture
def many_games(make_player, stored_game):
    """48 games between four players, one game a day: pylon and stawvs, a quarter of them
    unfinished. Returns the players."""
    players = [make_player(name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    for number in range(48):
        pair = [players[number % 4], players[(number + 1 + number // 4) % 4]]
        if pair[0] is pair[1]:
            pair[1] = players[(number + 2) % 4]
        slug = "pylon" if number % 3 else "stawvs"
        stored_game(slug, seed=number, players=pair, day=number,
                    max_plies=6 if number % 4 == 0 else None)
    return players
