"""The bots' worker: it plays a bot's turn through play's own command, mails the human their
turn, never plays one turn twice however many workers race, and writes nothing when the game
changed while the bot thought."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from freezegun import freeze_time
from helpers import outbox
from sqlalchemy import select

from pbem.accounts.models import Player
from pbem.botplay import worker
from pbem.botplay.accounts import bot_email, ensure_bots
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.games import all_rules
from pbem.play import commands
from pbem.play.models import FINISHED, Move
from pbem.play.queries import get_game, players_to_offer
from pbem.tick import run_tick


@pytest.fixture
def bot(app):
    """The level-1 bot (100 playouts a ply: quick)."""
    bot = ensure_bots()[0]
    db.session.commit()
    return bot


def bot_game(human, bot, bot_first=True):
    """A Pylon game the human sets up against the bot: it starts at once."""
    players = [bot, human] if bot_first else [human, bot]
    return commands.create_game("pylon", players, creator=human, seed=5)


def moves_of(game_id):
    return db.session.execute(
        select(Move.ply, Move.seat, Move.move).where(Move.game_id == game_id)
        .order_by(Move.ply)).all()


def test_a_bot_accepts_at_once_and_everyone_is_offered_the_bots(make_player, bot):
    human = make_player(name="Hana")
    assert bot.email == bot_email(1) and bot.is_bot and bot.name == "pbem bot, level 1"
    assert bot in players_to_offer(human)
    game = bot_game(human, bot, bot_first=False)
    assert game.status == "active"
    assert [m.recipient for m in outbox()] == [human.email]  # the human's turn; no invitation


def test_the_worker_plays_the_bots_turn_and_the_human_gets_the_turn_email(make_player, bot):
    human = make_player(name="Hana")
    game_id = bot_game(human, bot).id
    assert outbox("turn") == []  # the bot's turn: nobody is mailed
    assert worker.run(budget_s=None) == "1 played"
    game = get_game(game_id)
    assert game.ply == 1 and [m.seat for m in moves_of(game_id)] == [0]
    assert game.rules.to_move(game.load_state()) == 1
    [turn] = outbox("turn")
    assert turn.recipient == human.email and turn.subject
    assert worker.run() == "nothing to play"  # the human's turn now


def test_only_games_where_a_bot_is_to_move_are_due(make_player, make_game, bot):
    human = make_player()
    waiting_for_bot = bot_game(human, bot).id
    bot_game(make_player(), bot, bot_first=False)  # the human's turn
    make_game("pylon")  # no bot
    over = bot_game(make_player(), bot)
    commands.resign(commands.locked(over.id), 1)
    assert worker.due_games(10) == [waiting_for_bot]


def test_a_resignation_while_the_bot_thinks_leaves_nothing_half_written(make_player, bot):
    human = make_player()
    game_id = bot_game(human, bot).id
    mail_before = len(outbox())

    def think_while_the_human_resigns(position, budget_s):
        text = worker.think(position, budget_s)
        commands.resign(commands.locked(game_id), 1)  # no lock of the bot's in the way
        return text

    assert worker.run(thinker=think_while_the_human_resigns) == "1 gone"
    db.session.remove()
    game = get_game(game_id)
    assert game.status == FINISHED and game.result["winners"] == [0]
    assert [(m.seat, m.move) for m in moves_of(game_id)] == [(1, "resign")]
    assert game.ply == 1
    assert "turn" not in {m.kind for m in outbox()[mail_before:]}


def race_workers(app, game_id, workers=2):
    """Several workers take the same bot turn at once; the outcome of each, and the plies
    thought about."""
    start = threading.Barrier(workers, timeout=10)
    outcomes, thoughts = [None] * workers, []

    def think_slowly(position, budget_s):
        thoughts.append(position.ply)
        time.sleep(0.3)  # the others claim meanwhile
        return worker.think(position, budget_s)

    def run(index):
        with app.app_context():
            try:
                start.wait()
                outcomes[index] = worker.play_turn(game_id, thinker=think_slowly)
            finally:
                db.session.remove()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return outcomes, thoughts


def check_one_bot_turn(app, make_player, bot):
    human = make_player()
    game_id = bot_game(human, bot).id
    db.session.remove()  # the workers start from the database
    outcomes, thoughts = race_workers(app, game_id)
    # the other worker found the turn locked or leased ("busy"), or already played ("gone")
    assert sorted(outcomes) in (["gone", "played"], ["busy", "played"]), outcomes
    assert thoughts == [0]  # thought about once
    assert [m.seat for m in moves_of(game_id)] == [0]
    assert get_game(game_id).ply == 1


def test_two_workers_never_play_the_same_turn_twice_on_sqlite(app, make_player, bot):
    check_one_bot_turn(app, make_player, bot)


@pytest.mark.postgres
def test_two_workers_never_play_the_same_turn_twice_on_postgresql(app, make_player, bot):
    check_one_bot_turn(app, make_player, bot)


def test_the_tick_plays_the_bots_turns_too(make_player, bot):
    game_id = bot_game(make_player(), bot).id
    assert "bots: 1 played" in run_tick()
    assert get_game(game_id).ply == 1


def test_bots_create_is_idempotent_and_the_worker_command_plays(runner, make_player):
    first = runner.invoke(args=["pbem", "bots", "--create"])
    assert first.exit_code == 0, first.output
    assert "pbem bot, level 1" in first.output
    again = runner.invoke(args=["pbem", "bots", "--create"])
    assert again.output == first.output
    bot = db.session.scalar(select(Player).where(Player.email == bot_email(1)))
    game_id = bot_game(make_player(), bot).id
    result = runner.invoke(args=["pbem", "bots"])
    assert result.exit_code == 0 and "1 played" in result.output, result.output
    assert get_game(game_id).ply == 1


def test_a_bot_thinks_again_when_the_position_changed_while_it_thought(make_player, bot):
    """Meanwhile another worker played this turn and the human answered: the bot's answer to
    the old position is refused, and it thinks about the new one."""
    human = make_player()
    game_id = bot_game(human, bot).id
    thought_about = []

    def think_while_the_game_moves_on(position, budget_s):
        thought_about.append(position.ply)
        if len(thought_about) == 1:
            # a worker whose lease had run out played this turn meanwhile
            commands.play_turn(commands.locked(game_id), 0, worker.think(position, budget_s), 0)
            game = get_game(game_id)
            move = game.rules.legal_moves(game.load_state())[0]
            commands.play_turn(commands.locked(game_id), 1, move, game.ply)
        return worker.think(position, budget_s)

    assert worker.play_turn(game_id, thinker=think_while_the_game_moves_on) == "played"
    assert thought_about == [0, 2]
    assert [m.seat for m in moves_of(game_id)] == [0, 1, 0]


def test_a_leased_turn_is_left_alone_until_the_lease_runs_out(make_player, bot):
    game_id = bot_game(make_player(), bot).id
    first = worker.claim(game_id)
    db.session.commit()
    assert first.ply == 0
    assert worker.claim(game_id) == "busy"  # another worker: this one is thinking
    db.session.rollback()
    with freeze_time(utcnow() + worker.lease_for(1) + timedelta(seconds=1)):  # it died
        assert worker.claim(game_id).ply == 0
        db.session.commit()


def test_a_lease_ends_with_its_turn(make_player, bot):
    """In a game of two bots, the next turn is free at once for any worker."""
    other = ensure_bots()[1]
    game_id = commands.create_game("pylon", [bot, other], creator=bot, seed=5).id
    assert worker.play_turn(game_id) == "played"
    assert worker.claim(game_id).ply == 1


@pytest.mark.parametrize("rules", all_rules(), ids=lambda rules: rules.slug)
def test_a_bots_turn_is_typed_as_a_whole_turn_the_rules_accept(rules):
    """Multi-ply games (Spike, Triumvirate): the bot types every ply of its turn."""
    state = rules.new_game(players=rules.player_counts[0], options={}, seed=3)
    position = worker.Position(1, 0, rules.to_move(state), 1, rules, state, seed=3)
    text = worker.think(position, budget_s=0.05)
    plies, after = rules.apply_turn(state, text)
    assert plies == text.split() and (rules.is_over(after) or not rules.turn_plies(after))
