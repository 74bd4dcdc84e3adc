"""Open challenges through the test client: posting, the list and its filters and pages, the
home page's section, joining until the table is full (the game starts, turn emails queued),
withdrawing, expiry and the feed."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from helpers import outbox

from pbem.challenges import service
from pbem.challenges.models import EXPIRED, OPEN, STARTED
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.play.queries import get_game
from pbem.tick import run_tick

from .forms import counts, newest, other, post


def test_a_posted_challenge_is_listed_with_name_and_rating_never_the_address(
        client, alice, make_player):
    response = post(client, option_start="quick")
    assert response.status_code == 303 and response.location.endswith("/challenges")
    challenge = newest()
    assert (challenge.status, challenge.taken, challenge.players) == (OPEN, 1, 2)
    assert challenge.options["start"] == "quick" and challenge.rated
    assert challenge.expires_at - challenge.created_at == timedelta(days=14)
    viewer = other(client, make_player(name="Bob"))
    html = viewer.get("/challenges").get_data(as_text=True)
    assert "Alice" in html and "1000" in html and "Start: quick" in html
    assert "alice@wonder.example" not in html and "alice%40" not in html
    assert f'action="/challenges/{challenge.id}/join"' in html
    home = viewer.get("/").get_data(as_text=True)
    assert "Open challenges" in home and "Alice" in home and "wonder.example" not in home


@pytest.mark.parametrize("engine", [
    "sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_a_full_table_starts_the_game_and_the_first_seat_gets_a_turn_email(
        client, alice, make_player, engine):
    post(client, seat_order="poster_first", time_control="per_move", days_per_move="2")
    challenge = newest()
    bob = make_player(name="Bob")
    joined = other(client, bob).post(f"/challenges/{challenge.id}/join")
    challenge = newest()
    assert challenge.status == STARTED and challenge.taken == 2
    assert joined.status_code == 303 and joined.location.endswith(f"/games/{challenge.game_id}")
    game = get_game(challenge.game_id)
    assert game.status == "active" and game.time_control == "2d/move" and game.rated
    assert [seat.player.name for seat in game.seats] == ["Alice", "Bob"]  # poster first
    assert [message.recipient for message in outbox("turn")] == [alice.email]
    assert f'id="challenge-{challenge.id}"' not in client.get("/challenges").get_data(
        as_text=True)


def test_a_four_player_table_fills_one_join_at_a_time(client, alice, make_player):
    post(client, "stawvs", players="4", seat_order="poster_first")
    challenge_id = newest().id
    joiners = [make_player(name=name) for name in ("Bob", "Cy", "Di")]
    for count, player in enumerate(joiners[:2], start=2):
        assert other(client, player).post(f"/challenges/{challenge_id}/join").status_code == 303
        assert (newest().taken, newest().status) == (count, OPEN)
    html = other(client, joiners[0]).get("/challenges").get_data(as_text=True)
    assert "3 of 4" in html and "joined" in html
    assert outbox("turn") == []
    other(client, joiners[2]).post(f"/challenges/{challenge_id}/join")
    game = get_game(newest().game_id)
    assert [seat.player.name for seat in game.seats] == ["Alice", "Bob", "Cy", "Di"]
    assert len(game.seats) == 4 and game.status == "active"
    assert len(outbox("turn")) == 1


def test_random_seat_order_seats_the_same_players(client, alice, make_player):
    post(client)
    other(client, make_player(name="Bob")).post(f"/challenges/{newest().id}/join")
    game = get_game(newest().game_id)
    assert sorted(seat.player.name for seat in game.seats) == ["Alice", "Bob"]


def test_the_poster_withdraws_and_nobody_can_join_after(client, alice, make_player):
    post(client)
    challenge_id = newest().id
    bob = other(client, make_player(name="Bob"))
    refused = bob.post(f"/challenges/{challenge_id}/withdraw")
    assert refused.status_code == 403 and newest().status == OPEN
    assert client.post(f"/challenges/{challenge_id}/withdraw").status_code == 303
    assert newest().status == "withdrawn"
    assert "Alice" not in bob.get("/challenges?game=pylon").get_data(as_text=True)
    before = counts()
    response = bob.post(f"/challenges/{challenge_id}/join")
    assert response.status_code == 409 and b"withdrawn" in response.data
    assert counts() == before


def test_challenges_expire_off_the_list_and_the_tick_marks_them(
        client, alice, make_player):
    long_ago = utcnow() - timedelta(days=15)
    old = service.post(alice, service.check_terms("pylon", {}, 2, "none", True, None, None,
                                                  "random"), long_ago)
    db.session.commit()
    post(client)
    bob = other(client, make_player(name="Bob"))
    html = bob.get("/challenges").get_data(as_text=True)
    assert f"challenge-{old.id}\"" not in html and f"challenge-{newest().id}\"" in html
    before = counts()
    response = bob.post(f"/challenges/{old.id}/join")
    assert response.status_code == 409 and b"expired" in response.data
    assert counts() == before
    assert any("1 challenges expired" in line for line in run_tick())
    assert db.session.get(type(old), old.id).status == EXPIRED
    assert newest().status == OPEN


def test_the_list_filters_by_game_and_player_count(client, alice):
    post(client)
    post(client, "stawvs", players="3")
    post(client, "stawvs", players="4")

    def shown(query):
        html = client.get(f"/challenges?{query}").get_data(as_text=True)
        return html.count('<tr id="challenge-')
    mine = 3  # the "Yours" table lists them too
    assert shown("") == 3 + mine
    assert shown("game=stawvs") == 2 + mine
    assert shown("game=stawvs&players=3") == 1 + mine
    assert shown("players=2") == 1 + mine
    response = client.get("/challenges?game=chess")
    assert response.status_code == 400 and b"chess" in response.data
    assert client.get("/challenges?players=%C2%B2").status_code == 400


def test_the_list_pages_by_keyset(client, alice, make_player, app):
    app.config["CHALLENGE_LIMIT_PER_PLAYER"] = 100
    for _ in range(30):
        post(client)
    bob = other(client, make_player(name="Bob"))
    first = bob.get("/challenges").get_data(as_text=True)
    assert first.count('<tr id="challenge-') == 25 and 'rel="next"' in first
    older = first.split('rel="next" href="')[1].split('"')[0].replace("&amp;", "&")
    second = bob.get(older).get_data(as_text=True)
    assert second.count('<tr id="challenge-') == 5 and 'rel="next"' not in second


def test_the_atom_feed_lists_new_challenges_of_one_game(client, alice):
    post(client)
    post(client, "stawvs", players="3")
    feed = client.get("/challenges/stawvs/feed.atom")
    assert feed.status_code == 200 and feed.content_type.startswith("application/atom+xml")
    body = feed.get_data(as_text=True)
    assert body.count("<entry>") == 1 and "Alice (1000?) challenges 2 players to Stawvs" in body
    challenge = newest()
    assert f'href="http://pbem.test/challenges?game=stawvs#challenge-{challenge.id}"' in body
    assert "<summary>3 players · no time limit · rated · seats random; 1 of 3 seats taken; " \
        "open until" in body
    assert "wonder.example" not in body
    assert client.get("/challenges/chess/feed.atom").status_code == 404


def test_the_lobby_offers_the_computer_opponents_to_play_at_once(client, alice):
    from pbem.botplay.accounts import ensure_bots

    bots = ensure_bots()
    db.session.commit()
    page = client.get("/challenges").get_data(as_text=True)
    links = re.findall(r'href="(/new\?opponent=\d+)">(pbem bot, level \d[^<]*)</a>', page)
    assert [name for _, name in links] == [bot.name for bot in bots]
    link, _ = links[0]
    assert f"/new/pylon?opponent={bots[0].id}" in client.get(link).get_data(as_text=True)
    made = client.post(f"/new/pylon?opponent={bots[0].id}",
                       data={"players": 2, "seats": alice.email, "known": [bots[0].id]})
    game = get_game(int(made.location.rsplit("/", 1)[1]))
    assert game.status == "active" and {s.player_id for s in game.seats} == {alice.id, bots[0].id}
    anonymous = client.application.test_client().get("/challenges").get_data(as_text=True)
    assert "pbem bot" not in anonymous


@pytest.mark.parametrize("engine", [
    "sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_a_joined_player_leaves_and_the_table_keeps_its_order(client, alice, make_player,
                                                               engine):
    post(client, "stawvs", players="4", seat_order="poster_first")
    challenge_id = newest().id
    bob, cy, di, ed = (other(client, make_player(name=name)) for name in ("Bob", "Cy", "Di", "Ed"))
    for browser in (bob, cy, di):
        browser.post(f"/challenges/{challenge_id}/join")
    assert newest().status == "started"  # four seats with Alice: that filled it; start again
    post(client, "stawvs", players="4", seat_order="poster_first")
    challenge_id = newest().id
    for browser in (bob, cy):
        browser.post(f"/challenges/{challenge_id}/join")
    html = bob.get("/challenges").get_data(as_text=True)
    assert html.count(f'action="/challenges/{challenge_id}/leave"') == 2  # yours, everyone's
    assert f'action="/challenges/{challenge_id}/join"' not in html
    left = bob.post(f"/challenges/{challenge_id}/leave")
    assert left.status_code == 303 and newest().taken == 2
    assert [seat.player.name for seat in newest().seats] == ["Alice", "Cy"]
    assert [seat.seat for seat in newest().seats] == [0, 1]
    assert bob.post(f"/challenges/{challenge_id}/leave").status_code == 409
    assert client.post(f"/challenges/{challenge_id}/leave").status_code == 409  # the poster
    assert newest().taken == 2
    for browser in (di, ed):
        browser.post(f"/challenges/{challenge_id}/join")
    game = get_game(newest().game_id)
    assert [seat.player.name for seat in game.seats] == ["Alice", "Cy", "Di", "Ed"]
    assert di.post(f"/challenges/{challenge_id}/leave").status_code == 409  # started


@pytest.mark.parametrize("path", ["/challenges/new/pylon", "/challenges/standing/new/pylon"])
def test_the_challenge_forms_speak_the_readers_language(client, alice, path):
    """Every label and choice of the challenge forms is said in the page's language: the
    German forms had asked for the "Seat order" and offered "random" in English."""
    page = " ".join(client.get(path, headers={"Accept-Language": "de"}).text.split())
    for said in ("Anzahl der Spieler", "Sitzordnung", ">zufällig<",
                 ">der Herausforderer zuerst, dann in der Reihenfolge des Beitritts<",
                 "Niedrigste Wertungszahl zum Beitreten", "Höchste Wertungszahl zum Beitreten"):
        assert said in page
    for english in ("Seat order", ">random<", "the poster first", "rating to join"):
        assert english not in page
    if "standing" in path:
        assert "Partien, die gleichzeitig laufen sollen" in page
