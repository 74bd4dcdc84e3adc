"""``pbem ratings rebuild`` on SQLite over 100,000 and then 1,000,000 finished games.

The games are bulk-inserted results (no snapshots; move rows only where a seat resigned, the
only moves a rebuild reads): 10,000 players, two-player Pylon and Spike and four-player
Stawvs (one game in ten) with shared places, a draw in twenty, a resignation in twenty (a
quarter of them before the resigner's first move, so unrated), one game in fifty unrated.
Reported: the seconds to set the games up, and the rebuild's seconds and microseconds per
game (reading, rating, writing every change and rating), with the CPU seconds this process
spent (SQLite runs in it), which a machine shared with other work does not inflate.
"""

from __future__ import annotations

import random
import tempfile
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import insert

from .timing import file_mail_app

PLAYERS = 10_000
SIZES = (100_000, 1_000_000)
CHUNK = 50_000


def _games(first: int, last: int, rng: random.Random):
    """Rows of games ``first``..``last`` - 1, their seats (with their outcomes, which a
    finished game's seats always carry) and their resignations."""
    from pbem.play.models import seat_outcomes

    start = datetime(2020, 1, 1, tzinfo=UTC)
    games, seats, moves = [], [], []
    for number in range(first, last):
        four = number % 10 == 0
        slug = "stawvs" if four else ("pylon", "spike")[number % 2]
        count = 4 if four else 2
        scores = [rng.randrange(10) for _ in range(count)]
        winners = [s for s in range(count) if scores[s] == max(scores)]
        if number % 20 == 1 and not four:
            scores, winners = [3, 3], [0, 1]
        resigned = number % 20 == 7 and not four
        if resigned:
            winners = [0]
            # one game in four of these: the loser resigns before a move of their own
            plies = [0] if number % 80 == 7 else [0, 1]
            moves += [{"game_id": number, "ply": ply, "seat": seat, "move": "m", "text": "m",
                       "auto": False} for ply, seat in enumerate(plies, start=1)]
            moves.append({"game_id": number, "ply": len(plies) + 1, "seat": 1,
                          "move": "resign", "text": "resign", "auto": False})
        ended = start + timedelta(minutes=number // 3)  # some end at the same minute
        games.append({
            "id": number, "slug": slug, "options": {}, "seed": number, "rules_version": "1",
            "status": "finished", "ply": 40, "version": 1, "rated": number % 50 != 3,
            "result": {"winners": winners, "scores": scores}, "created_at": ended,
            "started_at": ended, "updated_at": ended, "finished_at": ended})
        outcomes = seat_outcomes(winners, count)
        for index, player in enumerate(rng.sample(range(1, PLAYERS + 1), count)):
            seats.append({"game_id": number, "index": index, "player_id": player,
                          "response": "accepted", "outcome": outcomes[index]})
    return games, seats, moves


def _fill(db, first: int, last: int) -> None:
    from pbem.play.models import Game, Move, Seat

    rng = random.Random(first)
    for low in range(first, last, CHUNK):
        games, seats, moves = _games(low, min(low + CHUNK, last), rng)
        db.session.execute(insert(Game), games)
        db.session.execute(insert(Seat), seats)
        if moves:
            db.session.execute(insert(Move), moves)
    db.session.commit()


def run() -> dict:
    from pbem.accounts.models import Player
    from pbem.core.extensions import db
    from pbem.ratings.rebuild import rebuild

    figures = {}
    with tempfile.TemporaryDirectory() as folder:
        app = file_mail_app(folder)
        with app.app_context():
            now = datetime(2020, 1, 1, tzinfo=UTC)
            db.session.execute(insert(Player), [
                {"email": f"player{n}@bench.invalid", "name": f"Player {n}", "is_admin": False,
                 "login_counter": 0, "created_at": now, "joined_at": now}
                for n in range(PLAYERS)])
            stored = 0
            for size in SIZES:
                started = time.perf_counter()
                _fill(db, stored + 1, size + 1)
                stored = size
                figures[f"{size:,} games: set up, seconds"] = round(
                    time.perf_counter() - started, 1)
                started, cpu = time.perf_counter(), time.process_time()
                rated = rebuild()
                db.session.commit()
                seconds = time.perf_counter() - started
                cpu = time.process_time() - cpu
                figures[f"{size:,} games: rebuild, seconds"] = round(seconds, 1)
                figures[f"{size:,} games: rebuild, µs per game"] = round(seconds / size * 1e6)
                figures[f"{size:,} games: rebuild, CPU seconds of this process"] = round(cpu, 1)
                figures[f"{size:,} games: rated"] = rated
    return figures
