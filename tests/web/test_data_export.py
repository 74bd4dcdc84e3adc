"""The data export holds everything the account holds: besides the account, games and
messages, the ratings with each rated game's change, vacations, challenges, blocks, and the
confirm-by-email and automatic-vacation settings."""

from __future__ import annotations

import re

from helpers import sign_in

from pbem.accounts import blocks
from pbem.challenges import service as lobby
from pbem.clocks import booking
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.notifications.settings import DEFAULTS, save
from pbem.play import commands


def test_the_export_holds_ratings_vacations_challenges_blocks_and_settings(
        client, make_player):
    me, rival, pest = (make_player(name=name) for name in ("Me", "Rival", "Pest"))
    now = utcnow()
    save(me.id, DEFAULTS, now, confirm_email_moves=True, auto_vacation=True)
    game = commands.create_game("pylon", [me, rival], creator=me, start_now=True, seed=1,
                                rated=True)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)  # both took part: rated
    commands.resign(commands.locked(game.id), 1)
    booking.book(me.id, "3", "", now)
    blocks.block(me, pest)
    lobby.post(me, lobby.check_terms("pylon", {}, 2, "none", True, None, None, "random"), now)
    db.session.commit()
    sign_in(client, me)
    data = client.get("/account/data.json").get_json()
    settings = data["notification_settings"]
    assert settings["confirm_email_moves"] is True and settings["auto_vacation"] is True
    [rating] = data["ratings"]
    assert rating["game"] == "pylon" and rating["games"] == 1
    [rated] = rating["rated_games"]
    assert rated["game_id"] == game.id and rated["place"] == 1 and rated["change"] > 0
    [vacation] = data["vacations"]
    assert vacation["automatic"] is False and vacation["starts_at"] < vacation["ends_at"]
    [challenge] = data["challenges"]["posted_or_joined"]
    assert challenge["game"] == "pylon" and challenge["posted_by_you"] is True
    assert data["blocked_players"] == [{"id": pest.id, "name": "Pest"}]
    assert pest.email not in str(data) and rival.email not in str(data)


def test_a_finished_rated_game_s_page_shows_the_rating_changes(client, make_player):
    me, rival = make_player(name="Me"), make_player(name="Rival")
    game = commands.create_game("pylon", [me, rival], creator=me, start_now=True, seed=1,
                                rated=True)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Rating changes" not in page  # not over yet
    commands.resign(commands.locked(game.id), 1)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    found = re.search(r"Rating changes: P1 Me (\d+) → (\d+) \(\+(\d+)\); "
                      r"P2 Rival (\d+) → (\d+) \(-(\d+)\)\.", page)
    assert found, page[page.find("Game over"):][:600]
    before, after, gain = map(int, found.group(1, 2, 3))
    assert after - before == gain > 0
