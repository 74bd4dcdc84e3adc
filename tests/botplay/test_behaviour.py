"""Bots on the server behave as good opponents: the worker resigns a game its bot has lost
beyond doubt (unless the game's players turned that off), answers a proposal to end the game,
accepts a rematch, and thinks in CPU time: on a busy host a level-3 move still runs its whole
search."""

from __future__ import annotations

import subprocess
import sys

import pytest
from bots.positions import EVEN, HOPELESS
from helpers import sign_in

from pbem.botplay import worker
from pbem.botplay.accounts import ensure_bots
from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.models import ACTIVE, FINISHED
from pbem.play.queries import get_game


@pytest.fixture
def bots(app):
    """The bot accounts by level."""
    found = {level: bot for level, bot in enumerate(ensure_bots(), start=1)}
    db.session.commit()
    return found


def built_game(human, bot, seed: int, moves: list[str], bot_first=False, **settings):
    """A Pylon game of the human (seat 0) against the bot (seat 1; the other way round
    ``bot_first``), brought to the position after ``moves`` through play's own command."""
    players = [bot, human] if bot_first else [human, bot]
    game = commands.create_game("pylon", players, creator=human, seed=seed, **settings)
    for move in moves:
        game = commands.locked(game.id)
        commands.play_turn(game, game.to_move_seat, move, game.ply)
    return game.id


def test_the_bot_resigns_a_game_it_has_lost(make_player, bots):
    human = make_player()
    game_id = built_game(human, bots[1], *HOPELESS["pylon"])
    assert worker.run() == "1 resigned"
    game = get_game(game_id)
    assert game.status == FINISHED and game.result["winners"] == [0]


def test_the_bot_plays_a_lost_game_out_when_the_players_chose_so(make_player, bots):
    human = make_player()
    game_id = built_game(human, bots[1], *HOPELESS["pylon"], bots_resign=False)
    assert worker.run() == "1 played"
    assert get_game(game_id).status == ACTIVE


def test_the_bot_plays_on_in_an_even_game(make_player, bots):
    game_id = built_game(make_player(), bots[1], *EVEN["pylon"])
    assert worker.run() == "1 played"
    game = get_game(game_id)
    assert game.status == ACTIVE and game.end_proposal is None  # nothing settled to offer


def human_plays(game_id: int, seat: int) -> None:
    """The human in ``seat`` plays the first legal ply."""
    game = commands.locked(game_id)
    commands.play_turn(game, seat, game.rules.legal_moves(game.load_state())[0], game.ply)


def won_by_the_bot(human, bot) -> int:
    """A Pylon game the bot (seat 0) leads beyond doubt, the bot to move: the hopeless
    position, three plies earlier (a few moves from the end), with the seats swapped (seat 0
    leads it)."""
    seed, moves = HOPELESS["pylon"]
    return built_game(human, bot, seed, moves[:-3], bot_first=True)


def test_the_bot_proposes_to_end_a_game_it_has_won_with_its_turn(make_player, bots):
    """Pylon's agreed end is scored as it stands: the bot that leads beyond doubt plays its
    turn and offers the end, so the human need not play a lost game to its last ply."""
    game_id = won_by_the_bot(make_player(), bots[1])
    assert worker.run() == "1 played"
    game = get_game(game_id)
    assert game.status == ACTIVE and game.to_move_seat == 1
    assert game.end_proposal["seats"] == [0] and game.end_proposal["ply"] == game.ply
    assert commands.agree(commands.locked(game_id), 1, game.ply)
    assert get_game(game_id).result["winners"] == [0]


def test_a_declined_bot_does_not_propose_again_at_once(make_player, bots):
    game_id = won_by_the_bot(make_player(), bots[1])
    worker.run()
    game = commands.locked(game_id)
    commands.decline(game, 1, game.ply)
    human_plays(game_id, 1)
    assert worker.run() == "1 played"
    game = get_game(game_id)
    assert game.status == ACTIVE
    assert game.end_proposal is None and game.ply > game.end_offer["ply"]


def test_the_bot_accepts_to_end_a_decided_game_on_its_turn(make_player, bots):
    """Pylon ends by agreement as the score stands: the human leads in a game the bot has
    lost, so ending it now changes nothing, and the bot agrees rather than resigning."""
    human = make_player()
    seed, moves = HOPELESS["pylon"]
    game_id = built_game(human, bots[1], seed, moves)
    commands.agree(commands.locked(game_id), 0, len(moves))
    assert worker.run() == "1 answered"
    game = get_game(game_id)
    assert game.status == FINISHED and game.result.get("agreed")
    assert game.result["winners"] == [0]


def check_the_bot_declines_to_end_an_open_game_on_the_humans_turn(make_player, bots):
    human = make_player()
    seed, moves = EVEN["pylon"]
    moves = moves[:-1]  # the human to move
    game_id = built_game(human, bots[1], seed, moves)
    commands.agree(commands.locked(game_id), 0, len(moves))
    assert worker.due_games(10) == [game_id]  # the bot is not to move, yet has to answer
    assert worker.run() == "1 answered"
    game = get_game(game_id)
    assert game.status == ACTIVE and game.end_proposal is None and game.ply == len(moves)
    assert worker.run() == "nothing to play"  # the human's turn, nothing to answer


def test_the_bot_declines_to_end_an_open_game_on_the_humans_turn(make_player, bots):
    check_the_bot_declines_to_end_an_open_game_on_the_humans_turn(make_player, bots)


@pytest.mark.postgres
def test_the_bot_answers_a_proposal_on_postgresql(make_player, bots):
    check_the_bot_declines_to_end_an_open_game_on_the_humans_turn(make_player, bots)


def test_a_bot_accepts_a_rematch_at_once(make_player, bots):
    human = make_player()
    game_id = built_game(human, bots[1], *HOPELESS["pylon"])
    worker.run()
    rematch = commands.offer_rematch(commands.locked(game_id), human)
    assert rematch.status == ACTIVE
    assert [seat.player_id for seat in rematch.seats] == [bots[1].id, human.id]


def test_a_player_turns_resignation_off_on_the_game_page(client, make_player, bots):
    human, stranger = make_player(), make_player()
    game_id = built_game(human, bots[1], *EVEN["pylon"][:1], [])
    stranger_id = stranger.id
    sign_in(client, human)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Play this game to the end" in page
    answer = client.post(f"/games/{game_id}/bots-resign", data={"allow": "0"})
    assert answer.status_code == 303
    db.session.remove()
    assert get_game(game_id).bots_resign is False
    assert "Let them resign a lost game" in client.get(f"/games/{game_id}").get_data(
        as_text=True)
    assert client.post(f"/games/{game_id}/bots-resign",
                       data={"allow": "maybe"}).status_code == 400
    with client.session_transaction() as session:
        session["player_id"] = stranger_id
    assert client.post(f"/games/{game_id}/bots-resign",
                       data={"allow": "1"}).status_code == 403
    db.session.remove()
    assert get_game(game_id).bots_resign is False


def test_the_new_game_form_offers_to_keep_bots_from_resigning(client, make_player, bots):
    me = make_player()
    sign_in(client, me)
    assert "A bot may resign when it judges the game lost" in client.get("/new/pylon").get_data(
        as_text=True)
    created = client.post("/new/pylon", data={"players": 2, "seats": me.email,
                                              "known": [bots[2].id]})
    game_id = int(created.location.rsplit("/", 1)[1])
    assert get_game(game_id).bots_resign is False  # the box was left unticked


BUSY = "import time\nend = time.monotonic() + 120\nwhile time.monotonic() < end:\n    pass\n"


def test_a_level_three_move_runs_its_whole_search_on_a_busy_host(make_player, bots):
    """The budget is CPU time of the thinking thread: with a busy process taking a core,
    the move takes longer by the wall clock and runs exactly the playouts it runs on an idle
    host (the same search: the same move)."""
    game_id = built_game(make_player(), bots[3], *EVEN["pylon"])
    position = worker.claim(game_id)
    db.session.commit()
    assert position.level == 3 and position.to_move
    quiet_text, quiet = worker.plan(position, None)
    busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(1)]
    try:
        loaded_text, loaded = worker.plan(position, None)
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert [d.playouts for d in loaded] == [d.playouts for d in quiet]
    assert quiet[0].playouts > 1000 and loaded_text == quiet_text


def test_the_tick_leaves_the_correspondence_levels_turns_to_the_bots_loop(make_player, bots):
    game_id = built_game(make_player(), bots[4], *EVEN["pylon"])
    assert worker.due_games(10, levels=[1, 2, 3]) == []
    assert worker.run_quick() == "nothing to play"
    assert worker.due_games(10) == [game_id]
