"""The tournament pages: public list, page, feed, invitations and registration; the admin
pages drive the services (each action logged with its reason)."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from dataclasses import astuple
from datetime import timedelta

import pytest
from freezegun import freeze_time
from helpers import outbox, path_of, sign_in

from pbem.core.extensions import db
from pbem.tournaments import page as pages
from pbem.tournaments import results, service

from .tournament_sim import T0, entered, play_open_games, settings, started, tick

FORM = {"name": "Winter Cup", "description": "Cold moves", "format": "swiss",
        "table_size": "2", "cycles": "1", "rounds": "3", "best_of": "1", "advance": "1",
        "round_days": "10", "stall_policy": "forfeit", "extend_days": "3",
        "enrolment": "invitation", "option_launch": "optional", "reason": "season opener"}


def test_pages_follow_a_running_swiss(app, client, make_player):
    t = started(make_player, "spike", 5, settings("swiss", rounds=2))
    with freeze_time(T0 + timedelta(hours=1)):  # the tournament's clock, not today's
        play_open_games(t.id, random.Random(1))  # the last game's end pairs round 2
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "Standings" in html and "Buchholz" in html and "Crosstable" in html
    assert "<dt>Median</dt><dd>Median Buchholz: Buchholz without its highest" in html
    assert "ordered by Buchholz, then Median, then H2H, then Wins, then by seed" in html
    assert "Round 2 of 2" in html and "/games/" in html and "bye" in html.lower()
    assert "all here" in html  # the reason of the start, in the director's log
    assert client.get(f"/tournaments/{t.id}?round=1").status_code == 200
    assert client.get("/tournaments/999").status_code == 404
    listing = client.get("/tournaments").get_data(as_text=True)
    assert t.name in listing and "round 2" in listing
    feed = client.get(f"/tournaments/{t.id}.atom")
    assert feed.mimetype == "application/atom+xml"
    titles = [e.text for e in ET.fromstring(feed.data).iter("{http://www.w3.org/2005/Atom}title")]
    assert titles[1:] == ["Round 2 pairings", "Round 1 results", "Round 1 pairings"]


def test_round_robin_crosstable_and_table_results(app, client, make_player):
    t = started(make_player, "spike", 3, settings("round-robin"))
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "SB" in html and "×" in html
    t = started(make_player, "stawvs", 3, settings("round-robin", table_size=3))
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "Crosstable" not in html and "(points)" in html


def test_an_invitation_link_enters_the_player_and_signs_them_in(app, client, make_player):
    admin = make_player(admin=True)
    t = service.create("spike", settings("swiss"), admin, T0)
    service.invite(t.id, "new.player@example.com", admin, T0)
    (mail,) = outbox("tournament_invitation")
    link = path_of(re.search(r"http://pbem\.test/tournaments/invitations/\S+", mail.body_text)
                   .group(0))
    page = client.get(link)
    assert page.status_code == 200 and b"Accept" in page.data
    assert client.get(link[:-3] + "xyz").status_code == 403
    client.post(link, data={"accept": "1"})
    t = service.get_tournament(t.id)
    assert t.entrants[0].status == "entered" and t.entrants[0].player.joined_at
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert t.entrants[0].player.name in html and "new.player" not in html
    assert client.post(link, data={"accept": "1"}).status_code == 409


def test_open_registration_from_the_page(app, client, make_player):
    admin = make_player(admin=True)
    t = service.create("spike", settings("swiss", enrolment="open"), admin, T0)
    player = make_player()
    assert b"Sign in" in client.get(f"/tournaments/{t.id}").data
    sign_in(client, player)
    client.post(f"/tournaments/{t.id}/register")
    assert service.get_tournament(t.id).entrants[0].player_id == player.id


def test_a_full_tournament_says_so(app, client, make_player):
    admin = make_player(admin=True)
    t = service.create("spike", settings("swiss", enrolment="open", capacity=2), admin, T0)
    for player in (make_player(), make_player()):
        service.register(t.id, player, T0)
    sign_in(client, make_player())
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "<button disabled>Full</button> All 2 places are taken." in html
    assert ">Register</button>" not in html


def test_the_time_control_uses_the_new_game_fields(app, client, make_player):
    sign_in(client, make_player(admin=True))
    bad = client.post("/admin/tournaments/new/spike", data={
        **FORM, "time_control": "per_move", "days_per_move": "900"})
    assert bad.status_code == 422 and not service.all_tournaments()
    assert b'<p class="error" role="alert">Time control: time per move must be' in bad.data
    client.post("/admin/tournaments/new/spike", data={
        **FORM, "time_control": "bank", "bank_initial": "10", "bank_increment": "1.5",
        "bank_cap": "20", "round_days": "30"})  # a bank that fits the round
    (t,) = service.all_tournaments()
    assert t.time_control == "bank 10d +1d12h cap 20d"
    edit = client.get(f"/admin/tournaments/{t.id}/edit").get_data(as_text=True)
    assert '<option selected value="bank">' in edit and 'value="1.5"' in edit


def test_enrolment_errors_show_on_the_director_page(app, client, make_player):
    admin = make_player(admin=True)
    t = service.create("spike", settings("swiss"), admin, T0)
    db.session.commit()  # as the creation page does
    sign_in(client, admin)
    bad = client.post(f"/admin/tournaments/{t.id}/invite", data={"emails": "not an address"})
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and "Cannot do that" not in html
    assert '<p class="error" role="alert">' in html and "not an address</textarea>" in html
    seeding = client.post(f"/admin/tournaments/{t.id}/seed", data={"emails": "x@example.com"})
    assert seeding.status_code == 422 and b"is not entered in this tournament" in seeding.data
    assert not service.get_tournament(t.id).entrants


def test_the_creation_form_refuses_a_past_deadline_on_the_form(app, client, make_player):
    sign_in(client, make_player(admin=True))
    form = client.get("/admin/tournaments/new/spike").get_data(as_text=True)
    assert "Reason (shown in the log)" not in form and 'data-show="swiss:*"' in form
    page = client.post("/admin/tournaments/new/spike", data={
        **FORM, "enrolment": "open", "registration_deadline": "2001-01-01T12:00"})
    assert page.status_code == 422 and b"The registration deadline has passed" in page.data
    assert b'id="tournament-form"' in page.data and not service.all_tournaments()


def test_a_director_is_told_in_their_language_what_the_form_lacks(app, client, make_player):
    """The set-up's refusals are said in the page's language (they had been English on
    every page), with what was typed kept as text."""
    admin = make_player(admin=True)
    sign_in(client, admin)
    german = {"Accept-Language": "de"}
    page = client.post("/admin/tournaments/new/spike", headers=german, data={
        **FORM, "enrolment": "open", "registration_deadline": "2001-01-01T12:00"})
    assert page.status_code == 422
    assert "Der Anmeldeschluss ist schon vorbei" in page.get_data(as_text=True)
    out_of_range = client.post("/admin/tournaments/new/spike", headers=german, data={
        **FORM, "enrolment": "open", "registration_deadline": "1900-01-01T12:00"})
    assert out_of_range.status_code == 422
    assert "Wähle ein Datum vom 1970-01-01 bis zum 2999-12-31." in out_of_range.get_data(
        as_text=True)
    t = service.create("spike", settings("swiss"), admin, T0)
    db.session.commit()
    seeding = client.post(f"/admin/tournaments/{t.id}/seed", headers=german,
                          data={"emails": "<b>x@example.com"})
    assert seeding.status_code == 422
    assert ("&#39;&lt;b&gt;x@example.com&#39; ist in diesem Turnier nicht angemeldet."
            in seeding.get_data(as_text=True))


def test_a_player_withdraws_before_the_start_and_cannot_register_again(app, client,
                                                                       make_player):
    admin = make_player(admin=True)
    t = service.create("spike", settings("swiss", enrolment="open"), admin, T0)
    player = make_player(name="Quitter")
    sign_in(client, player)
    client.post(f"/tournaments/{t.id}/register")
    assert "Withdraw my entry" in client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    unconfirmed = client.post(f"/tournaments/{t.id}/withdraw", follow_redirects=True)
    assert b"Tick the box" in unconfirmed.data
    assert service.get_tournament(t.id).entrants[0].status == "entered"
    done = client.post(f"/tournaments/{t.id}/withdraw", data={"confirm": "y"},
                       follow_redirects=True)
    assert b"You have withdrawn" in done.data and b"Withdraw my entry" not in done.data
    t = service.get_tournament(t.id)
    assert t.entrants[0].status == "withdrawn" and t.log[-1].action == "withdrew"
    (mail,) = outbox("tournament_withdrawal")
    assert mail.subject.endswith("You have withdrawn") and "You have withdrawn" in mail.body_text
    assert "forfeited" not in mail.body_text  # no games yet
    again = client.post(f"/tournaments/{t.id}/register")
    assert again.status_code == 409 and b"You have withdrawn" in again.data
    assert client.post(f"/tournaments/{t.id}/withdraw", data={"confirm": "y"}).status_code == 409


def test_a_player_withdraws_during_the_tournament_forfeiting_their_games(app, client,
                                                                         make_player):
    t = started(make_player, "spike", 4, settings("swiss", rounds=2))
    quitter = t.entrants[0]
    sign_in(client, quitter.player)
    page = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "my unfinished games are forfeited" in page
    client.post(f"/tournaments/{t.id}/withdraw", data={"confirm": "y"})
    t = service.get_tournament(t.id)
    assert t.entrants[0].status == "withdrawn"
    [game] = [tb.game for tb in t.rounds[0].tables if quitter.player_id in tb.seats]
    [mail] = [m for m in outbox("tournament_withdrawal") if m.recipient == quitter.player.email]
    assert "You have withdrawn" in mail.body_text and "forfeited" in mail.body_text
    assert game.status == "finished" and quitter.player.name not in [
        game.seats[i].player.name for i in game.result["winners"]]
    assert f"{quitter.player.name} withdrew" in client.get(f"/tournaments/{t.id}").get_data(
        as_text=True)


def test_only_entrants_withdraw(app, client, make_player):
    t = started(make_player, "spike", 2, settings("swiss", rounds=1))
    sign_in(client, make_player())
    stranger = client.post(f"/tournaments/{t.id}/withdraw", data={"confirm": "y"})
    assert stranger.status_code == 409 and b"not in this tournament" in stranger.data
    admin = make_player(admin=True)
    invited = service.create("spike", settings("swiss"), admin, T0)
    service.invite(invited.id, "guest@example.com", admin, T0)
    db.session.commit()  # as the director's page that does this does
    sign_in(client, invited.entrants[0].player)  # invited, not yet entered
    undecided = client.post(f"/tournaments/{invited.id}/withdraw", data={"confirm": "y"})
    assert undecided.status_code == 409
    assert service.get_tournament(invited.id).entrants[0].status == "invited"
    client.post("/sign-out")
    anonymous = client.post(f"/tournaments/{t.id}/withdraw", data={"confirm": "y"})
    assert anonymous.status_code == 302 and "/sign-in" in anonymous.headers["Location"]
    assert all(e.status == "entered" for e in service.get_tournament(t.id).entrants)


def test_admin_pages_are_for_admins(app, client, make_player):
    sign_in(client, make_player())
    assert client.get("/admin/tournaments/new").status_code == 403
    assert client.post("/admin/tournaments/new/spike", data=FORM).status_code == 403


def test_an_admin_sets_up_starts_and_runs_a_tournament(app, client, make_player):
    admin = make_player(admin=True)
    sign_in(client, admin)
    assert b"Spike" in client.get("/admin/tournaments/new").data
    assert b"launch" in client.get("/admin/tournaments/new/spike").data
    bad = client.post("/admin/tournaments/new/spike", data={**FORM, "rounds": "0"})
    assert bad.status_code == 422
    for junk in ({"rounds": "\u00b3"}, {"capacity": "9" * 5000}, {"enrolment": "open",
                 "starts_at": "9999-12-31T23:59"}):
        bad = client.post("/admin/tournaments/new/spike", data={**FORM, **junk})
        assert bad.status_code == 422, junk
    assert service.all_tournaments() == []
    created = client.post("/admin/tournaments/new/spike", data=FORM)
    manage = created.headers["Location"]
    t = service.all_tournaments()[0]
    assert t.options["launch"] == "optional" and t.stall_policy == "forfeit"
    edit = client.get(f"/admin/tournaments/{t.id}/edit").get_data(as_text=True)
    assert 'value="Winter Cup"' in edit
    client.post(f"/admin/tournaments/{t.id}/edit", data={**FORM, "rounds": "4"})
    emails = "\n".join(make_player().email for _ in range(4))
    client.post(f"/admin/tournaments/{t.id}/invite", data={"emails": emails, "reason": "club"})
    for e in service.get_tournament(t.id).entrants:
        service.answer(t.id, e.player_id, True)
    client.post(f"/admin/tournaments/{t.id}/start", data={"reason": "go"})
    t = service.get_tournament(t.id)
    assert t.status == "running" and t.settings["rounds"] == 4 and len(t.rounds[0].tables) == 2
    html = client.get(manage).get_data(as_text=True)
    assert "Unfinished games of round 1" in html and "Withdraw" in html
    table = t.rounds[0].tables[0]
    client.post(f"/admin/tournaments/{t.id}/games/{table.id}",
                data={"action": "adjudicate", "reason": "agreed"})
    client.post(f"/admin/tournaments/{t.id}/pause", data={"reason": "holidays"})
    client.post(f"/admin/tournaments/{t.id}/resume", data={"reason": ""})
    client.post(f"/admin/tournaments/{t.id}/withdraw/{t.entrants[-1].id}",
                data={"reason": "ill"})
    again = client.post(f"/admin/tournaments/{t.id}/withdraw/{t.entrants[-1].id}",
                        data={"reason": "ill"})
    assert again.status_code == 409
    log = [(e.action.split(" ")[0], e.reason) for e in service.get_tournament(t.id).log]
    assert log == [("created", "season opener"), ("edited", "season opener"),
                   ("invited", "club"), ("started", "go"), ("adjudicated", "agreed"),
                   ("paused", "holidays"), ("resumed", ""), ("withdrew", "ill")]
    page = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "agreed" in page and "ill" in page and "adjudicated" in page


def test_a_started_tournament_keeps_its_format_but_not_its_pace(app, client, make_player):
    t = started(make_player, "spike", 2, settings("swiss", rounds=1))
    sign_in(client, t.created_by)
    assert b"Days per round" in client.get(f"/admin/tournaments/{t.id}/edit").data
    client.post(f"/admin/tournaments/{t.id}/edit", data={
        "name": "Renamed", "rounds": "9", "format": "knockout", "table_size": "3",
        "round_days": "3", "stall_policy": "extend", "extend_days": "2", "reason": "faster"})
    t = service.get_tournament(t.id)
    assert t.name == "Renamed" and t.format == "swiss" and t.table_size == 2
    assert (t.settings["rounds"], t.round_days, t.stall_policy, t.extend_days) == (
        9, 3, "extend", 2)
    fewer = client.post(f"/admin/tournaments/{t.id}/edit", data={
        "name": "Renamed", "rounds": "0", "round_days": "3", "stall_policy": "extend",
        "extend_days": "2"})
    assert fewer.status_code == 422 and service.get_tournament(t.id).settings["rounds"] == 9
    assert client.post(f"/admin/tournaments/{t.id}/start", data={}).status_code == 409


@pytest.mark.parametrize("fmt", ["swiss", "round-robin", "knockout"])
def test_a_tournament_not_yet_started_lists_its_players(app, client, make_player, fmt):
    t = entered(make_player, "spike", 2, settings(fmt))
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "Player 1" in html and "not started" in html
    sign_in(client, t.created_by)
    manage = client.get(f"/admin/tournaments/{t.id}").get_data(as_text=True)
    assert "Seeding" in manage and t.entrants[0].player.email in manage
    client.post(f"/admin/tournaments/{t.id}/seed",
                data={"emails": t.entrants[1].player.email, "reason": ""})
    assert service.seeding(service.get_tournament(t.id))[0] == t.entrants[1]


def test_the_page_uses_stored_standings_only_while_they_are_current(app, client, make_player):
    t = started(make_player, "spike", 4, settings("swiss", rounds=2))
    play_open_games(t.id, random.Random(2), turns=3)
    tick(T0)
    t = service.get_tournament(t.id)
    cached = t.standings_cache
    assert cached["rows"] == json.loads(json.dumps([astuple(r) for r in results.standings(t)]))
    t.standings_cache = {**cached, "rows": [[1, 0, "Stale Name", "9", 0, 0, [], False]]}
    db.session.commit()
    assert "Stale Name" in client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    play_open_games(t.id, random.Random(3))  # a result the tick has not recorded yet
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert "Stale Name" not in html and "Player 1" in html


@pytest.mark.parametrize("slug, players, data", [
    ("spike", 5, settings("knockout", best_of=3)),
    ("stawvs", 6, settings("knockout", table_size=4, advance=2)),
    ("stawvs", 5, settings("swiss", table_size=3, rounds=2)),
])
def test_pages_of_the_other_formats(app, client, make_player, slug, players, data):
    t = started(make_player, slug, players, data)
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    two_player_knockout = data["format"] == "knockout" and data["table_size"] == 2
    first = "<h2>Quarter-finals</h2>" if two_player_knockout else "<h2>Round 1"
    assert first in html and "Standings" in html  # the bracket's name for the round
    if data["table_size"] == 2:
        assert "has a bye" in html and "in progress" in html and 'id="bracket"' in html
    assert client.get(f"/tournaments/{t.id}.atom").status_code == 200


def test_a_big_field_is_paged_and_names_and_results_link(app, client, make_player,
                                                         monkeypatch):
    monkeypatch.setattr(pages, "ROWS_PER_PAGE", 2)
    t = started(make_player, "spike", 5, settings("swiss", rounds=2))
    with freeze_time(T0 + timedelta(hours=1)):  # the tournament's clock, not today's
        play_open_games(t.id, random.Random(1))  # the last game's end pairs round 2
    first = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    standings = re.search(r'id="standings">.*?</table>', first, re.S).group(0)
    assert standings.count("<tr>") == 3  # the header and a page of two
    assert "<strong>1–2</strong>" in first and f"/tournaments/{t.id}?from=5" in first
    player = results.standings(service.get_tournament(t.id))[4]
    last = client.get(f"/tournaments/{t.id}?from=5").get_data(as_text=True)
    last_rows = re.search(r'id="standings">.*?</table>', last, re.S).group(0)
    assert f'<a href="/players/{player.player_id}">{player.name}</a>' in last_rows
    crosstable = re.search(r'id="crosstable">.*?</table>', last, re.S).group(0)
    assert re.search(r'<td>5</td>.*<a href="/games/\d+">[+=-]\d</a>', crosstable, re.S)
    boards = client.get(f"/tournaments/{t.id}?round=1&board=2").get_data(as_text=True)
    assert "<strong>1–2</strong>" in boards  # round 1 has two boards: one page of them
    for bad in ("from=0", "from=x", "from=99", "board=-1"):
        assert client.get(f"/tournaments/{t.id}?{bad}").status_code == 200
    monkeypatch.setattr(pages, "FEED_ROUNDS", 1)  # the feed holds the latest rounds only
    feed = ET.fromstring(client.get(f"/tournaments/{t.id}.atom").data)
    assert [e.text for e in feed.iter("{http://www.w3.org/2005/Atom}title")][1:] == [
        "Round 2 pairings"]


def test_a_player_renamed_after_the_standings_were_stored_shows_by_the_new_name(
        app, client, make_player):
    t = started(make_player, "spike", 4, settings("swiss", rounds=2))
    play_open_games(t.id, random.Random(2), turns=3)
    tick(T0)
    t = service.get_tournament(t.id)
    assert t.standings_cache  # stored, with the names of then
    player = t.entrants[0].player
    old = player.name
    player.name = "Renamed Rita"
    db.session.commit()
    html = client.get(f"/tournaments/{t.id}").get_data(as_text=True)
    assert html.count("Renamed Rita") >= 2  # the standings and the round's tables
    assert f">{old}<" not in html
