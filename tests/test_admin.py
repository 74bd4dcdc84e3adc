"""The administrator's overview: players searchable and paged, the newest games bounded."""

from __future__ import annotations

import re

from helpers import sign_in
from sqlalchemy import event

from pbem.admin.views import NEWEST_GAMES, PLAYERS_PER_PAGE
from pbem.core.extensions import db


def _statements(app, client, url):
    """The page's HTML and the number of SQL statements it ran."""
    count = []
    listener = lambda *args: count.append(1)  # noqa: E731
    event.listen(db.engine, "before_cursor_execute", listener)
    try:
        response = client.get(url)
    finally:
        event.remove(db.engine, "before_cursor_execute", listener)
    assert response.status_code == 200
    return response.get_data(as_text=True), len(count)


def _listed_ids(html):
    section = html.split('id="players"')[1].split("Newest games")[0]
    return [int(n) for n in re.findall(r"<tr><td>(\d+)</td>", section)]


def test_players_come_a_page_at_a_time_in_id_order(app, client, make_player):
    admin = make_player("root@example.com", admin=True)
    players = [make_player(f"member{i:03}@example.com") for i in range(PLAYERS_PER_PAGE + 5)]
    sign_in(client, admin)
    first = _listed_ids(client.get("/admin/").get_data(as_text=True))
    assert first == [admin.id] + [p.id for p in players[:PLAYERS_PER_PAGE - 1]]
    html = client.get(f"/admin/?after={first[-1]}").get_data(as_text=True)
    assert _listed_ids(html) == [p.id for p in players[PLAYERS_PER_PAGE - 1:]]
    assert "Next players" not in html and "First page" in html


def test_search_matches_name_or_address_and_treats_wildcards_literally(app, client, make_player):
    admin = make_player("root@example.com", admin=True)
    carol = make_player("carol@example.org", name="Carol")
    dora = make_player("d100%@example.com", name="Dora")
    make_player("erin@example.com", name="Erin")
    sign_in(client, admin)
    assert _listed_ids(client.get("/admin/?q=CAROL").get_data(as_text=True)) == [carol.id]
    assert _listed_ids(client.get("/admin/?q=example.org").get_data(as_text=True)) == [carol.id]
    assert _listed_ids(client.get("/admin/?q=0%25").get_data(as_text=True)) == [dora.id]
    assert "Nobody matches." in client.get("/admin/?q=zz_").get_data(as_text=True)


def test_a_bad_cursor_shows_the_first_page(app, client, make_player):
    admin = make_player("root@example.com", admin=True)
    sign_in(client, admin)
    for bad in ("x", "-1", "9" * 40, ""):
        response = client.get(f"/admin/?after={bad}")
        assert response.status_code == 200
        assert _listed_ids(response.get_data(as_text=True)) == [admin.id]


def test_only_admins_see_it(app, client, make_player):
    sign_in(client, make_player())
    assert client.get("/admin/").status_code == 403


def test_the_page_costs_the_same_with_many_players_and_games(app, client, make_player,
                                                             make_game):
    admin = make_player("root@example.com", admin=True)
    sign_in(client, admin)
    make_game()
    _, few = _statements(app, client, "/admin/")
    for _ in range(NEWEST_GAMES + 10):
        make_game()
    html, many = _statements(app, client, "/admin/")
    assert many == few
    assert html.count('href="/games/') == NEWEST_GAMES
