"""Comments sent with moves and each game's message thread: stored, escaped, shown to those
who may read them, mailed to the other players; every bad input refused with nothing changed."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from helpers import csrf_token, outbox, path_of, sign_in
from sqlalchemy import func, select

from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.models import GameMessage
from pbem.play.queries import get_game

SCRIPT = "<script>alert('hi')</script> & good luck\nsecond line"
#: The tests that store and read messages run on PostgreSQL too.
BACKENDS = pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])


def count_messages() -> int:
    return db.session.scalar(select(func.count()).select_from(GameMessage))


def move_with_comment(client, game, move: str, comment: str, ply: int = 0):
    """Preview ``move`` with ``comment`` on the move form, then confirm it as the preview
    offers (the comment carried in the confirmation form)."""
    preview = client.post(f"/games/{game.id}/preview",
                          data={"move": move, "ply": ply, "comment": comment})
    assert preview.status_code == 200
    carried = re.search(r'<textarea[^>]*name="comment"[^>]*>(.*?)</textarea>',
                        preview.get_data(as_text=True), re.S).group(1)
    return client.post(f"/games/{game.id}/move",
                       data={"move": move, "ply": ply, "comment": _unescape(carried)})


def _unescape(text: str) -> str:
    """A textarea's content as the browser sends it (the newline after the tag is not)."""
    return unescape(text).lstrip("\r\n")


@BACKENDS
def test_a_comment_with_a_move_is_stored_escaped_listed_and_mailed(client, make_game, backend):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    done = move_with_comment(client, game, "Lb2", SCRIPT)
    assert done.status_code == 303 and get_game(game.id).ply == 1
    [comment] = db.session.scalars(select(GameMessage)).all()
    assert (comment.body, comment.ply, comment.seat, comment.with_move) == (SCRIPT, 1, 0, True)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    moves = re.search(r'<ol class="moves">(.*?)</ol>', html, re.S).group(1)
    assert "&lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt; &amp; good luck" in moves
    assert "<script>alert" not in html
    # The opponent's turn email carries it, in both parts, the HTML escaped.
    turn = outbox("turn")[-1]
    assert turn.recipient == game.seats[1].player.email
    assert "and wrote:" in turn.body_text and "good luck\n      second line" in turn.body_text
    assert "&lt;script&gt;" in turn.body_html and "<script>" not in turn.body_html


def test_a_multi_ply_turn_keeps_its_comment_through_the_continuation(client, make_game):
    game = make_game("triumvirate", seed=4)
    sign_in(client, game.seats[0].player)
    rules, state = game.rules, game.load_state()
    first = rules.legal_moves(state)[0]
    step = client.post(f"/games/{game.id}/preview",
                       data={"move": first, "ply": 0, "comment": "gg"})
    html = step.get_data(as_text=True)
    assert "continue your turn" in html  # mid-turn: the move form comes back, comment kept
    assert re.search(r'name="comment"[^>]*>\s*gg</textarea>', html)
    plies, state = [first], rules.play(state, first)
    while rules.turn_plies(state):
        plies.append(rules.legal_moves(state)[0])
        state = rules.play(state, plies[-1])
    confirm = client.post(f"/games/{game.id}/preview", data={
        "turn": " ".join(plies[:-1]), "move": plies[-1], "ply": 0, "comment": "gg"})
    assert re.search(r'name="comment"[^>]*>\s*gg</textarea>', confirm.get_data(as_text=True))
    assert client.post(f"/games/{game.id}/move", data={
        "move": " ".join(plies), "ply": 0, "comment": "gg"}).status_code == 303
    assert db.session.scalar(select(GameMessage.ply)) == len(plies) == get_game(game.id).ply
    moves = re.search(r'<ol class="moves turns">(.*?)</ol>',
                      client.get(f"/games/{game.id}").get_data(as_text=True), re.S).group(1)
    assert moves.count('class="comment"') == 1 and ">gg</q>" in moves


def test_a_bad_comment_refuses_the_move_and_keeps_it_in_the_form(client, make_game):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    for bad in ("x" * 501, "x" * 5000, "colour \x1b[31mred", "right-to-left \u202e override"):
        preview = client.post(f"/games/{game.id}/preview",
                              data={"move": "Lb2", "ply": 0, "comment": bad})
        assert preview.status_code == 422 and b"comment was not posted" in preview.data
        confirm = client.post(f"/games/{game.id}/move",
                              data={"move": "Lb2", "ply": 0, "comment": bad})
        assert confirm.status_code == 422 and b"comment was not posted" in confirm.data
    assert get_game(game.id).ply == 0 and count_messages() == 0
    # Line breaks as browsers send them count once; 500 characters are fine.
    ok = ("y" * 249 + "\r\n") * 2
    assert client.post(f"/games/{game.id}/move",
                       data={"move": "Lb2", "ply": 0, "comment": ok}).status_code == 303
    assert db.session.scalar(select(GameMessage.body)) == ("y" * 249 + "\n" + "y" * 249)


def test_an_empty_comment_stores_nothing(client, make_game):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    assert move_with_comment(client, game, "Lb2", "  \r\n ").status_code == 303
    assert get_game(game.id).ply == 1 and count_messages() == 0


@BACKENDS
def test_a_message_is_posted_shown_and_mailed_to_the_others_only(client, make_game, backend):
    game = make_game("triumvirate")
    author = game.seats[1]
    sign_in(client, author.player)
    posted = client.post(f"/games/{game.id}/messages", data={"body": SCRIPT})
    assert posted.status_code == 303 and posted.location.endswith("#messages")
    [message] = db.session.scalars(select(GameMessage)).all()
    assert (message.seat, message.with_move, message.ply) == (1, False, 0)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    thread = re.search(r'<section class="messages" id="messages">(.*?)</section>', html,
                       re.S).group(1)
    assert "&lt;script&gt;" in thread and "second line" in thread and "<script>" not in html
    mailed = outbox("comment")
    assert sorted(m.recipient for m in mailed) == sorted(
        s.player.email for s in game.seats if s is not author)
    for mail in mailed:
        assert mail.subject == f"[pbem #{game.id}] Triumvirate: a message from P2"
        assert "good luck" in mail.body_text and "&lt;script&gt;" in mail.body_html
        assert mail.headers["Reply-To"].startswith("move+")
        assert author.player.email not in mail.body_text + mail.body_html
        assert "List-Unsubscribe" in mail.headers  # sent under the message kind


def test_a_player_who_switched_message_mail_off_is_not_mailed(client, make_game):
    from pbem.core.db import utcnow
    from pbem.notifications import settings

    game = make_game("pylon")
    settings.switch_off(game.seats[1].player_id, "message", utcnow())
    db.session.commit()
    sign_in(client, game.seats[0].player)
    assert client.post(f"/games/{game.id}/messages", data={"body": "hi"}).status_code == 303
    assert count_messages() == 1 and outbox("comment") == []


def test_private_messages_are_hidden_from_everyone_but_the_players(client, make_game,
                                                                   make_player):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    move_with_comment(client, game, "Lb2", "secret comment")
    client.post(f"/games/{game.id}/messages", data={"body": "secret message"})
    commands.resign(commands.locked(game.id), 1)
    assert b"secret message" in client.get(f"/games/{game.id}").data
    for viewer in (None, make_player()):
        other = client.application.test_client()
        if viewer:
            sign_in(other, viewer)
        html = other.get(f"/games/{game.id}").get_data(as_text=True)
        assert "secret" not in html and 'id="messages"' not in html
    for url in (f"/games/{game.id}.json", f"/games/{game.id}.txt", "/archive",
                f"/games/{game.id}/feed.atom", "/archive/feed.atom"):
        response = client.application.test_client().get(url)
        assert b"secret" not in response.data, url


def test_public_messages_are_shown_to_everyone_once_the_game_is_over(client, make_game,
                                                                     make_player):
    game = make_game("pylon")
    game.messages_public = True
    db.session.commit()
    sign_in(client, game.seats[0].player)
    move_with_comment(client, game, "Lb2", "public comment")
    client.post(f"/games/{game.id}/messages", data={"body": "public message"})
    anonymous = client.application.test_client()
    assert b"public message" not in anonymous.get(f"/games/{game.id}").data  # not yet
    commands.resign(commands.locked(game.id), 1)
    html = anonymous.get(f"/games/{game.id}").get_data(as_text=True)
    assert "public message" in html and "public comment" in html
    assert 'class="message-form"' not in html  # reading is not posting
    assert anonymous.post(f"/games/{game.id}/messages",
                          data={"body": "me too"}).status_code == 403


def test_players_post_after_the_game_but_not_before_it_starts(client, make_game):
    game = make_game("pylon")
    commands.resign(commands.locked(game.id), 1)
    sign_in(client, game.seats[1].player)
    assert client.post(f"/games/{game.id}/messages", data={"body": "gg"}).status_code == 303
    invited = make_game("pylon", start_now=False)
    sign_in(client, invited.seats[0].player)
    assert b'id="messages"' not in client.get(f"/games/{invited.id}").data
    response = client.post(f"/games/{invited.id}/messages", data={"body": "hello?"})
    assert response.status_code == 409 and b"Messages open when the game starts" in response.data
    assert client.post(f"/games/{invited.id}/messages", data={"body": ""}).status_code == 409
    assert count_messages() == 1


def test_bad_messages_are_refused_clearly_and_change_nothing(client, make_game, make_player):
    game = make_game("pylon")
    url = f"/games/{game.id}/messages"
    assert client.post(url, data={"body": "hi"}).status_code == 403  # not signed in
    sign_in(client, make_player())
    response = client.post(url, data={"body": "hi"})
    assert response.status_code == 403 and b"You do not play in this game" in response.data
    sign_in(client, game.seats[0].player)
    for bad, reason in (("", b"it is empty"), ("  \r\n ", b"it is empty"),
                        ("x" * 501, b"longer than 500"), ("bell\x07", b"control characters"),
                        ("escape \x1b[2J", b"control characters")):
        response = client.post(url, data={"body": bad})
        assert response.status_code == 422 and reason in response.data, bad
        assert b'role="alert"' in response.data and b"Traceback" not in response.data
    assert client.post(url, data={"body": "nul\x00"}).status_code == 400  # refused app-wide
    assert client.post(url, data={}).status_code == 422
    assert client.post("/games/999999/messages", data={"body": "hi"}).status_code == 404
    assert count_messages() == 0 and outbox("comment") == []


def test_messages_need_the_csrf_token(make_app, make_game):
    app = make_app(WTF_CSRF_ENABLED=True)
    with app.app_context():
        game = make_game("pylon")
        client = app.test_client()
        sign_in(client, game.seats[0].player)
        url = f"/games/{game.id}/messages"
        assert client.post(url, data={"body": "hi"}).status_code == 400
        assert count_messages() == 0
        token = csrf_token(client, f"/games/{game.id}")
        refused = client.post(url, data={"body": "", "csrf_token": token})
        form = re.search(r'<form class="message-form".*?</form>', refused.get_data(as_text=True),
                         re.S).group(0)
        assert refused.status_code == 422 and 'name="csrf_token"' in form  # can post again
        assert client.post(url, data={"body": "hi", "csrf_token": token}).status_code == 303
        assert count_messages() == 1


@BACKENDS
def test_messages_are_rate_limited(app, client, make_game, backend):
    app.config.update(MESSAGE_LIMIT_PER_PLAYER=2)
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    url = f"/games/{game.id}/messages"
    for n in range(2):
        assert client.post(url, data={"body": f"message {n}"}).status_code == 303
    response = client.post(url, data={"body": "one more"})
    assert response.status_code == 429 and b"try again later" in response.data
    # A comment with a move is not counted against it, nor refused by it.
    assert client.post(f"/games/{game.id}/move",
                       data={"move": "Lb2", "ply": 0, "comment": "still fine"}).status_code == 303
    assert count_messages() == 3 and len(outbox("comment")) == 2


def test_a_move_link_posts_as_its_seat(client, make_game):
    game = make_game("pylon")
    link = path_of(outbox("turn")[-1].body_text.split("this turn only):\n", 1)[1])
    page = client.get(link).get_data(as_text=True)
    assert 'class="message-form"' in page
    posted = client.post(f"{link}/messages", data={"body": "from the link"})
    assert posted.status_code == 303 and posted.location.endswith(f"{link}#messages")
    assert db.session.scalar(select(GameMessage.seat)) == 0
    assert [m.recipient for m in outbox("comment")] == [game.seats[1].player.email]
    assert client.post("/play/not-a-token/messages", data={"body": "x"}).status_code == 403
    assert count_messages() == 1


def test_the_new_game_form_stores_the_public_choice(client, make_player):
    me = make_player()
    sign_in(client, me)
    page = client.get("/new/pylon").get_data(as_text=True)
    assert 'name="messages_public"' in page
    for data, public in (({}, False), ({"messages_public": "y"}, True)):
        created = client.post("/new/pylon", data={
            "players": 2, "seats": f"{me.email}\n{make_player().email}", **data})
        assert created.status_code == 303
        assert get_game(int(created.location.rsplit("/", 1)[1])).messages_public is public
    # The invited player is told, in the invitation and on its page.
    invitations = outbox("invitation")
    assert ["become public" in m.body_text for m in invitations] == [False, True]
    assert "become public" in invitations[1].body_html
    invitee = client.application.test_client()
    assert b"become public" in invitee.get(path_of(invitations[1].body_text)).data


@pytest.mark.parametrize("public", [False, True])
def test_the_thread_says_who_may_read_it(client, make_game, public):
    game = make_game("pylon")
    game.messages_public = public
    db.session.commit()
    sign_in(client, game.seats[0].player)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert ("then everyone may" in html) is public
    assert ("Only the players read these." in html) is not public


def test_a_players_words_are_in_their_data_and_go_with_their_account(client, make_game):
    game = make_game("pylon")
    mine = game.seats[0].player
    commands.play_turn(commands.locked(game.id), 0, "Lb2", 0, comment="my comment")
    commands.post_message(commands.locked(game.id), 1, "their message")
    sign_in(client, mine)
    data = client.get("/account/data.json").get_json()
    assert [(m["text"], m["with_move"], m["game"]) for m in data["messages"]] == [
        ("my comment", True, game.id)]
    assert client.post("/account/delete", data={"sure": "y"}).status_code == 303
    assert db.session.scalars(select(GameMessage.body)).all() == ["their message"]


def test_a_comment_on_the_last_move_goes_in_the_game_over_email(make_game):
    game = make_game("pylon")
    rng, state = random.Random(2), game.load_state()
    while not game.rules.is_over(state):  # a whole game, the last move with a comment
        moves = game.rules.legal_moves(state)
        move = rng.choice(moves)
        after = game.rules.play(state, move)
        comment = "gg <b>well played</b>" if game.rules.is_over(after) else ""
        commands.play_turn(commands.locked(game.id), game.rules.to_move(state), move,
                           get_game(game.id).ply, comment)
        state = get_game(game.id).load_state()
    game = get_game(game.id)
    author = db.session.scalar(select(GameMessage.seat))
    by_recipient = {m.recipient: m for m in outbox("game_over")}
    for seat in game.seats:
        mail = by_recipient[seat.player.email]
        told = "wrote with the last move" in mail.body_text
        assert told is (seat.index != author)
        assert ("gg &lt;b&gt;well played&lt;/b&gt;" in mail.body_html) is told
