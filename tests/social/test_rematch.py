"""Rematches: one click on a finished game invites its players to the same game with the
seats rotated; once offered, a second click points to the offer."""

from __future__ import annotations

import pytest
from helpers import outbox, path_of, sign_in
from sqlalchemy import func, select

from pbem.botplay.accounts import ensure_bots
from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.models import Game
from pbem.play.queries import get_game


def finished(make_game, players, slug="pylon", options=None):
    game = make_game(slug, players=players, options=options)
    commands.adjudicate(commands.locked(game.id), [0])
    return get_game(game.id)


def count() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


def test_a_rematch_rotates_the_seats_and_is_accepted_on_the_game_page(client, make_player,
                                                                     make_game):
    ann, bob = make_player(name="Ann"), make_player(name="Bob")
    old = finished(make_game, [ann, bob], options={"start": "quick"})
    sign_in(client, ann)
    page = client.get(f"/games/{old.id}").get_data(as_text=True)
    assert "Offer a rematch" in page
    offered = client.post(f"/games/{old.id}/rematch")
    assert offered.status_code == 303
    rematch = get_game(int(offered.location.rsplit("/", 1)[1]))
    assert rematch.rematch_of_id == old.id and rematch.status == "invited"
    assert [s.player_id for s in rematch.seats] == [bob.id, ann.id]
    assert rematch.options == old.options and rematch.slug == old.slug
    assert rematch.time_control == old.time_control and rematch.rated == old.rated
    assert [s.response for s in rematch.seats] == ["invited", "accepted"]
    [invitation] = outbox("invitation")
    assert invitation.recipient == bob.email
    assert invitation.subject == f"[pbem #{rematch.id}] Pylon: an invitation to a rematch"
    assert f"rematch of game #{old.id}" in invitation.body_text
    page = client.get(f"/games/{old.id}").get_data(as_text=True)
    assert f"Rematch: <a href=\"/games/{rematch.id}\">" in page and "waiting" in page
    assert "Offer a rematch" not in page

    again = client.post(f"/games/{old.id}/rematch", follow_redirects=True)
    assert b"has already been offered" in again.data and b"waiting for the players" in again.data
    sign_in(client, bob)  # the other player's click finds the same offer
    assert client.post(f"/games/{old.id}/rematch").location.endswith(f"/games/{rematch.id}")
    assert count() == 2 and len(outbox("invitation")) == 1

    accepted = client.post(f"/games/{rematch.id}/respond", data={"accept": "1"})
    assert accepted.status_code == 303 and get_game(rematch.id).status == "active"
    page = client.get(f"/games/{rematch.id}").get_data(as_text=True)
    assert f"A rematch of <a href=\"/games/{old.id}\">game #{old.id}</a>" in page


def test_a_rematch_of_three_is_accepted_by_the_emailed_links(client, make_player, make_game):
    a, b, c = (make_player(name=n) for n in ("A", "B", "C"))
    old = finished(make_game, [a, b, c], slug="stawvs")
    sign_in(client, b)
    rematch_id = int(client.post(f"/games/{old.id}/rematch").location.rsplit("/", 1)[1])
    rematch = get_game(rematch_id)
    assert [s.player_id for s in rematch.seats] == [b.id, c.id, a.id]
    invitations = outbox("invitation")
    assert sorted(m.recipient for m in invitations) == sorted([a.email, c.email])
    for invitation in invitations:
        answer = client.application.test_client()
        assert answer.post(path_of(invitation.body_text), data={"accept": "1"}).status_code == 303
    assert get_game(rematch_id).status == "active"


def test_a_rematch_against_a_bot_starts_at_once(client, make_player, make_game):
    me, bot = make_player(name="Me"), ensure_bots()[0]
    old = finished(make_game, [me, bot])
    sign_in(client, me)
    rematch = get_game(int(client.post(f"/games/{old.id}/rematch").location.rsplit("/", 1)[1]))
    assert rematch.status == "active" and [s.player_id for s in rematch.seats] == [bot.id, me.id]


def test_bad_rematches_are_refused_and_make_nothing(client, make_player, make_game):
    ann, bob, eve = (make_player(name=n) for n in ("Ann", "Bob", "Eve"))
    going = make_game("pylon", players=[ann, bob])
    old = finished(make_game, [ann, bob])
    assert client.post(f"/games/{old.id}/rematch").status_code == 302  # sign in first
    sign_in(client, eve)
    assert "Offer a rematch" not in client.get(f"/games/{old.id}").get_data(as_text=True)
    assert client.post(f"/games/{old.id}/rematch").status_code == 403
    sign_in(client, ann)
    assert client.post(f"/games/{going.id}/rematch").status_code == 409
    assert client.post("/games/99999/rematch").status_code == 404
    assert client.get(f"/games/{old.id}/rematch").status_code == 405
    assert count() == 2 and not outbox("invitation")


def _both_offer_at_once(app, make_player, make_game):
    """Both players click "Offer a rematch" at the same moment, each from its own session
    (standing in for two processes): one game is offered, the other click finds it."""
    import threading

    from pbem.accounts.service import get_player
    from pbem.play.errors import PositionChanged
    from pbem.play.rematch import RematchOffered

    ann, bob = make_player(name="Ann"), make_player(name="Bob")
    old = finished(make_game, [ann, bob])
    ids, game_id = [ann.id, bob.id], old.id
    db.session.remove()
    barrier, outcomes = threading.Barrier(2), [None, None]

    def offer(index):
        with app.app_context():
            barrier.wait()
            try:
                commands.offer_rematch(commands.locked(game_id), get_player(ids[index]))
                outcomes[index] = "offered"
            except (RematchOffered, PositionChanged):
                outcomes[index] = "pending"
            finally:
                db.session.remove()

    threads = [threading.Thread(target=offer, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(outcomes) == ["offered", "pending"]
    assert count() == 2 and len(outbox("invitation")) == 1


def test_both_players_offering_at_once_make_one_rematch(app, make_player, make_game):
    _both_offer_at_once(app, make_player, make_game)


@pytest.mark.postgres
def test_both_players_offering_at_once_make_one_rematch_on_postgresql(app, make_player,
                                                                      make_game):
    _both_offer_at_once(app, make_player, make_game)
