"""Stalled rounds (each deadline policy, and by hand), withdrawals, pause and resume,
enrolment, and two ticks at once advancing a round exactly once."""

from __future__ import annotations

import html
import random
import threading
from datetime import timedelta

import pytest
from helpers import outbox, play_turns
from sqlalchemy import func, select

from pbem.core.errors import PbemError
from pbem.core.extensions import db
from pbem.play.models import Game
from pbem.tick import run_tick
from pbem.tournaments import formats, results, service
from pbem.tournaments.models import Tournament, TournamentRound, TournamentTable

from .tournament_sim import T0, entered, open_games, play_open_games, settings, started, tick

DEADLINE = T0 + timedelta(days=7, minutes=1)


def one_round(make_player, policy, slug="spike", players=4, **extra):
    """A one-round Swiss whose games have had a few random turns each."""
    t = started(make_player, slug, players,
                settings("swiss", rounds=1, stall_policy=policy, **extra))
    play_open_games(t.id, random.Random(1), turns=2)
    return t


def tables(t_id):
    return service.get_tournament(t_id).rounds[0].tables


def test_adjudication_at_the_deadline_uses_the_current_finishing_order(app, make_player):
    t = one_round(make_player, "adjudicate")
    tick(DEADLINE - timedelta(minutes=2))
    assert all(tb.places is None for tb in tables(t.id))
    tick(DEADLINE)
    for tb in tables(t.id):
        game = tb.game
        assert game.result["adjudicated"] and tb.note == "adjudicated by pbem at the deadline"
        assert game.result["automatic"]  # by the deadline's policy
        scores = game.result["scores"]
        best = max(scores)
        assert game.result["winners"] == [s for s, v in enumerate(scores) if v == best]
    t = service.get_tournament(t.id)
    assert t.status == "finished"
    assert any("(deadline policy)" in e.action and e.actor is None for e in t.log)


def test_forfeit_at_the_deadline_resigns_the_seat_to_move(app, make_player):
    t = one_round(make_player, "forfeit")
    to_move = {tb.id: tb.game.rules.to_move(tb.game.load_state()) for tb in tables(t.id)}
    tick(DEADLINE)
    for tb in tables(t.id):
        loser = to_move[tb.id]
        assert tb.game.moves[-1].move == "resign" and tb.game.moves[-1].seat == loser
        assert tb.game.moves[-1].text == "forfeit"
        assert tb.places[loser] == 1 and "forfeited at the deadline" in tb.note


def test_a_forfeit_at_a_table_of_three_removes_the_seat_and_the_game_plays_on(
        app, make_player):
    t = one_round(make_player, "forfeit", slug="stawvs", players=3, table_size=3)
    (tb,) = tables(t.id)
    seat = tb.game.rules.to_move(tb.game.load_state())
    tick(DEADLINE)
    (tb,) = tables(t.id)
    assert tb.game.status == "active" and tb.places is None  # the other two play on
    assert tb.game.moves[-1].move == "resign" and tb.game.moves[-1].seat == seat
    assert "forfeited at the deadline; the others play on" in tb.note
    assert tb.deadline == DEADLINE + timedelta(days=3)  # time for them to finish
    tick(DEADLINE + timedelta(hours=1))  # no second forfeit at the old deadline
    assert sum(m.move == "resign" for m in tables(t.id)[0].game.moves) == 1
    play_open_games(t.id, random.Random(2))
    tick(DEADLINE + timedelta(hours=2))
    (tb,) = tables(t.id)
    assert tb.places[seat] == 2 and "adjudicated" not in tb.game.result
    assert service.get_tournament(t.id).status == "finished"


def test_a_no_show_loses_and_the_opponent_who_never_had_a_turn_wins(app, make_player):
    t = started(make_player, "spike", 2, settings("swiss", rounds=1, stall_policy="extend"))
    (tb,) = tables(t.id)
    absent = tb.game.rules.to_move(tb.game.load_state())
    tick(DEADLINE)  # extended once ...
    assert tables(t.id)[0].places is None
    tick(DEADLINE + timedelta(days=3))  # ... then the no-show forfeits: no draw
    (tb,) = tables(t.id)
    assert tb.places[absent] == 1 and tb.places[1 - absent] == 0
    assert tb.game.moves[-1].text == "forfeit" and "never moved: forfeited" in tb.note
    rows = results.standings(service.get_tournament(t.id))
    assert {r.player_id: r.points for r in rows} == {
        tb.seats[absent]: "0", tb.seats[1 - absent]: "1"}


def test_a_no_show_loses_to_the_opponent_who_moved(app, make_player):
    t = started(make_player, "spike", 2, settings("swiss", rounds=1))
    (tb,) = tables(t.id)
    play_turns(tb.game, 1, random.Random(4))  # the first player moves; the second never
    (tb,) = tables(t.id)
    absent = tb.game.rules.to_move(tb.game.load_state())
    tick(DEADLINE)
    (tb,) = tables(t.id)
    assert tb.places[absent] == 1 and "never moved" in tb.note


def test_adjudication_weighs_only_the_players_who_moved(app, make_player):
    t = started(make_player, "stawvs", 3, settings("swiss", rounds=1, table_size=3))
    (tb,) = tables(t.id)
    play_turns(tb.game, 2, random.Random(5))  # two have moved, the third never does
    (tb,) = tables(t.id)
    absent = tb.game.rules.to_move(tb.game.load_state())
    tick(DEADLINE)
    (tb,) = tables(t.id)
    assert tb.places[absent] == 2 and tb.game.result["adjudicated"]
    assert absent not in tb.game.result["winners"]


def test_extension_is_given_once_then_the_game_is_adjudicated(app, make_player):
    t = one_round(make_player, "extend")
    tick(DEADLINE)
    assert all(tb.extended == 1 and tb.places is None for tb in tables(t.id))
    assert all(tb.deadline == T0 + timedelta(days=10) for tb in tables(t.id))
    tick(DEADLINE + timedelta(days=1))
    assert all(tb.places is None for tb in tables(t.id))
    tick(DEADLINE + timedelta(days=3))
    assert all(tb.note == "adjudicated by pbem at the deadline" for tb in tables(t.id))


def test_a_knockout_game_nobody_plays_goes_to_the_player_who_never_had_a_turn(
        app, make_player):
    t = started(make_player, "spike", 2, settings("knockout", best_of=2))
    now = T0
    for _ in range(3):  # nobody plays: whoever had to move forfeits each game, no draws
        now += timedelta(days=8)
        tick(now)
    t = service.get_tournament(t.id)
    assert t.status == "finished" and len(t.rounds[0].tables) == 3
    for tb in t.rounds[0].tables:
        assert tb.places == [1, 0] and not tb.adjudicated and "never moved" in tb.note
    assert formats.match_winners(t, t.rounds[0]) == [t.rounds[0].tables[-1].seats[1]]


@pytest.mark.parametrize("action", ["adjudicate", "forfeit", "extend"])
def test_the_admin_applies_any_policy_by_hand_at_any_time(app, make_player, action):
    t = one_round(make_player, "extend")
    tb = tables(t.id)[0]
    done = service.act_on_game(t.id, tb.id, action, t.created_by, T0 + timedelta(hours=1),
                               "agreed by both", seat=0)
    tb = db.session.get(TournamentTable, tb.id)
    assert (tb.places is None) == (action == "extend")
    if action == "adjudicate":
        assert "automatic" not in tb.game.result  # the director's decision
    entry = service.get_tournament(t.id).log[-1]
    assert entry.action == done and entry.reason == "agreed by both"
    assert entry.actor == t.created_by
    with pytest.raises(PbemError):
        service.act_on_game(t.id, 10_000, action, t.created_by, T0)


def test_a_withdrawn_player_forfeits_every_remaining_game(app, make_player):
    t = started(make_player, "spike", 4, settings("round-robin"))
    quitter = t.field()[0]
    service.withdraw(t.id, quitter.id, t.created_by, T0, "moved abroad")
    rng = random.Random(3)
    now = T0
    while service.get_tournament(t.id).status != "finished":
        play_open_games(t.id, rng)
        now += timedelta(hours=1)
        tick(now)
    t = service.get_tournament(t.id)
    theirs = [tb for rnd in t.rounds for tb in rnd.tables if quitter.player_id in tb.seats]
    assert len(theirs) == 3
    for tb in theirs:
        assert "withdrew" in tb.note
        assert tb.places[tb.seats.index(quitter.player_id)] == 1
    row = next(r for r in results.standings(t) if r.player_id == quitter.player_id)
    assert row.withdrawn and row.points == "0"
    assert [m.recipient for m in outbox("tournament_withdrawal")] == [quitter.player.email]
    assert any("withdrew" in e.action and e.reason == "moved abroad" for e in t.log)


def test_pause_stops_deadlines_and_resume_moves_them_on(app, make_player):
    t = one_round(make_player, "adjudicate")
    service.pause(t.id, t.created_by, T0 + timedelta(days=1), "holidays")
    db.session.commit()
    tick(DEADLINE + timedelta(days=10))
    assert all(tb.places is None for tb in tables(t.id))
    service.resume(t.id, t.created_by, T0 + timedelta(days=6), "back")
    assert all(tb.deadline == T0 + timedelta(days=12) for tb in tables(t.id))
    with pytest.raises(PbemError):
        service.resume(t.id, t.created_by, T0, "")


def test_the_tick_starts_a_tournament_when_it_is_due(app, make_player):
    t = entered(make_player, "spike", 2, settings("swiss", rounds=1, starts_at=T0))
    lonely = entered(make_player, "spike", 1, settings("swiss", rounds=1, starts_at=T0))
    tick(T0 - timedelta(minutes=1))
    assert service.get_tournament(t.id).status == "setup"
    tick(T0)
    assert service.get_tournament(t.id).status == "running"
    lonely = service.get_tournament(lonely.id)
    assert lonely.status == "setup" and lonely.starts_at is None
    assert "could not start" in lonely.log[-1].action


def test_open_registration_has_a_deadline_and_a_capacity(app, make_player):
    admin = make_player(admin=True)
    t = service.create("spike", settings("swiss", rounds=3, enrolment="open", capacity=2,
                                         registration_deadline=T0), admin, T0)
    service.register(t.id, make_player(), T0)
    with pytest.raises(PbemError, match="closed"):
        service.register(t.id, make_player(), T0 + timedelta(seconds=1))
    service.register(t.id, make_player(), T0)
    with pytest.raises(PbemError, match="closed"):
        service.register(t.id, make_player(), T0)


def test_the_director_seeds_the_bracket(app, make_player):
    t = entered(make_player, "spike", 4, settings("knockout"))
    players = [e.player for e in t.entrants]
    service.seed(t.id, f"{players[3].email}\n{players[2].email.upper()}", t.created_by, T0,
                 "ratings")
    with pytest.raises(PbemError, match="not entered"):
        service.seed(t.id, "stranger@example.com", t.created_by, T0)
    service.start(t.id, t.created_by, T0)
    t = service.get_tournament(t.id)
    order = [players[3], players[2], players[0], players[1]]
    assert [e.player for e in t.field()] == order
    assert [tuple(tb.seats) for tb in t.rounds[0].tables] == [
        (order[0].id, order[3].id), (order[1].id, order[2].id)]
    assert t.log[-2].action.startswith("set the seeding") and t.log[-2].reason == "ratings"


@pytest.mark.parametrize("bad, message", [
    ({"format": "ladder"}, "round robin, Swiss or knockout"),
    ({"table_size": 3}, "not played 3 to a table"),
    ({"options": {"launch": "sometimes"}}, "launch"),
    ({"rounds": 0}, "rounds: .0. is not a whole number from 1 to 99"),
    ({"format": "round-robin", "cycles": 3}, "single"),
    ({"name": " "}, "name"),
    ({"name": "Spring\x07Open"}, "control characters"),
    ({"time_control": "fast"}, "Time control"),
    ({"time_control": "2d/move", "round_days": 1},
     r"With 2 days per move, one move may take as long as a whole round \(1 day\) or longer"),
    ({"time_control": "bank 7d +1d cap 20d"}, r"as long as a whole round \(7 days\)"),
])
def test_settings_that_do_not_work_are_refused(app, make_player, bad, message):
    with pytest.raises(PbemError, match=message):
        service.create("spike", {**settings("swiss"), **bad}, make_player(admin=True), T0)
    assert db.session.scalar(select(func.count()).select_from(Tournament)) == 0


def concurrent_ticks(app, make_player):
    t = started(make_player, "spike", 6, settings("swiss", rounds=3))
    # paused while its games end, so the round is left for the ticks (the safety net)
    t.paused_at = T0
    db.session.commit()
    play_open_games(t.id, random.Random(5))
    assert all(tb.game.status == "finished" for tb in open_games(t.id))
    db.session.get(Tournament, t.id).paused_at = None
    db.session.commit()
    t_id = t.id
    db.session.remove()
    barrier = threading.Barrier(2)
    summaries = []

    def run():
        with app.app_context():
            barrier.wait()
            summaries.append(run_tick(T0 + timedelta(hours=1)))
            db.session.remove()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    rounds = db.session.scalar(select(func.count()).where(TournamentRound.tournament_id == t_id))
    assert rounds == 2, summaries
    assert db.session.scalar(select(func.count()).select_from(Game)) == 6
    assert sum("round 2 paired" in " ".join(s) for s in summaries) == 1, summaries


def test_two_ticks_at_once_advance_a_round_once_on_sqlite(app, make_player):
    concurrent_ticks(app, make_player)


@pytest.mark.postgres
def test_two_ticks_at_once_advance_a_round_once_on_postgresql(app, make_player):
    concurrent_ticks(app, make_player)


def test_every_game_of_a_round_is_linked_once(app, make_player):
    t = started(make_player, "spike", 4, settings("swiss", rounds=2))
    assert len(open_games(t.id)) == 2
    play_turns(tables(t.id)[0].game, 1, random.Random(1))
    assert len(open_games(t.id)) == 2


def test_an_adjudication_at_the_deadline_is_credited_to_pbem_everywhere(app, client,
                                                                         make_player):
    t = one_round(make_player, "adjudicate")
    tick(DEADLINE)
    tb = tables(t.id)[0]

    def page(url):
        return html.unescape(client.get(url).get_data(as_text=True))

    game_page = page(f"/games/{tb.game_id}")
    assert "ended by pbem's adjudication at the deadline" in game_page
    tournament_page = page(f"/tournaments/{t.id}")
    assert "(adjudicated by pbem at the deadline)" in tournament_page
    assert f"pbem adjudicated game #{tb.game_id} (deadline policy)" in tournament_page
    assert "pbem's adjudication at the deadline" in page(f"/games/{tb.game_id}/feed.atom")
    mails = [m for m in outbox("game_over") if f"#{tb.game_id}" in m.subject]
    assert len(mails) == 2
    for mail in mails:
        for body in (mail.body_text, html.unescape(mail.body_html)):
            assert "pbem adjudicated it at the tournament's deadline" in body
            assert "director" not in body


def test_the_director_s_adjudication_is_credited_to_the_director(app, client, make_player):
    t = one_round(make_player, "extend")
    tb = tables(t.id)[0]
    service.act_on_game(t.id, tb.id, "adjudicate", t.created_by, T0 + timedelta(hours=1),
                        "both asked")
    db.session.commit()
    assert tables(t.id)[0].note == "adjudicated by the director"
    page = html.unescape(client.get(f"/games/{tb.game_id}").get_data(as_text=True))
    assert "ended by the director's adjudication" in page
    mails = [m for m in outbox("game_over") if f"#{tb.game_id}" in m.subject]
    assert mails and all("The tournament director adjudicated it." in m.body_text
                         and "pbem adjudicated" not in m.body_text for m in mails)


def test_the_crosstable_marks_forfeits_and_byes_and_the_page_names_fides_rules(
        app, client, make_player):
    t = started(make_player, "spike", 3, settings("swiss", rounds=1))
    tick(DEADLINE)  # nobody moves: the no-show forfeits
    t = service.get_tournament(t.id)
    (tb,) = t.rounds[0].tables
    (bye,) = t.rounds[0].byes
    rows = {r.player_id: r for r in results.standings(t)}
    assert all(rows[p].games == 0 and rows[p].forfeits == 1 for p in tb.seats)
    assert rows[bye].byes == 1 and rows[bye].forfeits == 0
    page = html.unescape(client.get(f"/tournaments/{t.id}").get_data(as_text=True))
    rank = {r.player_id: r.rank for r in results.standings(t)}
    winner, loser = sorted(tb.seats, key=lambda p: tb.places[tb.seats.index(p)])
    assert f">+{rank[loser]}F</a>" in page and f">-{rank[winner]}F</a>" in page
    assert "<td>bye</td>" in page and '<td>0 <small class="extra">+1 forfeit</small></td>' in page
    assert "F: by forfeit, not played" in page
    assert "FIDE's 2023 tie-break regulations" in page


def test_the_log_and_the_page_read_right_for_one_day_and_new_players(app, client,
                                                                     make_player):
    admin = make_player(name="Director", admin=True)
    lena = make_player(name="Lena")
    t = service.create("pylon", {**settings("swiss", round_days=1, extend_days=1),
                                 "time_control": "12h/move"}, admin, T0)
    service.invite(t.id, f"{lena.email}\nnew.one@example.com\nnew.two@example.com", admin, T0)
    db.session.commit()
    t = service.get_tournament(t.id)
    assert t.log[-1].action == "invited Lena and 2 new players"
    page = html.unescape(client.get(f"/tournaments/{t.id}").get_data(as_text=True))
    assert "1 day per round" in page and "=None" not in page
    assert "invited Lena and 2 new players" in page and "invited an invited" not in page
