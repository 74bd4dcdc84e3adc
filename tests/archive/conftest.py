"""Fixtures for the archive: games from random playouts, stored through the importer, and a
database with many of them (a world shared as tests/conftest.py's ``shared_world``)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from helpers import new_player

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


def store_game(slug="pylon", seed=1, max_plies=None, players=None, day=0):
    """A game stored via the importer (its players made when not given)."""
    players = players or [new_player(name=f"{slug}-{seed}-P{i + 1}")
                          for i in range(get_rules(slug).player_counts[0])]
    return import_record(random_record(slug, players, seed, max_plies, day))


@pytest.fixture
def stored_game(make_player):
    """``stored_game(slug="pylon", seed=1, max_plies=None)``: a game stored via the importer."""
    return store_game


def four_players_48_games():
    """48 games between four players, one game a day: pylon and stawvs, a quarter of them
    unfinished. Returns the players."""
    players = [new_player(name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    for number in range(48):
        pair = [players[number % 4], players[(number + 1 + number // 4) % 4]]
        if pair[0] is pair[1]:
            pair[1] = players[(number + 2) % 4]
        slug = "pylon" if number % 3 else "stawvs"
        store_game(slug, seed=number, players=pair, day=number,
                   max_plies=6 if number % 4 == 0 else None)
    return players


@pytest.fixture
def many_games(shared_world):
    """The players of :func:`four_players_48_games`' world (see :func:`shared_world`)."""
    return shared_world("many-games", four_players_48_games)
