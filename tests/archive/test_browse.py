"""The archive list, player pages and game-type pages, through the test client on a database
with many games."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event, select

from pbem.core.extensions import db
from pbem.games import all_rules
from pbem.play.models import Game, Seat


def ids_on(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<td data-label="Game"><a href="/games/(\d+)">', html)]


def all_games() -> list[Game]:
    return db.session.scalars(select(Game).order_by(Game.id)).all()


def count_queries(app):
    statements = []
    event.listen(db.engine, "before_cursor_execute",
                 lambda *args: statements.append(args[2]))
    return statements


def test_the_list_shows_every_game_newest_first_with_counts_and_pages(client, many_games):
    html = client.get("/archive").get_data(as_text=True)
    assert "48 games." in html
    assert ids_on(html) == list(range(48, 23, -1))
    assert ">Pylon (32)<" in html and ">Stawvs (16)<" in html
    assert "in progress (12)" in html and "finished (36)" in html
    assert 'rel="next" href="/archive?after=24">older →' in html and 'rel="prev"' not in html
    page2 = client.get("/archive?after=24").get_data(as_text=True)
    assert ids_on(page2) == list(range(23, 0, -1))
    assert 'rel="prev" href="/archive?before=23">← newer' in page2
    assert 'rel="first" href="/archive"' in page2 and 'rel="next"' not in page2
    back = client.get("/archive?before=23").get_data(as_text=True)
    assert ids_on(back) == ids_on(html)  # less than a page before: the first page
    assert ids_on(client.get("/archive?before=10").get_data(as_text=True)) == list(
        range(35, 10, -1))
    assert ids_on(client.get("/archive?sort=oldest").get_data(as_text=True))[:3] == [1, 2, 3]
    longest = ids_on(client.get("/archive?sort=longest&status=finished").get_data(as_text=True))
    plies = {game.id: game.ply for game in all_games()}
    assert [plies[i] for i in longest] == sorted((plies[i] for i in longest), reverse=True)


def test_filters_by_game_status_player_and_date(client, many_games):
    games = all_games()
    ann = many_games[0]

    def shown(query):
        html = client.get("/archive?" + query + "&sort=oldest").get_data(as_text=True)
        return ids_on(html)

    assert shown("game=stawvs") == [g.id for g in games if g.slug == "stawvs"][:25]
    assert shown("status=active") == [g.id for g in games if g.status == "active"]
    of_ann = [g.id for g in games if any(s.player_id == ann.id for s in g.seats)]
    assert shown(f"player={ann.id}") == of_ann[:25]
    assert shown("from=2024-01-03&to=2024-01-05") == [3, 4, 5]
    assert shown(f"game=pylon&status=finished&player={ann.id}") == [
        g.id for g in games if g.slug == "pylon" and g.status == "finished" and g.id in of_ann]


def test_the_form_finds_a_player_by_display_name_never_by_address(client, many_games,
                                                                  make_player):
    ann = many_games[0]
    by_name = client.get("/archive?by=ann&sort=oldest").get_data(as_text=True)
    assert ids_on(by_name) == ids_on(
        client.get(f"/archive?player={ann.id}&sort=oldest").get_data(as_text=True))
    assert 'name="by" value="Ann"' in by_name
    by_address = client.get(f"/archive?by={ann.email}")
    assert by_address.status_code == 400  # an address finds nobody
    assert "No player is called" in by_address.get_data(as_text=True)
    make_player(name="Ann")
    assert "Several players" in client.get("/archive?by=Ann").get_data(as_text=True)


def test_the_sort_and_result_menus_read_as_words(client, many_games):
    html = client.get("/archive?sort=longest").get_data(as_text=True)
    assert '<option value="longest" selected>most plies</option>' in html
    assert '<option value="newest">newest first</option>' in html
    assert '<option value="won">won by the player</option>' in html


def test_the_menus_and_the_pager_speak_the_readers_language(client, many_games):
    """The status, result and sort menus and the pager's links are the archive's own words,
    read in the page's language: the German page had offered them in English."""
    german = {"Accept-Language": "de"}
    html = client.get("/archive?sort=longest", headers=german).get_data(as_text=True)
    for choice in ('<option value="active">läuft (12)', '<option value="finished">beendet (36)',
                   '<option value="decisive">mit Sieger</option>',
                   '<option value="won">vom Spieler gewonnen</option>',
                   '<option value="newest">neueste zuerst</option>',
                   '<option value="longest" selected>meiste Halbzüge</option>',
                   'rel="next" href="/archive?sort=longest&amp;after='):
        assert choice in html
    assert "kürzere →" in html
    later = client.get("/archive?sort=finished&after=30", headers=german).get_data(as_text=True)
    assert "← später beendete" in later


def test_the_header_links_the_rules(client):
    assert '<a href="/rules">Rules</a>' in client.get("/archive").get_data(as_text=True)


def test_result_filters_follow_the_outcomes(client, many_games):
    games = all_games()
    ann = many_games[0]

    def shown(query):
        return set(ids_on(client.get(f"/archive?{query}&sort=oldest").get_data(as_text=True)))

    def seat_of_ann(game):
        return next((s for s in game.seats if s.player_id == ann.id), None)

    won = {g.id for g in games if seat_of_ann(g) and g.result
           and g.result["winners"] == [seat_of_ann(g).index]}
    lost = {g.id for g in games if seat_of_ann(g) and g.result
            and seat_of_ann(g).index not in g.result["winners"]}
    assert won and lost
    assert shown(f"player={ann.id}&result=won") == won
    assert shown(f"player={ann.id}&result=lost") == lost
    drawn = {g.id for g in games if g.result and len(g.result["winners"]) > 1}
    assert shown("result=drawn") == drawn
    decisive = [g.id for g in games if g.result and len(g.result["winners"]) == 1]
    assert f"{len(decisive)} games" in client.get("/archive?result=decisive").get_data(
        as_text=True)


@pytest.mark.parametrize("query, named", [
    ("status=lost", "status"), ("game=chess", "game"), ("sort=best", "sort"),
    ("after=0", "after"), ("after=x", "after"), ("after=99999", "no such game"),
    ("before=1&after=2", "not both"), ("sort=finished&after=5", "no such game"),
    ("from=2024-13-01", "from"), ("to=yesterday", "to"), ("player=99999", "player"),
    ("player=ann", "player"), ("result=won", "needs a player"),
    ("player=%C2%B2", "player"), ("tournament=99999999999", "tournament"),
    ("by=Nobody", "No player is called"), ("by=Ann&player=1", "not both"),
])
def test_bad_filter_values_are_400_naming_the_problem(client, many_games, query, named):
    response = client.get("/archive?" + query)
    assert response.status_code == 400
    assert named in response.get_data(as_text=True)


def test_the_list_costs_the_same_queries_for_any_page_size(app, client, many_games):
    statements = count_queries(app)
    client.get("/archive?status=finished")
    full_page = len(statements)
    statements.clear()
    client.get("/archive?status=finished&game=stawvs&sort=oldest&after=3")
    assert len(statements) == full_page + 1 <= 8  # and the key of game #3


def test_a_player_page_shows_the_record_per_game_and_whose_turn(client, many_games):
    ann = many_games[0]
    seats = db.session.scalars(select(Seat).where(Seat.player_id == ann.id)).all()
    pylon = [s for s in seats if s.game.slug == "pylon"]
    html = client.get(f"/players/{ann.id}").get_data(as_text=True)
    assert "<h1>Ann</h1>" in html
    won = sum(s.outcome == "won" for s in pylon)
    assert f'result=won">{won}</a>' in html
    ongoing = [s.game for s in seats if s.game.status == "active"]
    assert f'status=active">{sum(g.slug == "pylon" for g in ongoing)}</a>' in html
    for game in ongoing:
        state = game.load_state()
        to_move = game.seats[game.rules.to_move(state)]
        assert f"{to_move.player.name} ({to_move.label}) to move" in html
    assert client.get("/players/99999").status_code == 404
    assert "ann@" not in html and "@example.com" not in html


def test_a_game_type_page_has_the_summary_the_options_and_recent_games(client, many_games):
    html = client.get("/rules/stawvs").get_data(as_text=True)
    assert "Turn structure" in html and "End of game" in html
    assert "<code>claims</code>" in html and "where the four empty squares are" in html
    assert 'href="/rules/stawvs/spec#5-options-variants"' in html
    assert 'href="/rules/stawvs/spec#33-option-claimsvacated' in html
    assert len(ids_on(html)) == 10
    spec = client.get("/rules/stawvs/spec").get_data(as_text=True)
    assert 'id="5-options-variants"' in spec and "<table>" in spec
    assert client.get("/rules").status_code == 200
    assert client.get("/rules/chess").status_code == 404
    assert client.get("/rules/chess/spec").status_code == 404


@pytest.mark.parametrize("slug", [rules.slug for rules in all_rules()])
def test_every_game_ships_its_rules_page(client, slug):
    spec = client.get(f"/rules/{slug}/spec")
    assert spec.status_code == 200
    html = spec.get_data(as_text=True)
    assert "Turn structure" in html and "End of game" in html and "<table>" in html
    summary = client.get(f"/rules/{slug}").get_data(as_text=True)
    assert "not installed" not in summary and f'href="/rules/{slug}/spec#' in summary


def test_without_the_spec_files_the_game_pages_still_work(app, client, tmp_path):
    app.config["RULES_SPEC_DIR"] = str(tmp_path)
    assert client.get("/rules/pylon").status_code == 200
    assert "not installed" in client.get("/rules/pylon/spec").get_data(as_text=True)
    assert client.get("/rules/pylon/spec").status_code == 404


def test_the_list_filters_by_tournament(client, many_games):
    from datetime import UTC, datetime

    from pbem.tournaments.models import Tournament, TournamentRound, TournamentTable

    cup = Tournament(name="Pylon Cup", slug="pylon", options={}, format="swiss",
                     settings={"rounds": 1}, seed=1)
    first = TournamentRound(tournament=cup, number=1, seed=1)
    db.session.add_all([cup, first])
    db.session.flush()
    for board, game_id in enumerate((5, 9, 17), 1):
        db.session.add(TournamentTable(round_id=first.id, tournament_id=cup.id, board=board,
                                       seats=[], game_id=game_id,
                                       deadline=datetime(2030, 1, 1, tzinfo=UTC)))
    db.session.commit()
    html = client.get(f"/archive?tournament={cup.id}&sort=oldest").get_data(as_text=True)
    assert ids_on(html) == [5, 9, 17] and ">Pylon Cup<" in html
    assert client.get("/archive?tournament=999").status_code == 400
