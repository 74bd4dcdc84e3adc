"""Limits on the mail one player can cause: games and invitations per window, no repeat
invitation to someone who declined or never answered, and a one-click refusal of every
invitation. Counted in the database, answered with a clear 429 on the form."""

from __future__ import annotations

from datetime import timedelta

from helpers import outbox, path_of, sign_in
from sqlalchemy import func, select

from pbem.core.extensions import db
from pbem.play.models import Game


def games() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


def new_game(client, *emails):
    return client.post("/new/stawvs", data={"players": len(emails), "seats": "\n".join(emails)})


def test_games_per_player_are_limited_within_the_window(app, client, make_player):
    app.config.update(GAME_LIMIT_PER_PLAYER=3, INVITATION_LIMIT_PER_PLAYER=100)
    me = make_player()
    sign_in(client, me)
    for _ in range(3):
        assert new_game(client, me.email, make_player().email).status_code == 303
    before = (games(), len(outbox()))
    refused = new_game(client, me.email, make_player().email)
    assert refused.status_code == 429
    assert "You have created 3 games lately" in refused.get_data(as_text=True)
    assert (games(), len(outbox())) == before
    for game in db.session.scalars(select(Game)):  # the window passes
        game.created_at -= timedelta(seconds=app.config["INVITATION_LIMIT_WINDOW"] + 1)
    db.session.commit()
    assert new_game(client, me.email, make_player().email).status_code == 303


def test_invitations_per_player_are_limited_and_admins_are_not(app, client, make_player):
    app.config.update(INVITATION_LIMIT_PER_PLAYER=4)
    me = make_player()
    sign_in(client, me)
    others = [make_player().email for _ in range(3)]
    assert new_game(client, me.email, *others).status_code == 303
    before = (games(), len(outbox()))
    refused = new_game(client, me.email, *[make_player().email for _ in range(2)])
    assert refused.status_code == 429 and "limit of 4" in refused.get_data(as_text=True)
    assert (games(), len(outbox())) == before
    assert new_game(client, me.email, make_player().email).status_code == 303
    admin = make_player(admin=True)
    sign_in(client, admin)
    for _ in range(3):
        assert new_game(client, admin.email, *others).status_code == 303


def test_someone_who_declined_or_did_not_answer_is_not_mailed_again(app, client, make_player):
    me, declines, ignores = make_player(), make_player(), make_player()
    sign_in(client, me)
    first = new_game(client, me.email, declines.email, ignores.email)
    assert first.status_code == 303
    assert sorted(m.recipient for m in outbox("invitation")) == sorted(
        [declines.email, ignores.email])
    game_id = int(first.location.rsplit("/", 1)[1])
    invitee = app.test_client()
    sign_in(invitee, declines)
    assert invitee.post(f"/games/{game_id}/respond", data={"decline": "1"}).status_code == 303
    again = new_game(client, me.email, declines.email)
    assert again.status_code == 303  # the inviter's answer is the same as for anyone
    assert new_game(client, me.email, ignores.email).status_code == 303
    assert len(outbox("invitation")) == 2
    other = make_player()  # another inviter is not held back
    sign_in(client, other)
    assert new_game(client, other.email, declines.email).status_code == 303
    assert len(outbox("invitation")) == 3
    for game in db.session.scalars(select(Game)):
        game.created_at -= timedelta(seconds=app.config["INVITATION_REPEAT_AFTER"] + 1)
    db.session.commit()
    sign_in(client, me)
    assert new_game(client, me.email, declines.email).status_code == 303
    assert len(outbox("invitation")) == 4


def test_one_click_refuses_every_invitation_from_anyone(app, client, make_player):
    me, them = make_player(name="WIN A PRIZE"), make_player()
    sign_in(client, me)
    assert new_game(client, me.email, them.email).status_code == 303
    [invitation] = outbox("invitation")
    assert "WIN A PRIZE" not in invitation.subject
    assert "Refuse every invitation from pbem" in invitation.body_text
    assert "Refuse every invitation from pbem" in invitation.body_html
    refuse = path_of(invitation.headers["List-Unsubscribe"].strip("<>"))
    assert refuse in invitation.body_text
    stranger = app.test_client()
    page = stranger.get(refuse)
    assert page.status_code == 200 and b"<button>" in page.data
    assert new_game(client, me.email, make_player().email).status_code == 303
    assert len(outbox("invitation")) == 2  # the GET changed nothing
    assert stranger.post(refuse).status_code == 200
    for inviter in (me, make_player()):
        sign_in(client, inviter)
        answer = new_game(client, inviter.email, them.email)
        assert answer.status_code == 303  # the same answer as for any address
    assert [m.recipient for m in outbox("invitation")].count(them.email) == 1


def _at_the_limit(app, client, make_player, me):
    """``me`` has just created as many games from the form as the limit allows."""
    app.config.update(GAME_LIMIT_PER_PLAYER=2, INVITATION_LIMIT_PER_PLAYER=100)
    sign_in(client, me)
    for _ in range(2):
        assert new_game(client, me.email, make_player().email).status_code == 303
    assert new_game(client, me.email, make_player().email).status_code == 429


def test_a_rematch_right_after_the_creation_limit_is_offered(app, client, make_player,
                                                            make_game):
    from pbem.play import commands
    from pbem.play.queries import get_game

    me, you = make_player(), make_player()
    old = make_game("pylon", players=[me, you])
    old.created_by_id = None  # set up by an admin, say: not one of ``me``'s
    commands.adjudicate(commands.locked(old.id), [0])
    _at_the_limit(app, client, make_player, me)
    offered = client.post(f"/games/{old.id}/rematch")
    assert offered.status_code == 303
    rematch = get_game(int(offered.location.rsplit("/", 1)[1]))
    assert rematch.rematch_of_id == old.id
    # ...and it is not counted either: the form still answers with the same count.
    refused = new_game(client, me.email, make_player().email)
    assert "You have created 2 games lately" in refused.get_data(as_text=True)


def test_an_accepted_challenge_and_the_demo_count_for_nobody(app, client, make_player):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "challenges"))
    from forms import newest, other, post

    from pbem.cli.demo import load_demo

    assert load_demo().startswith("demo data loaded")  # Alice's demo games: none counted
    from pbem.accounts.service import player_by_email
    alice = player_by_email("alice@example.com")
    _at_the_limit(app, client, make_player, alice)  # two games of her own reach the limit
    bob = make_player()
    app.config.update(GAME_LIMIT_PER_PLAYER=3)
    assert post(client).status_code == 303  # Alice posts a challenge; Bob accepts it
    challenge = newest()
    assert other(client, bob).post(f"/challenges/{challenge.id}/join").status_code == 303
    assert newest().game_id is not None
    assert new_game(client, alice.email, make_player().email).status_code == 303  # the third
    refused = new_game(client, alice.email, make_player().email)
    assert "You have created 3 games lately" in refused.get_data(as_text=True)
