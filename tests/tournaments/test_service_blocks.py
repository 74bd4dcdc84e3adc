"""Blocks in tournaments through the services: the director's setting (on by default) keeps
players who blocked each other from meeting where the format allows, the round's log says when
no pairing could, and the tournament page says what the setting does."""

from __future__ import annotations

from itertools import combinations

from helpers import sign_in

from pbem.accounts import blocks
from pbem.core.extensions import db
from pbem.tournaments import service

from .tournament_sim import T0, entered, settings


def _start_with_block(make_player, players, data, pair=(0, 2), slug="spike"):
    t = entered(make_player, slug, players, data)
    seeded = [e.player for e in t.entrants]
    blocks.block(seeded[pair[0]], seeded[pair[1]])
    db.session.commit()
    service.start(t.id, t.created_by, T0, "all here")
    db.session.commit()
    return service.get_tournament(t.id), seeded[pair[0]].id, seeded[pair[1]].id


def _met(t, a, b) -> bool:
    return any({a, b} <= set(tb.seats) for rnd in t.rounds for tb in rnd.tables)


def _log(t) -> str:
    return "\n".join(entry.action for entry in t.log)


def test_a_swiss_keeps_players_who_blocked_each_other_apart(app, make_player, client):
    plain = entered(make_player, "spike", 4, settings("swiss", rounds=2))
    service.start(plain.id, plain.created_by, T0, "")
    db.session.commit()
    pairs = {frozenset(tb.seats) for tb in service.get_tournament(plain.id).rounds[0].tables}
    t, a, b = _start_with_block(make_player, 4, settings("swiss", rounds=2))
    assert t.settings["avoid_blocks"] is True
    first = [e.player_id for e in t.entrants]
    plain_ids = [e.player_id for e in plain.entrants]
    # the same field unblocked pairs seeds 1 and 3 together; blocked, they do not meet
    assert frozenset({plain_ids[0], plain_ids[2]}) in pairs
    assert not _met(t, a, b) and {a, b} <= set(first)
    assert "blocked each other" not in _log(t)
    page = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "Players who blocked each other are not paired together" in page


def test_when_no_pairing_avoids_them_they_meet_and_the_log_says_so(app, make_player, client):
    t, a, b = _start_with_block(make_player, 2, settings("swiss", rounds=1), pair=(0, 1))
    assert _met(t, a, b)
    said = [entry for entry in t.log if "blocked each other" in entry.action]
    assert [entry.action for entry in said] == [
        "paired round 1 with 1 table seating players who blocked each other: no pairing of "
        "this round could keep them apart"]  # a block is private: nobody is named
    assert said[0].actor is None


def test_the_director_can_turn_it_off(app, make_player, client):
    t, a, b = _start_with_block(make_player, 4,
                                settings("swiss", rounds=1, avoid_blocks=False))
    assert t.settings["avoid_blocks"] is False and _met(t, a, b)
    assert "blocked each other" not in _log(t)
    page = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "Pairings here do not look at blocks" in page


def test_a_round_robin_at_tables_puts_them_in_different_pools(app, make_player):
    t, a, b = _start_with_block(make_player, 6, settings("round-robin", table_size=3),
                                pair=(0, 3), slug="stawvs")
    assert not _met(t, a, b)
    rounds = {tuple(sorted(tb.seats)) for tb in t.rounds[0].tables}
    assert len(rounds) == 2 and all(len(pool) == 3 for pool in rounds)
    assert all(not {a, b} <= set(pool) for pool in rounds)
    assert all(len(set(p)) == 2 for pool in rounds for p in combinations(pool, 2))


def test_the_setting_is_on_the_forms_and_kept(app, make_player, client):
    t, _, _ = _start_with_block(make_player, 2, settings("swiss", rounds=2), pair=(0, 1))
    sign_in(client, t.created_by)
    form = client.get(f"/admin/tournaments/{t.id}/edit").get_data(as_text=True)
    assert "Avoid pairing players who blocked each other" in form
    assert 'id="avoid_blocks" name="avoid_blocks" type="checkbox" value="y"' in form
    assert 'checked id="avoid_blocks"' in form
    saved = client.post(f"/admin/tournaments/{t.id}/edit", data={
        "name": t.name, "rounds": 2, "round_days": 7, "stall_policy": "adjudicate",
        "extend_days": 3})  # the box left unticked: turned off for the rounds to come
    assert saved.status_code == 303
    db.session.expire_all()
    assert service.get_tournament(t.id).settings["avoid_blocks"] is False
    new = client.get("/admin/tournaments/new/spike").get_data(as_text=True)
    assert 'checked id="avoid_blocks"' in new  # on by default
