"""The play service, called directly: start, moves, refusals, multi-ply turns, resignation,
and the rule that the cached snapshot always equals a replay of the history."""

from __future__ import annotations

import random

import pytest
import sqlalchemy as sa
from helpers import outbox, play_turns
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.games import IllegalMove, all_rules, get_rules
from pbem.play import commands, positions, service
from pbem.play.errors import GameNotActive, NotYourTurn, PositionChanged
from pbem.play.models import FINISHED, Game, Move
from pbem.play.queries import get_game

SLUGS = [rules.slug for rules in all_rules()]
MULTI = [rules.slug for rules in all_rules() if rules.multi_ply_turns]


def test_a_started_game_emails_the_first_player(make_game):
    game = make_game("pylon")
    assert game.status == "active" and game.ply == 0 and game.started_at
    [mail] = outbox("turn")
    assert mail.recipient == game.seats[0].player.email
    assert "/play/" in mail.body_text and mail.headers["Reply-To"].startswith("move+")


@pytest.mark.parametrize("slug", SLUGS)
def test_snapshot_always_equals_a_replay_of_the_history(make_game, slug):
    rng = random.Random(slug)
    game = make_game(slug, seed=3)
    for _ in range(4):
        game = play_turns(game, 6, rng)
        assert game.rules.to_stored(positions.replay(game)) == (game.snapshot, game.grown or "")
    plies = game.ply
    assert [m.ply for m in game.moves] == list(range(1, plies + 1))
    assert db.session.scalar(select(db.func.count()).select_from(Move)) == plies


def test_the_typed_text_is_kept_and_the_canonical_ply_stored(make_game):
    game = make_game("pylon")
    commands.play_turn(commands.locked(game.id), 0, "  mC3 ", 0)
    [move] = get_game(game.id).moves
    assert (move.move, move.text, move.seat, move.ply) == ("Mc3", "mC3", 0, 1)


def test_an_illegal_move_is_refused_with_the_rules_reason_and_changes_nothing(make_game):
    game = make_game("pylon")
    version = game.version
    with pytest.raises(IllegalMove) as info:
        commands.play_turn(commands.locked(game.id), 0, "Zz9", 0)
    assert info.value.reason
    game = get_game(game.id)
    assert (game.ply, game.version, len(outbox())) == (0, version, 1)


def test_a_game_changed_since_it_was_read_refuses_the_move_and_keeps_nothing(make_game):
    """The compare-and-set on the version, for a change that takes no ply (the races in
    ``test_races`` are stopped earlier, by the unique ply)."""
    game = make_game("pylon")
    version = game.version
    db.session.execute(sa.update(Game).where(Game.id == game.id)
                       .values(version=version + 1).execution_options(synchronize_session=False))
    with pytest.raises(PositionChanged, match="at the same moment"):
        commands.play_turn(game, 0, "Mc3", 0)  # the object still holds the version read
    game = get_game(game.id)
    assert (game.ply, game.version, game.moves, len(outbox())) == (0, version, [], 1)


def test_the_guards_come_in_order(make_game):
    game = make_game("pylon")
    with pytest.raises(NotYourTurn):
        commands.play_turn(commands.locked(game.id), 1, "Mc3", 0)
    with pytest.raises(NotYourTurn, match="do not play"):
        commands.play_turn(commands.locked(game.id), 5, "Mc3", 0)
    with pytest.raises(PositionChanged):
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 3)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    with pytest.raises(PositionChanged):  # the same submission again: a double click
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)


def test_one_email_per_turn_to_the_seat_to_move(make_game):
    game = make_game("pylon")
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)
    turns = outbox("turn")
    assert [m.recipient for m in turns] == [game.seats[i].player.email for i in (0, 1, 0)]
    assert "Mc3" in turns[1].body_text


#: A position for each game whose turns may have several plies: the whole turns that build it
#: (as typed), then a turn of several plies its seat to move may play.
SEVERAL_PLIES = {
    "spike": (["S@h1:W", "L@g6:N"], "h1-g1:E M@a2:S"),
    "triumvirate": ([], "T:2u/1f/3f f1-h3 +1f1 h1-g3"),
}


def _before_a_turn_of_several_plies(game):
    """``game`` played up to the built position (each turn through the service); its turn of
    several plies."""
    built, turn = SEVERAL_PLIES[game.slug]
    for text in built:
        state = game.load_state()
        commands.play_turn(commands.locked(game.id), game.rules.to_move(state), text, game.ply)
        game = get_game(game.id)
    return game, turn


@pytest.mark.parametrize("slug", MULTI)
def test_a_multi_ply_turn_is_one_submission_one_row_per_ply_and_one_email(make_game, slug):
    game, text = _before_a_turn_of_several_plies(make_game(slug, seed=5))
    state = game.load_state()
    seat, before, mails = game.rules.to_move(state), game.ply, len(outbox("turn"))
    commands.play_turn(commands.locked(game.id), seat, text, before)
    game = get_game(game.id)
    stored = [m for m in game.moves if m.ply > before and not m.auto]
    assert len(text.split()) > 1 and [m.move for m in stored] == text.split()
    assert all(m.seat == seat for m in stored)
    assert game.status == "active" and len(outbox("turn")) == mails + 1


@pytest.mark.parametrize("slug", MULTI)
def test_half_a_turn_is_refused_and_the_preview_lists_the_continuations(make_game, slug):
    game, text = _before_a_turn_of_several_plies(make_game(slug, seed=5))
    state, ply = game.load_state(), text.split()[0]
    after = game.rules.play(state, ply)
    assert game.rules.turn_plies(after), "the built turn's first ply ends no turn"
    seat, at = game.rules.to_move(state), game.ply
    preview = service.preview_turn(game, seat, ply, at)
    assert not preview.complete and preview.next_moves == game.rules.legal_moves(after)
    with pytest.raises(IllegalMove) as info:
        commands.play_turn(commands.locked(game.id), seat, ply, at)
    assert info.value.code == "turn-incomplete"
    assert get_game(game.id).ply == at


def test_resignation_ends_a_two_player_game_and_emails_everyone(make_game):
    game = make_game("pylon")
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    commands.resign(commands.locked(game.id), 0)
    game = get_game(game.id)
    assert game.status == FINISHED and game.finished_at
    assert game.result["winners"] == [1]
    assert game.moves[-1].move == "resign" and game.moves[-1].seat == 0
    assert {m.recipient for m in outbox("game_over")} == {s.player.email for s in game.seats}
    assert game.rules.to_dict(positions.replay(game)) == game.snapshot
    with pytest.raises(GameNotActive):
        commands.play_turn(commands.locked(game.id), 1, "Sa1", game.ply)
    with pytest.raises(GameNotActive):
        commands.resign(commands.locked(game.id), 1)


@pytest.mark.skipif("stawvs" not in SLUGS, reason="needs Stawvs (3 players)")
def test_in_a_three_player_game_a_resigned_seat_leaves_and_play_goes_on(make_game, make_player):
    players = [make_player() for _ in range(3)]
    game = make_game("stawvs", players=players, seed=2)
    mails = len(outbox("turn"))
    # not on its turn: seat 0 is still to move, nobody is emailed
    commands.resign(commands.locked(game.id), 1)
    game = get_game(game.id)
    assert game.status == "active" and len(outbox("turn")) == mails
    commands.resign(commands.locked(game.id), 0)  # on its turn: the next seat in is told
    game = get_game(game.id)
    assert game.status == FINISHED and game.result["winners"] == [2]
    assert game.rules.to_dict(positions.replay(game)) == game.snapshot


def test_a_game_played_to_the_end_is_finished_with_its_result(make_game):
    rng = random.Random(1)
    game = make_game("pylon", options={"start": "quick"}, seed=11)
    game = play_turns(game, 200, rng)
    assert game.status == FINISHED
    rules = get_rules("pylon")
    final = positions.replay(game)
    assert game.result == {"winners": rules.winners(final), "scores": rules.scores(final),
                           "reason": rules.end_reason(final)}
    assert len(outbox("game_over")) == 2
