"""A tournament moves on as its games end, in the transaction that ends them (play's
"game finished" event), not at the next tick."""

from __future__ import annotations

import random

from helpers import play_turns, random_turn, sign_in
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.mail.models import OutboxMessage
from pbem.play.queries import get_game
from pbem.tournaments import service
from pbem.tournaments.models import TournamentRound, TournamentTable

from .tournament_sim import settings, started


def _last_game_of_round_one(make_player):
    """A four-player Swiss whose round 1 has one game left; that game, one turn from its end
    (the seat to move, and the turn that ends it)."""
    t = started(make_player, "spike", 4, settings("swiss", rounds=2))
    first, last = (tb.game_id for tb in t.rounds[0].tables)
    rng = random.Random(4)
    assert play_turns(get_game(first), 10_000, rng).status == "finished"
    while True:
        game = get_game(last)
        rules, state = game.rules, game.load_state()
        seat, turn = rules.to_move(state), random_turn(rules, state, rng)
        if rules.is_over(rules.play_turn(state, turn)):
            return t.id, game, seat, turn
        play_turns(game, 1, random.Random(rng.random()))


def _round_two(t_id):
    return db.session.scalars(select(TournamentRound).where(
        TournamentRound.tournament_id == t_id, TournamentRound.number == 2)).all()


def test_a_round_advances_within_the_request_that_finishes_its_last_game(
        app, client, make_player):
    t_id, game, seat, turn = _last_game_of_round_one(make_player)
    assert _round_two(t_id) == []
    before = db.session.scalar(select(OutboxMessage.id).order_by(OutboxMessage.id.desc()))
    sign_in(client, game.seats[seat].player)
    game_id = game.id
    response = client.post(f"/games/{game_id}/move", data={"move": turn, "ply": game.ply})
    assert response.status_code in (200, 303), response.get_data(as_text=True)
    db.session.remove()  # only what the request committed
    assert get_game(game_id).status == "finished"
    [rnd] = _round_two(t_id)
    assert rnd.started_at is not None and len(rnd.tables) == 2
    t = service.get_tournament(t_id)
    assert [tb.places is not None for tb in t.rounds[0].tables] == [True, True]
    assert t.rounds[0].finished_at is not None
    new_games = {tb.game_id for tb in rnd.tables}
    assert all(get_game(g).status == "active" for g in new_games)
    mail = db.session.scalars(select(OutboxMessage).where(OutboxMessage.id > before)).all()
    assert {m.game_id for m in mail if m.kind == "turn"} == new_games
    assert sum(m.kind == "tournament_round" for m in mail) == 4
    assert t.standings_cache["key"] is not None and t.standings_cache["rows"]


def test_a_resignation_that_ends_a_round_pairs_the_next(app, client, make_player):
    t_id, game, seat, _ = _last_game_of_round_one(make_player)
    sign_in(client, game.seats[seat].player)
    game_id = game.id
    response = client.post(f"/games/{game_id}/resign", data={"ply": game.ply, "sure": "y"})
    assert response.status_code in (200, 303), response.get_data(as_text=True)
    db.session.remove()
    assert get_game(game_id).status == "finished"
    [rnd] = _round_two(t_id)
    assert len(rnd.tables) == 2
    table = db.session.scalar(select(TournamentTable).where(TournamentTable.game_id == game_id))
    assert table.places is not None


def test_a_paused_tournament_waits_for_the_tick(app, make_player):
    t_id, game, _, _ = _last_game_of_round_one(make_player)
    service.get_tournament(t_id).paused_at = game.created_at
    db.session.commit()
    play_turns(game, 1, random.Random(9))
    assert get_game(game.id).status == "finished"
    assert _round_two(t_id) == []


def test_a_directors_adjudication_of_the_last_game_pairs_the_next_round(
        app, client, make_player):
    t_id, game, _, _ = _last_game_of_round_one(make_player)
    table_id = db.session.scalar(
        select(TournamentTable.id).where(TournamentTable.game_id == game.id))
    sign_in(client, service.get_tournament(t_id).created_by)
    response = client.post(f"/admin/tournaments/{t_id}/games/{table_id}",
                           data={"action": "adjudicate", "seat": "", "reason": "late"})
    assert response.status_code == 303, response.get_data(as_text=True)
    db.session.remove()
    [rnd] = _round_two(t_id)
    assert len(rnd.tables) == 2
