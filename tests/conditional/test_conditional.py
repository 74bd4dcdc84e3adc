"""Conditional moves: checked when kept, played in the move's transaction, pruned, private."""

from __future__ import annotations

import pytest
from helpers import StatementCounter
from sqlalchemy import select

from pbem.conditional import service
from pbem.conditional.models import ConditionalTree
from pbem.conditional.service import ConditionalRefused
from pbem.core.extensions import db
from pbem.mail.models import OutboxMessage
from pbem.play import commands
from pbem.play.queries import get_game


def sign_in(client, player):
    with client.session_transaction() as session:
        session["player_id"] = player.id


def keep(game_id, seat, text, ply=None):
    game = commands.locked(game_id)
    with commands.unit_of_work():
        service.set_lines(game, seat, service.parse_text(text), ply)


def mails(kind=None):
    rows = db.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)).all()
    return [row for row in rows if kind is None or row.kind == kind]


def test_a_matching_move_is_answered_in_the_same_transaction(make_game):
    game = make_game("pylon")
    game_id = game.id
    keep(game_id, 1, "Mc3 ; Md4 ; Me5 ; Mf1\nMa1 ; Mb2")
    commands.play_turn(commands.locked(game_id), 0, "Mc3", 0)
    game = get_game(game_id)
    assert [m.move for m in game.moves] == ["Mc3", "Md4"]
    assert game.to_move_seat == 0
    tree = service.read(game_id, game.seats[1].player_id)
    assert tree.lines == [[[0, "Me5"], [1, "Mf1"]]]
    answered = mails("conditional_answered")
    assert len(answered) == 1 and "Md4 answered" in answered[0].subject
    assert answered[0].recipient == game.seats[1].player.email
    # Queued as its facts, written when it goes out: the reply, the turn it answered.
    assert answered[0].body_text is None
    from helpers import outbox

    written = outbox("conditional_answered")[0]
    label = game.seats[0].label
    assert f"Your conditional move Md4 answered {label} Mc3" in written.body_text
    assert "<strong>Md4</strong>" in written.body_html
    assert written.headers["Reply-To"].startswith("move+")
    # The player who answered got no turn mail for the answered turn.
    turns = mails("turn")
    assert [t.recipient for t in turns[-1:]] == [game.seats[0].player.email]
    # Anything else clears them, and the turn mail says so.
    commands.play_turn(commands.locked(game_id), 0, "Ma5", 2)
    game = get_game(game_id)
    assert game.ply == 3 and game.to_move_seat == 1
    tree = service.read(game_id, game.seats[1].player_id)
    assert tree.lines == [] and "Ma5" in tree.cleared_reason
    assert service.turn_mail_remark(game, 1, 3) == tree.cleared_reason
    from helpers import outbox

    turn_mail = outbox("turn")[-1]
    assert turn_mail.recipient == game.seats[1].player.email
    assert "none of your conditional lines expected" in turn_mail.body_text
    assert "none of your conditional lines expected" in turn_mail.body_html


@pytest.mark.parametrize("text, words", [
    ("Mc3 ; Mc3", "Line 1, turn 2 (Mc3)"),
    ("zz", "Line 1, turn 1 (zz)"),
    ("Mc3 ; Md4\nMc3 ; Me5", "Line 2, turn 2 (Me5): another line already answers"),
    ("Mc3 ;  ; Md4", "a turn is empty"),
    ("\n".join(["Mc3 ; Md4"] * 101), "At most 100 lines"),
    (" ; ".join(["Ma1"] * 41), "at most 40 turns"),
])
def test_refused_lines_say_which_turn_and_why(make_game, text, words):
    game = make_game("pylon")
    with pytest.raises(ConditionalRefused) as refused:
        keep(game.id, 1, text)
    assert words in refused.value.message
    assert db.session.scalars(select(ConditionalTree)).all() == []


def test_only_while_the_opponent_is_to_move(make_game):
    game = make_game("pylon")
    with pytest.raises(ConditionalRefused, match="your turn"):
        keep(game.id, 0, "Mc3 ; Md4")
    with pytest.raises(ConditionalRefused, match="position changed"):
        keep(game.id, 1, "Mc3 ; Md4", ply=5)


def test_an_illegal_reply_is_dropped_and_said(make_game):
    game = make_game("pylon")
    game_id = game.id
    keep(game_id, 1, "Mc3 ; Md4")
    # Hand-edit a reply that has become illegal (e.g. rules changed): it is dropped.
    tree = service.read(game_id, game.seats[1].player_id)
    tree.lines = [[[0, "Mc3"], [1, "Mc3"]]]
    db.session.commit()
    commands.play_turn(commands.locked(game_id), 0, "Mc3", 0)
    game = get_game(game_id)
    assert game.ply == 1 and game.to_move_seat == 1
    tree = service.read(game_id, game.seats[1].player_id)
    assert tree.lines == [] and "no longer legal" in tree.cleared_reason
    assert mails("turn")[-1].recipient == game.seats[1].player.email


def test_the_page_shows_sets_and_refuses(client, make_game, make_player):
    game = make_game("pylon")
    game_id, second = game.id, game.seats[1].player
    sign_in(client, second)
    assert client.get(f"/games/{game_id}/conditional").status_code == 200
    answer = client.post(f"/games/{game_id}/conditional",
                         data={"lines": "Mc3 ; Md4\nMa1 ; Mb2", "ply": "0"})
    assert answer.status_code == 303
    page = client.get(f"/games/{game_id}/conditional").get_data(as_text=True)
    assert "Mc3 ; Md4\nMa1 ; Mb2" in page
    refused = client.post(f"/games/{game_id}/conditional", data={"lines": "Mc3 ; Zz9", "ply": "0"})
    assert refused.status_code == 422 and "Line 1, turn 2 (Zz9)" in refused.get_data(as_text=True)
    assert service.lines_text(service.read(game_id, second.id)) == "Mc3 ; Md4\nMa1 ; Mb2"
    stale = client.post(f"/games/{game_id}/conditional", data={"lines": "Mc3 ; Md4", "ply": "3"})
    assert stale.status_code == 409
    assert client.post(f"/games/{game_id}/conditional", data={"lines": "x"}).status_code == 400
    sign_in(client, make_player(name="Outsider"))
    assert client.get(f"/games/{game_id}/conditional").status_code == 403
    assert client.post(f"/games/{game_id}/conditional",
                       data={"lines": "", "ply": "0"}).status_code == 403


def test_the_answered_turn_is_charged_as_if_answered_at_once(make_player):
    from clocks.stored import T0, D, H, timed_game
    from freezegun import freeze_time

    from pbem.clocks.models import StoredClock

    game = timed_game([make_player(name="A"), make_player(name="B")], "bank 2d +12h cap 3d")
    game_id = game.id
    with freeze_time(T0 + H):
        keep(game_id, 1, "Mc3 ; Md4")
    with freeze_time(T0 + D):  # the first player thinks a day
        commands.play_turn(commands.locked(game_id), 0, "Mc3", 0)
    clocks = {row.seat: row for row in db.session.scalars(
        select(StoredClock).where(StoredClock.game_id == game_id)
        .execution_options(populate_existing=True))}
    # The second player's bank lost nothing and gained the increment: 2d + 12h.
    assert clocks[1].remaining_seconds == int((2 * D + 12 * H).total_seconds())  # time frozen
    assert clocks[1].turn_started is None
    # The first player's turn runs again from the answer, with a day spent and 12h back.
    assert clocks[0].turn_started is not None
    assert clocks[0].remaining_seconds == int((D + 12 * H).total_seconds())
    game = get_game(game_id)
    assert game.to_move_seat == 0 and game.to_move_deadline == T0 + D + D + 12 * H


def test_three_players_a_line_names_every_other_players_turn(make_game, make_player):
    players = [make_player(name=f"S{i}") for i in range(3)]
    game = make_game("stax", players=players)
    game_id, rules = game.id, game.rules
    state = game.load_state()
    first = rules.legal_moves(state)[0]
    after_first = rules.play(state, first)
    second = rules.legal_moves(after_first)[0]
    after_second = rules.play(after_first, second)
    mine = rules.legal_moves(after_second)[0]
    keep(game_id, 2, f"{first} ; {second} ; {mine}")
    # A line that leaves out the second player's turn is refused, naming the turn.
    other = rules.legal_moves(after_first)[-1]
    with pytest.raises(ConditionalRefused, match="Line 1, turn 3"):
        keep(game_id, 2, f"{first} ; {other} ; {other}")
    commands.play_turn(commands.locked(game_id), 0, first, 0)
    assert get_game(game_id).ply == 1  # nothing to answer yet: the second player moves
    commands.play_turn(commands.locked(game_id), 1, second, 1)
    game = get_game(game_id)
    assert [m.move for m in game.moves] == [first, second, mine]
    assert game.to_move_seat == 0
    assert f"{mine} answered" in mails("conditional_answered")[-1].subject
    assert mails("conditional_answered")[-1].recipient == players[2].email


def test_a_game_says_whether_its_moves_read_conditional_moves(make_game):
    """A move in a game where nobody keeps lines reads no tree; keeping lines raises the
    game's flag, and the move that uses up the last line lowers it."""
    game = make_game("pylon")
    game_id = game.id
    with StatementCounter(db.engine) as seen:
        commands.play_turn(commands.locked(game_id), 0, "Mc3", 0)
    statements = seen.statements
    assert statements and not [s for s in statements if "conditional_moves" in s]
    assert get_game(game_id).conditional_kept is False
    keep(game_id, 0, "Md4 ; Me5")
    assert get_game(game_id).conditional_kept is True
    commands.play_turn(commands.locked(game_id), 1, "Md4", 1)  # answered: the line is used up
    game = get_game(game_id)
    assert [m.move for m in game.moves] == ["Mc3", "Md4", "Me5"]
    assert game.conditional_kept is False
    assert service.read(game_id, game.seats[0].player_id).lines == []


def test_a_move_answered_at_once_writes_its_tree_and_its_mail_once(make_game):
    """The turn answered and the reply both prune the replying player's lines, in one
    transaction: the tree is written once, with what follows the reply; the reply's mail and
    the next turn's go in one statement, in that order."""
    game = make_game("pylon")
    game_id = game.id
    keep(game_id, 1, "Mc3 ; Md4 ; Me5 ; Mf1")
    with StatementCounter(db.engine) as seen:
        commands.play_turn(commands.locked(game_id), 0, "Mc3", 0)
    statements = seen.statements
    assert len([s for s in statements if s.startswith("UPDATE conditional_moves")]) == 1
    assert len([s for s in statements if s.startswith("INSERT INTO outbox")]) == 1
    assert [m.kind for m in mails()][-2:] == ["conditional_answered", "turn"]
    db.session.expire_all()
    game = get_game(game_id)
    assert [m.move for m in game.moves] == ["Mc3", "Md4"]
    assert service.read(game_id, game.seats[1].player_id).lines == [[[0, "Me5"], [1, "Mf1"]]]


def test_a_tree_read_earlier_in_the_transaction_follows_the_move(make_game):
    """The move prunes the lines past the ORM; a tree the transaction had already loaded
    (an edit read it, say) shows the lines as they now stand, as an edit after the move
    reads them."""
    game = make_game("pylon")
    game_id = game.id
    keep(game_id, 1, "Mc3 ; Md4 ; Me5 ; Mf1\nMa1 ; Mb2")
    player_id = game.seats[1].player_id
    game = commands.locked(game_id)
    with commands.unit_of_work():
        before = service.read(game_id, player_id)
        assert len(before.lines) == 2
        commands.play_turn(game, 0, "Mc3", 0)
        assert service.read(game_id, player_id) is before
        assert before.lines == [[[0, "Me5"], [1, "Mf1"]]]
        service.add_line(game, 1, ["Ma1", "Mb2"])
    assert service.read(game_id, player_id).lines == [
        [[0, "Me5"], [1, "Mf1"]], [[0, "Ma1"], [1, "Mb2"]]]
