"""Ending a game by agreement: proposed, accepted (through the page or the emailed link) or
declined; lapsed by the next ply; drawn, or scored as it stands for Pylon; every player still in
the game must agree; bad requests change nothing."""

from __future__ import annotations

import pytest
from helpers import outbox, path_of, sign_in

from pbem.clocks.models import StoredClock
from pbem.core.errors import PbemError
from pbem.core.extensions import db
from pbem.play import agreement, commands
from pbem.play.commands import create_game
from pbem.play.errors import GameNotActive, NotYourTurn, PositionChanged
from pbem.play.queries import get_game


def answer(client, path: str, game, what: str):
    return client.post(path, data={"answer": what, "ply": game.ply})


def test_a_proposal_accepted_through_its_emailed_link_ends_the_game_drawn(
        app, client, make_game, make_player, runner):
    alice, bob = make_player(name="Alice"), make_player(name="Bob")
    game = make_game("stax", players=[alice, bob])
    sign_in(client, alice)
    proposed = answer(client, f"/games/{game.id}/end", game, "agree")
    assert proposed.status_code == 303
    game = get_game(game.id)
    assert game.status == "active" and game.end_proposal == {"ply": 0, "seats": [0],
                                                          "proposed": [0]}
    assert "Waiting for the other players" in client.get(f"/games/{game.id}").get_data(
        as_text=True)
    assert "Proposal to end it" in client.get("/").get_data(as_text=True)

    (offer,) = outbox("end_offer")
    assert offer.recipient == bob.email and "a draw" in offer.body_text
    link = path_of(offer.body_text.split("this link works for you until the next move):")[1])
    other = app.test_client()  # Bob, not signed in: the link is his seat's key
    page = other.get(link).get_data(as_text=True)
    assert "Alice agrees to end the game now: a draw" in page and "Accept: end the game" in page
    accepted = other.post(f"{link}/end", data={"answer": "agree", "ply": 0})
    assert accepted.status_code == 303 and accepted.location.endswith(f"/games/{game.id}")

    game = get_game(game.id)
    assert game.status == "finished" and game.end_offer is None
    assert game.result == {"winners": [0, 1], "scores": [0, 0], "agreed": True}
    assert [seat.outcome for seat in game.seats] == ["drawn", "drawn"]
    over = outbox("game_over")
    assert {m.recipient for m in over} == {alice.email, bob.email}
    assert all("The players agreed to end it." in m.body_text for m in over)
    assert "ended by agreement. A draw." in client.get(f"/games/{game.id}").get_data(
        as_text=True)
    verified = runner.invoke(args=["pbem", "verify-records"])
    assert "0 mismatched" in verified.output, verified.output


def test_pylon_ends_scored_as_it_stands(make_game):
    game = make_game("pylon", options={"start": "quick"})
    rules, state = game.rules, game.load_state()
    move = next(m for m in rules.legal_moves(state)
                if len(set(rules.scores(rules.play(state, m)))) == 2)
    commands.play_turn(commands.locked(game.id), 0, move, 0)
    game = get_game(game.id)
    scores = rules.scores(game.load_state())
    assert not commands.agree(game, 1, 1)
    assert commands.agree(get_game(game.id), 0, 1)
    game = get_game(game.id)
    leader = scores.index(max(scores))
    assert game.result == {"winners": [leader], "scores": scores, "agreed": True}
    assert game.seats[leader].outcome == "won"


def test_the_next_ply_lapses_a_proposal_and_declining_withdraws_it(make_game):
    game = make_game("pylon")
    commands.agree(game, 0, 0)
    # the proposer moves on: the proposal lapses
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    game = get_game(game.id)
    assert game.end_proposal is None
    assert not commands.agree(game, 1, 1)  # a fresh proposal, not an acceptance
    commands.decline(get_game(game.id), 0, 1)
    game = get_game(game.id)
    assert game.status == "active" and game.end_proposal is None
    (declined,) = outbox("end_declined")
    assert declined.recipient == game.seats[1].player.email
    assert "declined to end" in declined.body_text and "the game goes on" in declined.body_text
    with pytest.raises(PbemError, match="already proposed"):  # once per player per ply
        commands.agree(game, 1, 1)
    commands.agree(game, 0, 1)
    commands.decline(get_game(game.id), 0, 1)  # the proposer takes it back: nobody to tell
    assert len(outbox("end_declined")) == 1


@pytest.mark.parametrize("by", ["page", "link"])
def test_twenty_propose_and_withdraw_cycles_mail_the_opponent_once_per_ply(
        app, client, make_game, by):
    """Proposing, taking it back, proposing again...: the opponent is mailed one proposal for
    the ply; the repeats are refused (429) and change nothing. After a move the proposer may
    propose once more."""
    from pbem.play import links

    game = make_game("stax", seed=2)
    opponent = game.seats[1].player.email
    if by == "page":
        sign_in(client, game.seats[0].player)
        path = f"/games/{game.id}/end"
    else:
        path = path_of(links.move_url(game, 0)) + "/end"
    answers = []
    for _ in range(20):
        answers.append(answer(client, path, get_game(game.id), "agree").status_code)
        if get_game(game.id).end_proposal:
            answers.append(answer(client, path, get_game(game.id), "decline").status_code)
    assert answers[:2] == [303, 303] and set(answers[2:]) == {429}
    offers = [m for m in outbox("end_offer") if m.recipient == opponent]
    assert len(offers) == 1
    assert get_game(game.id).end_proposal is None and get_game(game.id).status == "active"
    state = get_game(game.id).load_state()
    commands.play_turn(commands.locked(game.id), 0, game.rules.legal_moves(state)[0], 0)
    db.session.commit()
    game = get_game(game.id)
    commands.agree(game, 1, 1)  # the opponent's own proposal, at the next ply
    commands.decline(get_game(game.id), 1, 1)
    commands.agree(get_game(game.id), 0, 1)  # a new ply: the first player may propose again
    db.session.commit()
    assert len([m for m in outbox("end_offer") if m.recipient == opponent]) == 2  # one a ply


def test_every_player_still_in_the_game_must_agree(make_game, make_player):
    three = make_game("stawvs", players=[make_player() for _ in range(3)], seed=3)
    commands.resign(commands.locked(three.id), 2)
    three = get_game(three.id)
    assert agreement.players_in(three) == [0, 1]
    with pytest.raises(NotYourTurn):
        commands.agree(three, 2, three.ply)
    assert not commands.agree(get_game(three.id), 0, three.ply)
    assert commands.agree(get_game(three.id), 1, three.ply)
    three = get_game(three.id)
    assert three.result["winners"] == [0, 1] and three.result["agreed"]
    assert [seat.outcome for seat in three.seats] == ["drawn", "drawn", "lost"]


def test_bad_requests_change_nothing(app, client, make_game, make_player):
    game = make_game("pylon")
    commands.agree(game, 0, 0)
    version = get_game(game.id).version
    with pytest.raises(PbemError, match="already agreed"):
        commands.agree(get_game(game.id), 0, 0)
    with pytest.raises(PositionChanged):
        commands.agree(get_game(game.id), 1, 5)
    with pytest.raises(NotYourTurn):
        commands.agree(get_game(game.id), 7, 0)
    sign_in(client, make_player())
    stranger = answer(client, f"/games/{game.id}/end", game, "agree")
    assert stranger.status_code == 403
    sign_in(client, game.seats[1].player)
    for data in ({"answer": "surrender", "ply": 0}, {"answer": "agree"}, {}):
        assert client.post(f"/games/{game.id}/end", data=data).status_code == 422
    stale = client.post(f"/games/{game.id}/end", data={"answer": "agree", "ply": 3})
    assert stale.status_code == 409 and b"position changed" in stale.data
    assert get_game(game.id).version == version
    commands.decline(get_game(game.id), 1, 0)
    with pytest.raises(PbemError, match="Nobody has proposed"):
        commands.decline(get_game(game.id), 1, 0)
    commands.resign(commands.locked(game.id), 0)
    with pytest.raises(GameNotActive):
        commands.agree(get_game(game.id), 1, 1)
    assert answer(client, f"/games/{game.id}/end", get_game(game.id), "agree").status_code == 409


def test_an_agreed_end_stops_the_clocks(make_player):
    players = [make_player(), make_player()]
    game = create_game("pylon", players, creator=players[0], start_now=True, seed=1,
                       time_control="3d/move")
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    running = db.session.query(StoredClock).filter_by(game_id=game.id, seat=1).one()
    assert running.next_check_at is not None
    commands.agree(get_game(game.id), 0, 1)
    commands.agree(get_game(game.id), 1, 1)
    rows = db.session.query(StoredClock).filter_by(game_id=game.id).all()
    assert rows and all(row.next_check_at is None and row.turn_started is None for row in rows)


def test_a_director_adjudicating_withdraws_a_standing_proposal(make_game):
    game = make_game("pylon")
    commands.agree(game, 0, 0)
    commands.adjudicate(commands.locked(game.id), [1])
    db.session.commit()
    game = get_game(game.id)
    assert game.result["adjudicated"] and game.end_offer is None and game.end_proposal is None
