"""Many games' records as one download: a zip holding each game's JSON and text record
(:mod:`.records`: public, so no email address is ever in one), written while it is sent.

The games are read a batch at a time, each batch in three queries (games, seats with their
players, moves), and let go once written, so a player's thousand games cost a thousand
times one game, in time and never in memory.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..core.extensions import db
from ..play.models import ACTIVE, FINISHED, Game, Seat
from ..tournaments.models import TournamentTable
from . import records

#: Games read per query.
BATCH = 50


def tournament_game_ids(tournament_id: int) -> list[int]:
    """The games of a tournament, in the order they were created."""
    return list(db.session.scalars(select(TournamentTable.game_id).where(
        TournamentTable.tournament_id == tournament_id).order_by(TournamentTable.id)))


def player_game_ids(player_id: int) -> list[int]:
    """A player's started games (those with a record), oldest first."""
    return list(db.session.scalars(
        select(Game.id).join(Seat).where(Seat.player_id == player_id,
                                         Game.status.in_((ACTIVE, FINISHED)))
        .order_by(Game.id)))


class _Sink:
    """Where the zip writer puts its bytes until the next chunk is sent (it has no
    ``seek``, so the writer streams: each entry's sizes follow its data)."""

    def __init__(self):
        self.chunks: list[bytes] = []

    def write(self, data) -> int:
        self.chunks.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def take(self) -> bytes:
        data, self.chunks = b"".join(self.chunks), []
        return data


def zip_chunks(game_ids: Sequence[int], folder: str) -> Iterator[bytes]:
    """The zip, chunk by chunk: ``<folder>/pbem-<game>-<id>.json`` and ``.txt`` for each
    game (in ``game_ids`` order)."""
    sink = _Sink()
    stamp = datetime.now(UTC).timetuple()[:6]
    with zipfile.ZipFile(sink, "w", zipfile.ZIP_DEFLATED) as archive:
        for start in range(0, len(game_ids), BATCH):
            for game in _games(game_ids[start:start + BATCH]):
                name = f"{folder}/pbem-{game.slug}-{game.id}"
                body = json.dumps(records.to_json(game), indent=1, ensure_ascii=False) + "\n"
                for extension, text in (("json", body), ("txt", records.to_text(game))):
                    info = zipfile.ZipInfo(f"{name}.{extension}", stamp)
                    info.compress_type = zipfile.ZIP_DEFLATED
                    archive.writestr(info, text)
                _forget(game)
                yield sink.take()
    yield sink.take()


def _games(ids: Sequence[int]) -> list[Game]:
    games = db.session.scalars(
        select(Game).where(Game.id.in_(list(ids)))
        .options(selectinload(Game.seats).selectinload(Seat.player), selectinload(Game.moves))
    ).all()
    by_id = {game.id: game for game in games}
    return [by_id[i] for i in ids if i in by_id]


def _forget(game: Game) -> None:
    """Let the session drop a written game, its seats and moves (players stay: they recur)."""
    for row in [*game.moves, *game.seats, game]:
        if row in db.session:
            db.session.expunge(row)
