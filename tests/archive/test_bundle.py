"""A tournament's or a player's games as one zip of records: every game once as JSON and as
text, streamed, read back as the same games, and no email address inside."""

from __future__ import annotations

import io
import json
import random
import zipfile

from helpers import play_turns, sign_in
from sqlalchemy import event
from tournaments.tournament_sim import settings, started

from pbem.archive import bundle, records
from pbem.core.extensions import db


def unzip(response) -> dict[str, str]:
    assert response.status_code == 200 and response.mimetype == "application/zip"
    assert "attachment" in response.headers["Content-Disposition"]
    with zipfile.ZipFile(io.BytesIO(response.data)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}


def test_a_tournaments_games_as_one_zip(app, client, make_player):
    t = started(make_player, "pylon", 4, settings("round-robin"))
    tables = [tb for rnd in t.rounds for tb in rnd.tables]
    play_turns(tables[0].game, 5, random.Random(1))
    page = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert f'href="/tournaments/{t.id}/games.zip"' in page
    files = unzip(client.get(f"/tournaments/{t.id}/games.zip"))
    assert sorted(files) == sorted(f"pbem-tournament-{t.id}/pbem-pylon-{tb.game_id}.{ext}"
                                   for tb in tables for ext in ("json", "txt"))
    emails = [e.player.email for e in t.entrants]
    assert not any(email in text for text in files.values() for email in emails)
    first = tables[0].game
    record = json.loads(files[f"pbem-tournament-{t.id}/pbem-pylon-{first.id}.json"])
    assert record == json.loads(client.get(f"/games/{first.id}.json").get_data())
    text = records.parse(files[f"pbem-tournament-{t.id}/pbem-pylon-{first.id}.txt"])
    assert [p.move for p in text.plies] == [m.move for m in first.moves]
    assert client.get("/tournaments/99999/games.zip").status_code == 404


def test_a_players_games_as_one_zip_cost_the_same_per_game(app, client, make_player,
                                                           make_game):
    me, other = make_player(name="Zip Me"), make_player(name="Other")
    make_game("spike", players=[other, make_player()])  # not mine
    sign_in(client, me)
    page = client.get(f"/players/{me.id}").get_data(as_text=True)
    assert f'href="/players/{me.id}/games.zip"' in page
    statements = []
    event.listen(db.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    counts = []
    for batch in range(2):  # a batch of games more each time
        for seed in range(batch * bundle.BATCH, (batch + 1) * bundle.BATCH):
            make_game("spike", players=[me, other], seed=seed)
        statements[:] = []
        files = unzip(client.get(f"/players/{me.id}/games.zip"))
        counts.append(len(statements))
        assert not any(me.email in text or other.email in text for text in files.values())
    assert len(files) == 2 * 2 * bundle.BATCH
    # one more batch of games: its games, seats, players and moves, four queries
    assert counts[1] == counts[0] + 4
    assert client.get("/players/99999/games.zip").status_code == 404
