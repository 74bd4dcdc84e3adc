"""Challenging a player by name from their page: the new-game form with them chosen, an
invitation they answer from the email or the site; never their address on the way."""

from __future__ import annotations

import re

from helpers import outbox, path_of, sign_in
from sqlalchemy import func, select

from pbem.accounts.service import delete_account
from pbem.botplay.accounts import ensure_bots
from pbem.core.extensions import db
from pbem.play.models import Game
from pbem.play.queries import get_game


def test_a_challenge_by_name_invites_the_player_who_accepts_from_the_email(client, make_player):
    me, stranger = make_player(name="Me"), make_player(name="Stranger")
    assert not stranger.findable  # never played, not findable: only their page offers them
    page = client.get(f"/players/{stranger.id}").get_data(as_text=True)
    assert "Challenge Stranger" not in page  # signed out
    sign_in(client, me)
    assert "Challenge Me" not in client.get(f"/players/{me.id}").get_data(as_text=True)
    page = client.get(f"/players/{stranger.id}").get_data(as_text=True)
    link = re.search(r'href="(/new\?opponent=\d+)">Challenge Stranger', page).group(1)
    choose = client.get(link).get_data(as_text=True)
    assert "Challenge Stranger" in choose
    form_url = f"/new/pylon?opponent={stranger.id}"
    assert form_url in choose
    form = client.get(form_url).get_data(as_text=True)
    assert "A challenge to Stranger" in form and stranger.email not in form
    assert re.search(rf'<option selected value="{stranger.id}">Stranger</option>', form)
    made = client.post(form_url, data={"players": 2, "seats": me.email, "known": [stranger.id],
                                       "time_control": "per_move", "days_per_move": "2",
                                       "option_start": "quick"})
    assert made.status_code == 303
    game = get_game(int(made.location.rsplit("/", 1)[1]))
    assert game.status == "invited" and game.options["start"] == "quick"
    assert [s.player_id for s in game.seats] == [me.id, stranger.id]
    [invitation] = outbox("invitation")
    assert invitation.recipient == stranger.email and me.email not in invitation.body_text
    answer = client.application.test_client()
    assert answer.post(path_of(invitation.body_text), data={"accept": "1"}).status_code == 303
    assert get_game(game.id).status == "active"


def test_a_bot_challenged_by_name_accepts_at_once(client, make_player):
    me, bot = make_player(name="Me"), ensure_bots()[0]
    db.session.commit()
    sign_in(client, me)
    assert "Challenge pbem bot" in client.get(f"/players/{bot.id}").get_data(as_text=True)
    made = client.post(f"/new/pylon?opponent={bot.id}",
                       data={"players": 2, "seats": me.email, "known": [bot.id]})
    assert get_game(int(made.location.rsplit("/", 1)[1])).status == "active"


def test_bad_challenges_get_a_clear_answer_and_make_nothing(client, make_player):
    me, invited, gone = make_player(name="Me"), make_player(joined=False), make_player()
    delete_account(gone)
    db.session.commit()
    sign_in(client, me)
    for opponent, status in (("abc", 404), ("99999", 404), (str(invited.id), 404),
                             (str(gone.id), 404), (str(me.id), 422)):
        for url in (f"/new?opponent={opponent}", f"/new/pylon?opponent={opponent}"):
            answer = client.get(url)
            assert answer.status_code == status, url
            assert b"Traceback" not in answer.data
    refused = client.post(f"/new/pylon?opponent={me.id}",
                          data={"players": 2, "seats": me.email, "known": [me.id]})
    assert refused.status_code == 422 and b"You cannot challenge yourself" in refused.data
    # a player neither offered nor challenged cannot be slipped into the form
    other = make_player(name="Other")
    slipped = client.post("/new/pylon", data={"players": 2, "seats": me.email,
                                              "known": [other.id]})
    assert slipped.status_code == 422
    assert db.session.scalar(select(func.count()).select_from(Game)) == 0
    assert not outbox()
