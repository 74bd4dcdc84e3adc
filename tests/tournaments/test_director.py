"""The director's page: whose turn it is in each unfinished game, a forfeit that names the
player it forfeits (confirmed on a page that states the consequence), withdrawals confirmed
and undone."""

from __future__ import annotations

import re
from datetime import timedelta

from helpers import sign_in

from pbem.core.extensions import db
from pbem.play.queries import resigned_seats
from pbem.tournaments import service

from .tournament_sim import T0, started, tick


def _two_player_table(make_player):
    t = started(make_player, "spike", 2, {"name": "Duel", "format": "swiss", "table_size": 2,
                                          "rounds": 2, "round_days": 7,
                                          "stall_policy": "adjudicate", "options": {}})
    (tb,) = t.rounds[0].tables
    return t, tb


def test_a_forfeit_names_the_player_and_is_confirmed_first(app, client, make_player):
    t, tb = _two_player_table(make_player)
    mover, other = (s.player.name for s in tb.game.seats)  # seat 0 moves first
    sign_in(client, t.created_by)
    manage = client.get(f"/admin/tournaments/{t.id}").get_data(as_text=True)
    row = re.search(r'<table class="games" id="stalled">.*?</table>', manage, re.S).group(0)
    assert f"<strong>{mover}</strong>, since Tue 1 Jan 2030, 12:00 UTC" in row
    assert f"Forfeit {mover}…" in row and f"Forfeit {other}…" in row
    assert "<select" not in row  # no action preselected

    url = f"/admin/tournaments/{t.id}/games/{tb.id}"
    confirm = client.get(f"{url}?action=forfeit&seat=1").get_data(as_text=True)
    assert f"Forfeit {other} in game #{tb.game_id}" in confirm
    assert f"{other} forfeits game #{tb.game_id}: {mover} wins it" in confirm
    assert service.get_tournament(t.id).rounds[0].tables[0].places is None  # a GET does nothing

    client.post(url, data={"action": "forfeit", "seat": "1", "reason": f"{other} unreachable"})
    assert resigned_seats([tb.game_id])[tb.game_id] == [1]
    entry = service.get_tournament(t.id).log[-1]
    assert entry.action == f"forfeited {other} in game #{tb.game_id}"
    assert entry.actor == t.created_by and entry.reason == f"{other} unreachable"


def test_bad_forfeits_are_refused_and_change_nothing(app, client, make_player):
    t, tb = _two_player_table(make_player)
    sign_in(client, t.created_by)
    url = f"/admin/tournaments/{t.id}/games/{tb.id}"
    for query in ("action=forfeit", "action=forfeit&seat=2", "action=forfeit&seat=x",
                  "action=nonsense"):
        assert client.get(f"{url}?{query}").status_code == 422
    assert client.post(url, data={"action": "forfeit", "seat": ""}).status_code == 422
    assert client.post(url, data={"action": "resign", "seat": "0"}).status_code == 422
    assert client.get(f"/admin/tournaments/{t.id}/games/99999?action=extend").status_code == 404
    assert service.get_tournament(t.id).rounds[0].tables[0].places is None


def test_a_withdrawal_is_confirmed_and_can_be_undone_until_the_next_round(app, client,
                                                                          make_player):
    t = started(make_player, "spike", 4, {"name": "Club", "format": "swiss", "table_size": 2,
                                          "rounds": 3, "round_days": 7,
                                          "stall_policy": "adjudicate", "options": {}})
    quitter = t.field()[1]
    sign_in(client, t.created_by)
    url = f"/admin/tournaments/{t.id}/withdraw/{quitter.id}"
    confirm = client.get(url).get_data(as_text=True)
    assert f"Withdraw {quitter.player.name}?" in confirm and "undo" in confirm
    assert service.get_tournament(t.id).entrants[1].status == "entered"
    # the test's tournament runs on its own clock (2030), so the withdrawal takes it too
    service.withdraw(t.id, quitter.id, t.created_by, T0 + timedelta(hours=1), "ill")
    db.session.commit()
    manage = client.get(f"/admin/tournaments/{t.id}").get_data(as_text=True)
    assert "Undo the withdrawal" in manage

    client.post(f"/admin/tournaments/{t.id}/reinstate/{quitter.id}", data={"reason": "better"})
    t = service.get_tournament(t.id)
    entrant = next(e for e in t.entrants if e.id == quitter.id)
    assert entrant.status == "entered" and entrant.withdrawn_at is None
    assert t.log[-1].action == f"undid the withdrawal of {quitter.player.name}"

    service.withdraw(t.id, quitter.id, t.created_by, T0 + timedelta(hours=2), "ill again")
    db.session.commit()
    tick(T0 + timedelta(days=8))  # round 2 is paired: too late to undo
    assert len(service.get_tournament(t.id).rounds) == 2
    late = client.post(f"/admin/tournaments/{t.id}/reinstate/{quitter.id}", data={})
    assert late.status_code == 409
    assert "Undo the withdrawal" not in client.get(f"/admin/tournaments/{t.id}").get_data(
        as_text=True)
    assert all(quitter.player_id not in tb.seats or tb.places is not None
               for tb in service.get_tournament(t.id).rounds[-1].tables)
