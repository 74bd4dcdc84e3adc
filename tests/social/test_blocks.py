"""Blocking: a block refuses invitations, challenges and rematches both ways and changes
nothing; the blocker lists and lifts blocks on the account page."""

from __future__ import annotations

from helpers import outbox, sign_in
from sqlalchemy import func, select

from pbem.accounts.blocks import blocks_between, is_blocked
from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.models import Game
from pbem.play.queries import players_to_offer


def games() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


def finished_game(make_game, a, b):
    game = make_game("pylon", players=[a, b])
    commands.adjudicate(commands.locked(game.id), [0])
    return game


def test_a_block_refuses_invitations_challenges_and_rematches_both_ways(client, make_player,
                                                                         make_game):
    me, pest = make_player(name="Me"), make_player(name="Pest")
    played = finished_game(make_game, pest, me)
    sign_in(client, me)
    page = client.get(f"/players/{pest.id}").get_data(as_text=True)
    assert "Challenge Pest" in page and "Block Pest" in page
    blocked = client.post(f"/players/{pest.id}/block")
    assert blocked.status_code == 303 and blocked.location.endswith(f"/players/{pest.id}")
    assert is_blocked(me, pest) and not is_blocked(pest, me)
    assert blocks_between(me, pest) and blocks_between(pest.id, me.id)
    page = client.get(f"/players/{pest.id}").get_data(as_text=True)
    assert "You blocked Pest" in page and "Challenge Pest" not in page
    before, mail = games(), len(outbox())

    sign_in(client, pest)
    assert me not in players_to_offer(pest) and pest not in players_to_offer(me)
    invited = client.post("/new/pylon", data={"players": 2, "seats": f"{pest.email}\n{me.email}"})
    assert invited.status_code == 403 and b"Me is not taking invitations from you" in invited.data
    for url in (f"/new?opponent={me.id}", f"/new/pylon?opponent={me.id}"):
        refused = client.get(url)
        assert refused.status_code == 403 and b"not taking challenges from you" in refused.data
    refused = client.post(f"/new/pylon?opponent={me.id}",
                          data={"players": 2, "seats": pest.email, "known": [me.id]})
    assert refused.status_code == 403
    rematch = client.post(f"/games/{played.id}/rematch")
    assert rematch.status_code == 403 and b"not taking invitations from you" in rematch.data

    sign_in(client, me)  # the blocker cannot reach the blocked either
    mine = client.post("/new/pylon", data={"players": 2, "seats": f"{me.email}\n{pest.email}"})
    assert mine.status_code == 403 and b"You have blocked Pest" in mine.data
    assert client.post(f"/games/{played.id}/rematch").status_code == 403
    assert games() == before and len(outbox()) == mail


def test_unblocking_from_the_account_page_lets_invitations_through(client, make_player):
    me, other = make_player(name="Me"), make_player(name="Other")
    sign_in(client, me)
    client.post(f"/players/{other.id}/block")
    client.post(f"/players/{other.id}/block")  # twice: still one block
    account = client.get("/account").get_data(as_text=True)
    assert "Blocked players" in account and "Other" in account and "Unblock" in account
    assert other.email not in account
    lifted = client.post(f"/players/{other.id}/unblock", data={"back": "account"})
    assert lifted.status_code == 303 and lifted.location.endswith("/account")
    assert not blocks_between(me, other)
    assert "You have blocked nobody" in client.get("/account").get_data(as_text=True)
    sign_in(client, other)
    made = client.post("/new/pylon", data={"players": 2, "seats": f"{other.email}\n{me.email}"})
    assert made.status_code == 303
    assert [m.recipient for m in outbox("invitation")] == [me.email]


def test_bad_blocks_are_refused(client, make_player):
    me, invited = make_player(name="Me"), make_player(joined=False)
    assert client.post(f"/players/{invited.id}/block").status_code == 302  # sign in first
    sign_in(client, me)
    assert client.post(f"/players/{me.id}/block").status_code == 422
    assert client.post(f"/players/{invited.id}/block").status_code == 422
    assert client.post("/players/99999/block").status_code == 404
    assert client.post("/players/99999/unblock").status_code == 404
    assert not is_blocked(me, invited) and not is_blocked(me, me)


def test_a_comment_by_email_is_refused_across_a_block(make_game):
    from email.message import EmailMessage

    from pbem.accounts.blocks import block
    from pbem.correspondence.ingest import ingest_bytes

    game = make_game("pylon")
    first = outbox("turn")[0]
    sender, other = game.seats[0].player, game.seats[1].player
    assert first.recipient == sender.email

    def comment(text):
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = sender.email, first.headers["Reply-To"], "Re"
        mail.set_content(f"comment {text}")
        return ingest_bytes(mail.as_bytes())

    assert comment("Hello").startswith("comment sent")
    assert len(outbox("comment")) == 1
    block(other, sender)
    db.session.commit()
    assert comment("Hello again").startswith("comment refused")
    assert [m.body_text.count("Hello again") for m in outbox("comment")] == [0]


def test_no_messages_in_a_game_across_a_block(client, make_game):
    from pbem.accounts.blocks import block
    from pbem.play.models import GameMessage

    game = make_game("pylon")
    poster, other = game.seats[0].player, game.seats[1].player
    block(other, poster)
    db.session.commit()
    sign_in(client, poster)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "is not taking messages from you" in page and 'class="message-form"' not in page
    response = client.post(f"/games/{game.id}/messages", data={"body": "Hi"})
    assert response.status_code == 403
    assert db.session.scalar(select(func.count()).select_from(GameMessage)) == 0
    assert outbox("comment") == []


def test_a_comment_with_a_move_is_refused_across_a_block_and_nothing_is_played(client,
                                                                                 make_game):
    from pbem.accounts.blocks import block
    from pbem.play.models import GameMessage

    game = make_game("pylon")
    mover, other = game.seats[0].player, game.seats[1].player
    move = game.rules.legal_moves(game.load_state())[0]
    block(other, mover)
    db.session.commit()
    sign_in(client, mover)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'name="move"' in page and 'name="comment"' not in page  # no field to write one in
    refused = client.post(f"/games/{game.id}/move",
                          data={"move": move, "ply": 0, "comment": "Gotcha"})
    assert refused.status_code == 403 and b"not taking messages from you" in refused.data
    assert commands.locked(game.id).ply == 0
    assert db.session.scalar(select(func.count()).select_from(GameMessage)) == 0
    played = client.post(f"/games/{game.id}/move", data={"move": move, "ply": 0})
    assert played.status_code == 303 and commands.locked(game.id).ply == 1


def test_blocking_calls_off_the_pending_invitations_between_the_two(client, make_player):
    from pbem.play.models import DECLINED, INVITED

    me, pest, third = (make_player(name=name) for name in ("Me", "Pest", "Third"))
    sign_in(client, pest)
    for seats in (f"{pest.email}\n{me.email}", f"{pest.email}\n{third.email}"):
        assert client.post("/new/pylon", data={"players": 2, "seats": seats}).status_code == 303
    sign_in(client, me)
    assert client.post("/new/stawvs", data={"players": 3, "seats": "\n".join(
        (me.email, third.email, pest.email))}).status_code == 303
    client.post(f"/players/{pest.id}/block")
    statuses = {tuple(seat.player.name for seat in game.seats): game.status
                for game in db.session.scalars(select(Game))}
    assert statuses == {("Pest", "Me"): DECLINED, ("Pest", "Third"): INVITED,
                        ("Me", "Third", "Pest"): DECLINED}
    told = sorted(m.recipient for m in outbox("declined"))
    assert told == sorted([pest.email, third.email, pest.email])
    assert all("declined the invitation" in m.subject for m in outbox("declined"))
