"""A whole two-player game in which one player answers only by conditional moves, set by
replying to the server's mail with ``if`` lines."""

from __future__ import annotations

from email.message import EmailMessage

from helpers import outbox

from pbem.correspondence.ingest import ingest_bytes
from pbem.play import commands
from pbem.play.links import reply_address
from pbem.play.queries import get_game


def reply(to: str, sender: str, body: str) -> str:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: your game"
    message["Message-ID"] = f"<{abs(hash((to, body)))}@client.test>"
    message.set_content(body)
    return ingest_bytes(message.as_bytes())


def settle(rules, state):
    while not rules.is_over(state) and rules.legal_moves(state) == ["pass"]:
        state = rules.play(state, "pass")
    return state


def test_a_game_answered_entirely_by_conditional_moves_set_by_mail(make_game):
    game = make_game("pylon", seed=4)
    game_id, rules = game.id, game.rules
    second = game.seats[1].player.email
    address = reply_address(game, 1, 0)  # any mail of the game to seat 2 carries one
    answered_by_hand = 0
    for _ in range(200):
        game = get_game(game_id)
        if game.status != "active":
            break
        assert game.to_move_seat == 0, "the second player never moved by hand"
        state = game.load_state()
        mine = rules.legal_moves(state)[0]
        after = rules.play(state, mine)
        if rules.is_over(after):
            commands.play_turn(commands.locked(game_id), 0, mine, game.ply)
            break
        replies, after = [], settle(rules, after)
        while not rules.is_over(after) and rules.to_move(after) == 1:  # the first may pass
            replies.append(rules.legal_moves(after)[-1])
            after = settle(rules, rules.play(after, replies[-1]))
        theirs = replies[0]
        line = " ; ".join([mine, *replies])
        outcome = reply(address, second, f"if {line}\n\n> quoted turn mail")
        assert outcome == f"conditional moves kept in game {game_id}", outcome
        kept = outbox("reply_result")[-1]
        assert "conditional moves kept" in kept.subject and f"if {line}" in kept.body_text
        before, told_before = game.ply, len(outbox("conditional_answered"))
        commands.play_turn(commands.locked(game_id), 0, mine, game.ply)
        game = get_game(game_id)
        assert [m.move for m in game.moves[before:] if m.move != "pass"] == [mine, *replies]
        told = outbox("conditional_answered")[told_before:]
        assert len(told) == len(replies) and {m.recipient for m in told} == {second}
        assert f"your conditional move {theirs} answered {game.seats[0].label} {mine}" in \
            told[0].subject
        told = told[-1]
        address = told.headers["Reply-To"]  # the next reply answers this mail
    game = get_game(game_id)
    assert game.status == "finished" and answered_by_hand == 0
    assert all(m.text != "" for m in game.moves)
    # The second player got no turn mail at all: every turn of theirs was answered at once.
    assert [m for m in outbox("turn") if m.recipient == second] == []


def test_a_refused_if_line_is_answered_with_the_reason(make_game):
    game = make_game("pylon")
    second = game.seats[1].player.email
    outcome = reply(reply_address(game, 1, 0), second, "if Mc3 ; Mc3")
    assert outcome == f"conditional moves refused in game {game.id}"
    answer = outbox("reply_result")[-1]
    assert "Line 1, turn 2 (Mc3)" in answer.body_text
