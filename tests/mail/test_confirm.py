"""Preview and confirm by email: a player who asked to confirm their emailed moves is shown
where a move leads, with a code, and plays it by replying ``confirm``; a newer move replaces
the held one, and a confirmation that comes after the position changed plays nothing."""

from __future__ import annotations

import random
import re

from helpers import outbox, sign_in
from sqlalchemy import select

from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.correspondence.ingest import ingest_bytes
from pbem.correspondence.models import PendingMove
from pbem.mail.sender import as_message
from pbem.notifications.settings import DEFAULTS, confirms_email_moves, save
from pbem.play import commands
from pbem.play.models import GameMessage
from pbem.play.queries import get_game

from .test_answers import reply_to


def confirming(game, seat: int = 0):
    """Turn on the seat's player's setting; the reply address of their latest turn email."""
    save(game.seats[seat].player_id, DEFAULTS, utcnow(), confirm_email_moves=True)
    db.session.commit()
    latest = [m for m in outbox("turn") if m.recipient == game.seats[seat].player.email][-1]
    return latest.recipient, latest.headers["Reply-To"]


def last_answer():
    return outbox("reply_result")[-1]


def code_in(answer) -> str:
    return re.search(r"confirm ([A-Z2-9]{4})", answer.body_text).group(1)


def test_the_setting_is_a_checkbox_on_the_notification_settings_page(client, make_player):
    player = make_player()
    sign_in(client, player)
    page = client.get("/settings/notifications").get_data(as_text=True)
    assert 'name="confirm_email_moves"' in page and "Confirm moves sent by email" in page
    form = {"timezone": "UTC", "digest_hour": "7", "quiet_start": "", "quiet_end": "",
            "confirm_email_moves": "1"}
    assert client.post("/settings/notifications", data=form).status_code == 303
    assert confirms_email_moves(player.id)
    assert 'name="confirm_email_moves" value="1" checked' in client.get(
        "/settings/notifications").get_data(as_text=True)
    del form["confirm_email_moves"]
    client.post("/settings/notifications", data=form)
    assert not confirms_email_moves(player.id)


def test_a_move_is_shown_with_its_position_and_played_by_confirm(make_game):
    game = make_game("pylon")
    turn = confirming(game)
    assert ingest_bytes(reply_to(turn, "Mc3")) == f"preview of 'Mc3' in game {game.id}"
    assert get_game(game.id).ply == 0  # nothing played yet
    preview = last_answer()
    code = code_in(preview)
    after = game.rules.play(game.load_state(), "Mc3")
    assert game.renderer.text(after, last_move="Mc3") in preview.body_text
    assert f"confirm {code}" in preview.body_html and 'src="cid:board-' in preview.body_html
    assert preview.headers["Reply-To"].startswith("move+")  # still their turn
    [image] = as_message(preview).images
    assert image.data.startswith(b"\x89PNG") and image.content_id in preview.body_html
    # Replying "confirm" to the preview plays the move; the held move is gone.
    assert ingest_bytes(reply_to(preview, "confirm")) == f"played 'Mc3' in game {game.id}"
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]
    assert db.session.get(PendingMove, (game.id, 0)) is None
    assert "was played" in last_answer().body_text


def test_a_newer_move_replaces_the_held_one_and_only_its_code_confirms(make_game):
    game = make_game("pylon")
    turn = confirming(game)
    ingest_bytes(reply_to(turn, "Mc3"))
    first_code = code_in(last_answer())
    ingest_bytes(reply_to(turn, "Md4"))
    second_code = code_in(last_answer())
    held = db.session.get(PendingMove, (game.id, 0))
    assert (held.move, held.code) == ("Md4", second_code)
    if first_code != second_code:
        assert ingest_bytes(reply_to(turn, f"confirm {first_code}")) == (
            f"wrong confirm code in game {game.id}")
        assert get_game(game.id).ply == 0
        assert f'"confirm {second_code}"' in last_answer().body_text
    assert ingest_bytes(reply_to(turn, f"confirm {second_code.lower()}")) == (
        f"played 'Md4' in game {game.id}")
    assert [m.move for m in get_game(game.id).moves] == ["Md4"]


def test_a_confirmation_after_the_position_changed_plays_nothing(make_game):
    game = make_game("pylon")
    turn = confirming(game)
    ingest_bytes(reply_to(turn, "Mc3"))
    commands.play_turn(commands.locked(game.id), 0, "Md4", 0)  # moved on the web meanwhile
    assert ingest_bytes(reply_to(turn, "confirm")) == f"confirmed too late in game {game.id}"
    assert [m.move for m in get_game(game.id).moves] == ["Md4"]
    answer = last_answer()
    assert "the position changed after you were shown it" in answer.body_text
    assert "the position changed after you were shown it" in answer.body_html
    assert db.session.get(PendingMove, (game.id, 0)) is None


def test_a_held_move_is_forgotten_when_its_game_ends(make_game):
    game, other = make_game("pylon"), make_game("pylon")
    turn = confirming(game)
    ingest_bytes(reply_to(turn, "Mc3"))
    ingest_bytes(reply_to(confirming(other), "Mc3"))
    assert db.session.get(PendingMove, (game.id, 0)) is not None
    commands.resign(commands.locked(game.id), 1)  # the game is over: nothing can confirm it
    assert get_game(game.id).status != "active"
    assert db.session.get(PendingMove, (game.id, 0)) is None
    assert db.session.get(PendingMove, (other.id, 0)) is not None  # other games keep theirs
    assert ingest_bytes(reply_to(turn, "confirm")) == f"nothing to confirm in game {game.id}"


def test_confirm_with_nothing_held_and_refused_moves_play_nothing(make_game):
    game = make_game("pylon")
    turn = confirming(game)
    assert ingest_bytes(reply_to(turn, "confirm")) == f"nothing to confirm in game {game.id}"
    assert "no move waiting for your confirmation" in last_answer().body_text
    assert ingest_bytes(reply_to(turn, "c3-c4")).startswith(f"refused in game {game.id}")
    assert db.session.get(PendingMove, (game.id, 0)) is None and get_game(game.id).ply == 0


def test_a_multi_ply_game_holds_only_a_whole_turn(make_game):
    game = make_game("triumvirate")
    turn = confirming(game)
    state = game.load_state()
    whole = game.rules.random_turn(state, random.Random(1))[0]
    assert len(whole) > 1  # a Triumvirate turn: a card, then several plies
    assert ingest_bytes(reply_to(turn, whole[0])).startswith("refused")
    assert "the turn is not finished" in last_answer().body_text
    whole = " ".join(whole)
    assert ingest_bytes(reply_to(turn, whole)).startswith("preview of")
    assert ingest_bytes(reply_to(turn, "confirm")).startswith("played")
    assert get_game(game.id).ply == len(whole.split())


def test_a_comment_sent_with_a_held_move_goes_with_it_when_confirmed(make_game):
    game = make_game("pylon")
    turn = confirming(game)
    assert ingest_bytes(reply_to(turn, "Mc3\nTake that.\nAnd this.")).startswith("preview")
    preview = last_answer()
    assert "Your comment goes with it when you confirm it" in preview.body_text
    assert "    Take that.\n    And this." in preview.body_text
    assert "Take that." in preview.body_html
    code = code_in(preview)
    assert ingest_bytes(reply_to(preview, f"confirm {code}")) == \
        f"played 'Mc3' in game {game.id}"
    [comment] = db.session.scalars(select(GameMessage).where(GameMessage.game_id == game.id))
    assert comment.with_move and comment.body == "Take that.\nAnd this." and comment.ply == 1
    assert "Your comment went with it" in last_answer().body_text
    # The opponent's turn mail carries it.
    to_p2 = [m for m in outbox("turn") if m.recipient == game.seats[1].player.email][-1]
    assert "Take that." in to_p2.body_text
