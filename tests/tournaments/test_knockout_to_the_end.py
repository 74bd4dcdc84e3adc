"""Knockouts played to the end through the services and the tick: the bracket says how every
match or table was decided, and the champion is named on the page, in the final email and in
the feed (a drawn decider and a table nobody played included)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from datetime import timedelta

from helpers import outbox, play_turns

from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.queries import get_game
from pbem.tournaments import results, service

from .tournament_sim import T0, open_games, run_to_end, settings, started, tick

ATOM = "{http://www.w3.org/2005/Atom}"


def _final_mail_and_feed(client, t):
    mails = outbox("tournament_final")
    assert len(mails) == len(t.field())
    feed = ET.fromstring(client.get(f"/tournaments/{t.id}.atom").data)
    final = next(e for e in feed.iter(f"{ATOM}entry")
                 if e.find(f"{ATOM}title").text == f"{t.name}: final standings")
    return mails[0], final.find(f"{ATOM}summary").text


def test_a_two_player_knockout_with_a_drawn_decider_names_its_champion(app, client,
                                                                        make_player):
    t = started(make_player, "stax", 4, settings("knockout", best_of=1))
    p1, p2, p3, p4 = (e.player_id for e in t.field())
    names = {e.player_id: e.player.name for e in t.entrants}
    one_v_four, two_v_three = sorted(open_games(t.id), key=lambda tb: tb.match)
    commands.resign(commands.locked(one_v_four.game_id), one_v_four.seats.index(p4))
    now = T0
    for _ in range(2):  # the game, then its decider: one turn each, adjudicated level
        (tb,) = (tb for tb in open_games(t.id) if p2 in tb.seats)
        play_turns(get_game(tb.game_id), 1, random.Random(1))
        now += timedelta(hours=1)
        service.act_on_game(t.id, tb.id, "adjudicate", t.created_by, now, "no time left")
        db.session.commit()
        tick(now)
    final = service.get_tournament(t.id).rounds[-1]
    assert final.matches == [[p1, p2]]
    now += timedelta(days=8)  # nobody plays the final: the one who had to move loses
    tick(now)

    t = service.get_tournament(t.id)
    assert t.status == "finished"
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    (final,) = t.rounds[-1].tables
    absent, champion = final.seats
    assert f"Champion: {names[champion]}" in html
    assert f"{names[absent]} never moved: forfeited" in html
    rows = results.standings(t)  # by round reached: the runner-up above the semi-finalists
    assert [r.player_id for r in rows[:2]] == [champion, absent]
    assert [r.rank for r in rows] == [1, 2, 3, 3]
    assert "<h2>Final</h2>" in html  # the games list names its round as the bracket does
    assert f'<a href="/tournaments/{t.id}?round=1">Semi-finals</a>' in html
    assert f"{names[p2]} advances as the higher seed after a drawn decider" in html
    assert f"{names[p1]} beats {names[p4]} 1–0" in html
    assert "Semi-finals" in html and "Final" in html
    mail, summary = _final_mail_and_feed(client, t)
    assert names[champion] in mail.subject and t.name in mail.subject
    assert f"Champion: {names[champion]}" in mail.body_text and t.name in mail.body_text
    assert summary.splitlines()[0] == f"Champion: {names[champion]}"


def test_a_final_table_nobody_played_goes_to_the_best_seed_not_a_draw(app, client,
                                                                      make_player):
    t = started(make_player, "stawvs", 4, settings("knockout", table_size=4, advance=1))
    tick(T0 + timedelta(days=8))
    t = service.get_tournament(t.id)
    assert t.status == "finished"
    (table,) = t.rounds[0].tables
    absent = table.seats[0]  # had the first turn and never moved: last
    assert table.places[0] == 3 and sorted(table.places) == [0, 1, 2, 3]  # not a draw
    best = next(e for e in t.field() if e.player_id != absent).player.name
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert f"Champion: {best}" in html and "not played: placed in seed order" in html
    mail, summary = _final_mail_and_feed(client, t)
    assert f"Champion: {best}" in mail.body_text and best in mail.subject
    assert summary.splitlines()[0] == f"Champion: {best}"


def test_a_table_knockout_played_out_names_the_winner_of_the_final_table(app, client,
                                                                         make_player):
    t = started(make_player, "stawvs", 6, settings("knockout", table_size=4, advance=2))
    run_to_end(t.id, random.Random(7), turns=5)
    t = service.get_tournament(t.id)
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "Final table" in html and "has a bye" in html
    mail, summary = _final_mail_and_feed(client, t)
    champion = summary.splitlines()[0]
    assert champion.startswith("Champion: ") and champion in html and champion in mail.body_text


def test_a_knockouts_mail_and_feed_name_rounds_as_the_bracket_does(app, client, make_player):
    t = started(make_player, "spike", 4, settings("knockout"))
    for tb in open_games(t.id):
        commands.resign(commands.locked(tb.game_id), 1)  # the last one pairs the final
    (mail, *_) = outbox("tournament_round")
    assert mail.subject.endswith("Final pairings")
    assert f'The pairings for Final of "{t.name}" are out.' in mail.body_text
    feed = ET.fromstring(client.get(f"/tournaments/{t.id}.atom").data)
    titles = [e.find(f"{ATOM}title").text for e in feed.iter(f"{ATOM}entry")]
    assert sorted(titles) == ["Final pairings", "Semi-finals pairings", "Semi-finals results"]
