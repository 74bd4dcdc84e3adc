"""The game page, the move form without JavaScript, new games and invitations, through the
test client."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from helpers import outbox, path_of, play_turns, sign_in

from pbem.core.extensions import db
from pbem.games import all_rules
from pbem.play import commands
from pbem.play.queries import get_game

SLUGS = [rules.slug for rules in all_rules()]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_game_page_shows_board_turn_scores_moves_and_players(client, make_game, slug):
    game = play_turns(make_game(slug, seed=4), 3, random.Random(3))
    page = client.get(f"/games/{game.id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "<svg" in html and 'class="description visually-hidden"' in html
    assert all(seat.player.name in html for seat in game.seats)
    assert re.search(r'class="[^"]*\blast\b', html) and game.moves[-1].move in html
    assert "to move" in html and "score" in html
    assert "move-form" not in html  # not signed in


@pytest.mark.parametrize("slug", ["spike", "triumvirate"])
def test_the_move_list_of_a_multi_ply_game_counts_turns(client, make_game, slug):
    game, rng, ends = make_game(slug, seed=4), random.Random(4), [0, 0]
    while ends[-1] - ends[-2] < 2 and game.status == "active":  # up to a turn of 2+ plies
        ends.append(play_turns(game, 1, rng).ply)
    ends = ends[1:]
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    moves = re.search(r'<ol class="moves turns">(.*?)</ol>', html, re.S).group(1)
    items = re.findall(r"<li value=\"(\d+)\"[^>]*>(.*?)</li>", moves, re.S)
    assert [int(number) for number, _ in items] == list(range(1, len(ends)))
    plies = [[int(n) for n in re.findall(r'\?ply=(\d+)"', item)] for _, item in items]
    assert plies == [list(range(a + 1, b + 1)) for a, b in itertools.pairwise(ends)]
    assert len(plies[-1]) > 1
    assert f'?ply={game.ply}" title="ply {game.ply}" aria-current="true"' in moves


@pytest.mark.parametrize("slug", SLUGS)
def test_the_seat_to_move_gets_a_form_with_every_legal_move(client, make_game, slug):
    game = make_game(slug, seed=4)
    sign_in(client, game.seats[0].player)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    legal = game.rules.legal_moves(game.load_state())
    assert "move-form" in html and html.count("<option value=") >= len(legal)
    assert f'<option value="{legal[-1]}">' in html


def test_ply_n_shows_that_position_with_replay_links(client, make_game):
    game = play_turns(make_game("pylon"), 4, random.Random(1))
    html = client.get(f"/games/{game.id}?ply=2").get_data(as_text=True)
    assert "Position after ply 2 of 4" in html
    for ply in (0, 1, 3):
        assert f"/games/{game.id}?ply={ply}" in html
    assert client.get(f"/games/{game.id}?ply=0").status_code == 200
    assert client.get(f"/games/{game.id}?ply=5").status_code == 404
    assert client.get(f"/games/{game.id}?ply=-1").status_code == 404
    assert client.get(f"/games/{game.id}?ply=x").status_code == 404


def test_unknown_games_are_404_pages(client):
    for url in ("/games/999", "/games/abc", "/games/1.json2", "/play/x"):
        response = client.get(url)
        assert response.status_code in (403, 404) and b"Traceback" not in response.data


def test_signed_in_move_preview_then_confirm(client, make_game):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    preview = client.post(f"/games/{game.id}/preview", data={"choice": "Lb2", "ply": 0})
    assert preview.status_code == 200 and b"Confirm Lb2" in preview.data
    assert get_game(game.id).ply == 0
    done = client.post(f"/games/{game.id}/move", data={"move": "Lb2", "ply": 0},
                       follow_redirects=True)
    assert done.status_code == 200 and b"Your move was played" in done.data
    assert get_game(game.id).moves[0].move == "Lb2"
    assert outbox("turn")[-1].recipient == game.seats[1].player.email


def test_the_confirmation_of_a_move_is_only_for_a_ply_the_game_has_reached(client, make_game):
    game = play_turns(make_game("pylon"), 2, random.Random(1))
    for played, shown in (("2", True), ("1", True), ("3", False), ("0", False), ("x", False),
                          ("", False), ("9" * 40, False)):
        response = client.get(f"/games/{game.id}?played={played}")
        assert response.status_code == 200
        assert (b"Your move was played" in response.data) is shown, played


def test_an_illegal_move_shows_the_reason_and_refills_the_form(client, make_game):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    response = client.post(f"/games/{game.id}/preview", data={"move": "Mz9", "ply": 0})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and 'role="alert"' in html and 'value="Mz9"' in html
    confirm = client.post(f"/games/{game.id}/move", data={"move": "Mz9", "ply": 0})
    assert confirm.status_code == 422 and 'value="Mz9"' in confirm.get_data(as_text=True)
    assert get_game(game.id).ply == 0


def test_malformed_forms_are_422_and_change_nothing(client, make_game):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    for data in ({"move": "Mc3"}, {"move": "Mc3", "ply": "x"}, {"ply": 0}, {}):
        assert client.post(f"/games/{game.id}/move", data=data).status_code == 422
    assert client.post(f"/games/{game.id}/preview", data={"ply": -3}).status_code == 422
    assert get_game(game.id).ply == 0


def test_a_stale_page_gets_the_position_changed_with_the_current_board(client, make_game):
    game = make_game("pylon")
    sign_in(client, game.seats[0].player)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)
    response = client.post(f"/games/{game.id}/move", data={"move": "Mb3", "ply": 0})
    assert response.status_code == 409 and b"position changed" in response.data
    assert b"<svg" in response.data and get_game(game.id).ply == 2


def test_only_players_of_the_game_can_move(client, make_game, make_player):
    game = make_game("pylon")
    assert client.post(f"/games/{game.id}/move", data={"move": "Mc3", "ply": 0}).status_code == 403
    sign_in(client, make_player())
    assert client.post(f"/games/{game.id}/move", data={"move": "Mc3", "ply": 0}).status_code == 403
    sign_in(client, game.seats[1].player)
    assert client.post(f"/games/{game.id}/move", data={"move": "Mc3", "ply": 0}).status_code == 403
    assert get_game(game.id).ply == 0


def test_moving_in_a_finished_game_is_refused(client, make_game):
    game = make_game("pylon")
    commands.resign(commands.locked(game.id), 1)
    sign_in(client, game.seats[0].player)
    response = client.post(f"/games/{game.id}/move", data={"move": "Mc3", "ply": 1})
    assert response.status_code == 409 and b"over" in response.data
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Game over" in html and "Won by" in html


def test_resign_needs_the_box_ticked(client, make_game):
    game = make_game("pylon")
    sign_in(client, game.seats[1].player)
    assert client.post(f"/games/{game.id}/resign", data={"ply": 0}).status_code == 422
    assert get_game(game.id).status == "active"
    done = client.post(f"/games/{game.id}/resign", data={"ply": 0, "sure": "y"})
    assert done.status_code == 303 and get_game(game.id).result["winners"] == [0]


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_the_new_game_form_offers_every_option_with_its_default(client, make_player, rules):
    sign_in(client, make_player())
    html = client.get(f"/new/{rules.slug}").get_data(as_text=True)
    for option in rules.options:
        assert f'name="option_{option.name}"' in html
    assert client.get("/new").status_code == 200
    assert client.get("/new/chess").status_code == 404


def test_a_new_game_invites_then_starts_when_everyone_accepts(client, make_player):
    me, friend = make_player(name="WIN A PRIZE at prize.example"), make_player(name="Friend")
    sign_in(client, me)
    created = client.post("/new/pylon", data={
        "players": 2, "seats": f"{me.email}\n{friend.email}", "option_start": "quick",
        "option_layout": "", "option_stacking_starts": "last_placer"})
    assert created.status_code == 303
    game_id = int(created.location.rsplit("/", 1)[1])
    game = get_game(game_id)
    assert game.status == "invited" and game.options["start"] == "quick"
    [invitation] = outbox("invitation")
    assert invitation.recipient == friend.email and "/invitations/" in invitation.body_text
    assert invitation.subject == f"[pbem #{game_id}] Pylon: an invitation to play"
    link = path_of(invitation.body_text)
    invitee = client.application.test_client()
    page = invitee.get(link)
    assert page.status_code == 200 and b"Accept" in page.data
    assert get_game(game_id).status == "invited"  # the GET changed nothing
    assert invitee.post(link, data={"accept": "1"}).status_code == 303
    game = get_game(game_id)
    assert game.status == "active" and game.seats[1].player.joined_at
    assert outbox("turn")[-1].recipient == me.email
    assert invitee.post(link, data={"accept": "1"}).status_code == 409


def test_an_invitation_opened_while_signed_in_as_someone_else_asks_first(client, make_player):
    me, friend, other = make_player(name="Me"), make_player(name="Friend"), make_player(name="Zed")
    sign_in(client, me)
    created = client.post("/new/pylon", data={
        "players": 2, "seats": f"{me.email}\n{friend.email}", "option_start": "quick",
        "option_layout": "", "option_stacking_starts": "alternate"})
    game_id = int(created.location.rsplit("/", 1)[1])
    link = path_of(outbox("invitation")[0].body_text)
    sign_in(client, other)
    page = client.get(link).get_data(as_text=True)
    assert "You are signed in as Zed" in page and 'name="switch"' in page
    assert "Options: Start: quick; Stacking starts: alternate." in page
    refused = client.post(link, data={"accept": "1"})
    assert refused.status_code == 409 and b"Tick the box" in refused.data
    assert get_game(game_id).status == "invited"
    with client.session_transaction() as session:
        assert session["player_id"] == other.id
    assert client.post(link, data={"accept": "1", "switch": "1"}).status_code == 303
    assert get_game(game_id).status == "active"
    with client.session_transaction() as session:
        assert session["player_id"] == friend.id
    game_page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Options: Start: quick; Stacking starts: alternate." in game_page
    assert "You are signed in as" not in client.get(link).get_data(as_text=True)


def test_default_options_are_not_listed(client, make_game):
    game = make_game("stawvs", options={"final_collect": "false"})
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Options: Final collect: no." in html
    assert "Options:" not in client.get(f"/games/{make_game('stawvs').id}").get_data(
        as_text=True)


def test_a_declined_invitation_stops_the_game_and_tells_the_others(client, make_player):
    me, friend = make_player(), make_player()
    friend.findable = True  # so offered by name
    db.session.commit()
    sign_in(client, me)
    created = client.post("/new/pylon", data={"players": 2, "seats": me.email,
                                              "known": [friend.id], "random_order": "y"})
    game_id = int(created.location.rsplit("/", 1)[1])
    sign_in(client, friend)
    assert client.post(f"/games/{game_id}/respond", data={"decline": "1"}).status_code == 303
    assert get_game(game_id).status == "declined"
    [told] = outbox("declined")
    assert told.recipient == me.email and friend.name not in told.subject


def test_new_game_errors_are_shown_and_nothing_is_made(client, make_player):
    me = make_player()
    sign_in(client, me)
    for data in ({"players": 2, "seats": f"{me.email}\nnot-an-address"},
                 {"players": 2, "seats": me.email},
                 {"players": 2, "seats": f"{me.email}\nx@example.com", "option_start": "bogus"},
                 {"players": 2, "seats": "a@example.com\nb@example.com"}):
        response = client.post("/new/pylon", data=data)
        assert response.status_code == 422 and b'role="alert"' in response.data
    assert client.get("/").status_code == 200 and not outbox()


def test_an_admin_creates_a_game_between_others_that_starts_at_once(client, make_player):
    admin, a, b = make_player(admin=True), make_player(), make_player()
    sign_in(client, admin)
    created = client.post("/new/pylon", data={"players": 2, "seats": f"{a.email}\n{b.email}",
                                              "start_now": "y"})
    game = get_game(int(created.location.rsplit("/", 1)[1]))
    assert game.status == "active" and [s.player for s in game.seats] == [a, b]
    assert client.get("/admin/").status_code == 200


def test_non_admins_get_403_on_admin_pages(client, make_player):
    assert client.get("/admin/").status_code == 403
    sign_in(client, make_player())
    assert client.get("/admin/").status_code == 403


def test_home_lists_my_games_with_mine_to_move_first(client, make_game, make_player):
    me = make_player(name="Me")
    waiting = make_game("pylon", players=[make_player(), me])
    mine = make_game("pylon", players=[me, make_player()])
    sign_in(client, me)
    html = client.get("/").get_data(as_text=True)
    assert html.index(f"#{mine.id}<") < html.index(f"#{waiting.id}<")
