"""Forced passes (rules/README.md, STAWVS-R1/R2): a seat whose only legal move is ``pass`` is
passed by the server at once, recorded as an ordinary ply marked ``auto``, and the turn email
goes to the seat that is really to move, not to the one that passed."""

from __future__ import annotations

import random
import re

import pytest
from helpers import outbox

from pbem.play import commands, positions
from pbem.play.queries import get_game


def _leaves_a_forced_pass(rules, after) -> bool:
    """After this ply the next seat can only pass, and the game goes on once it has."""
    if rules.is_over(after) or rules.legal_moves(after) != ["pass"]:
        return False
    passed = rules.play(after, "pass")
    return not rules.is_over(passed) and rules.legal_moves(passed) != ["pass"]


def _play_until_a_move_forces_a_pass(game, rng):
    """Random play through the service until the seat to move has a ply that leaves the next
    seat without a move; the game and that ply."""
    rules = game.rules
    for _ in range(200):
        game = get_game(game.id)
        state = game.load_state()
        forcing = [m for m in rules.legal_moves(state)
                   if _leaves_a_forced_pass(rules, rules.play(state, m))]
        if forcing:
            return game, forcing[0]
        ply = rng.choice(rules.legal_moves(state))
        commands.play_turn(commands.locked(game.id), rules.to_move(state), ply, game.ply)
    pytest.fail("no ply forcing a pass came up")


def test_stawvs_r2_the_server_applies_a_forced_pass_and_emails_the_seat_to_move(client,
                                                                                make_game):
    game, ply = _play_until_a_move_forces_a_pass(make_game("stawvs", seed=0), random.Random(3))
    rules, before = game.rules, game.load_state()
    mover, at = rules.to_move(before), game.ply
    passer = rules.to_move(rules.play(before, ply))
    assert passer != mover
    mails_before = len(outbox("turn"))
    link = re.search(r"http://pbem\.test(/play/\S+)", outbox("turn")[-1].body_text).group(1)

    response = client.post(f"{link}/move", data={"move": ply, "ply": at})

    assert response.status_code == 303
    game = get_game(game.id)
    played, forced = game.moves[-2:]
    assert (played.ply, played.seat, played.move, played.auto) == (at + 1, mover, ply, False)
    assert (forced.ply, forced.seat, forced.move, forced.auto) == (at + 2, passer, "pass", True)
    assert game.ply == at + 2 and game.status == "active"
    assert game.rules.to_dict(positions.replay(game)) == game.snapshot
    # One turn email, to the seat to move after the pass; it reports the pass as forced.
    [mail] = outbox("turn")[mails_before:]
    to_move = rules.to_move(game.load_state())
    assert to_move != passer
    assert mail.recipient == game.seats[to_move].player.email
    assert "pass (forced)" in mail.body_text


def test_stawvs_r1_a_seat_that_passed_stays_out_and_gets_no_more_turn_email(make_game):
    game, ply = _play_until_a_move_forces_a_pass(make_game("stawvs", seed=0), random.Random(3))
    rules = game.rules
    commands.play_turn(commands.locked(game.id), rules.to_move(game.load_state()), ply, game.ply)
    game = get_game(game.id)
    first_pass, passer, mails = game.ply, game.moves[-1].seat, len(outbox("turn"))
    rng = random.Random(4)
    for _ in range(200):
        if game.status != "active":
            break
        state = game.load_state()
        commands.play_turn(commands.locked(game.id), rules.to_move(state),
                           rng.choice(rules.legal_moves(state)), game.ply)
        game = get_game(game.id)
    assert game.status == "finished"
    passes = [m for m in game.moves if m.seat == passer and m.ply >= first_pass]
    assert len(passes) > 1 and all(m.move == "pass" and m.auto for m in passes)
    assert game.seats[passer].player.email not in [m.recipient for m in outbox("turn")[mails:]]
