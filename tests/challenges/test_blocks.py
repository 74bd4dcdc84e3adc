"""A block covers the lobby both ways: the blocked player does not see the blocker's open
challenges (the list, the home page's section), cannot join them (nothing changes), is not
re-offered those a standing challenge posts again, and a block made while both sit at an open
table takes the later one off it. On SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from helpers import outbox
from sqlalchemy import func, select

from pbem.accounts.blocks import block
from pbem.challenges.models import OPEN, Challenge
from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.models import Game

from .forms import PYLON, counts, newest, other, post

ENGINES = pytest.mark.parametrize("engine", [
    "sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])


def listed(browser, challenge) -> bool:
    return f'id="challenge-{challenge.id}"' in browser.get("/challenges").get_data(as_text=True)


def games() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


@ENGINES
@pytest.mark.parametrize("who_blocks", ["poster", "joiner"])
def test_a_blocked_player_cannot_see_or_join_the_challenge(
        client, alice, make_player, engine, who_blocks):
    pest = make_player(name="Pest")
    assert post(client).status_code == 303
    challenge = newest()
    theirs = other(client, pest)
    assert listed(theirs, challenge)
    block(alice, pest) if who_blocks == "poster" else block(pest, alice)
    db.session.commit()
    assert not listed(theirs, challenge)
    assert "Alice" not in theirs.get("/").get_data(as_text=True)  # the home page's section
    assert listed(client, challenge)  # others still see it; so does Alice
    assert listed(other(client, make_player()), challenge)
    before, mail = (counts(), games()), len(outbox())
    refused = theirs.post(f"/challenges/{challenge.id}/join")
    assert refused.status_code == 403
    says = refused.get_data(as_text=True)
    assert ("Alice is not taking challenges from you" in says if who_blocks == "poster"
            else "You have blocked Alice" in says)
    assert (counts(), games()) == before and len(outbox()) == mail


@ENGINES
def test_a_standing_challenge_is_not_re_offered_to_a_blocked_player(
        client, alice, make_player, engine):
    assert client.post("/challenges/standing/new/pylon",
                       data={**PYLON, "keep": "1"}).status_code == 303
    bob, pest = make_player(name="Bob"), make_player(name="Pest")
    first = newest()
    assert other(client, bob).post(f"/challenges/{first.id}/join").status_code == 303
    block(alice, pest)
    db.session.commit()
    db.session.expire_all()
    commands.resign(commands.locked(db.session.get(Challenge, first.id).game_id), 0)
    db.session.commit()
    reposted = newest()
    assert reposted.id != first.id and reposted.status == OPEN and reposted.standing_id
    theirs = other(client, pest)
    assert not listed(theirs, reposted) and listed(other(client, bob), reposted)
    assert theirs.post(f"/challenges/{reposted.id}/join").status_code == 403
    assert newest().status == OPEN and newest().taken == 1


@ENGINES
def test_a_block_takes_the_later_player_off_a_shared_open_table(
        client, alice, make_player, engine):
    bob, pest = make_player(name="Bob"), make_player(name="Pest")
    post(client, "stawvs", players="3", seat_order="poster_first")
    challenge = newest()
    assert other(client, pest).post(f"/challenges/{challenge.id}/join").status_code == 303
    block(alice, pest)
    db.session.commit()
    table = newest()
    assert table.taken == 1 and [s.player_id for s in table.seats] == [alice.id]
    assert other(client, bob).post(f"/challenges/{challenge.id}/join").status_code == 303
    assert db.session.scalar(select(func.count()).select_from(Challenge)) == 1
    assert newest().status == OPEN and newest().game_id is None
