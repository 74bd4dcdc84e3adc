"""Replay on the game page: every position at its own URL, the links between positions, the
move that led there, the scores then, and the description for screen readers."""

from __future__ import annotations

import random
import re

from helpers import play_turns, sign_in

from pbem.play import positions


def test_each_position_shows_its_move_scores_links_and_description(client, make_game):
    game = play_turns(make_game("pylon", seed=6), 400, random.Random(6))
    rules = game.rules
    for ply in (0, 1, 31, game.ply):
        html = client.get(f"/games/{game.id}?ply={ply}").get_data(as_text=True)
        state = positions.replay(game, ply)
        assert f"Position after ply {ply} of {game.ply}" in html
        if ply:
            move = game.moves[ply - 1]
            assert f"after P{move.seat + 1} {move.move}:" in html
        for seat, score in enumerate(rules.scores(state)):
            assert re.search(rf"P{seat + 1}: .*?; score {score}\b", html, re.S)
        assert game.renderer.describe(state).split("\n")[0][:40] in html.replace("&#39;", "'")
        assert f'data-step="first" href="/games/{game.id}?ply=0"' in html
        assert f'data-step="last" href="/games/{game.id}?ply={game.ply}"' in html
        assert (f'data-step="prev" rel="prev" href="/games/{game.id}?ply={ply - 1}"' in html) == (
            ply > 0)
        assert (f'rel="next" href="/games/{game.id}?ply={ply + 1}"' in html) == (ply < game.ply)
        if ply:
            assert 'aria-current="true"' in html
        assert "replay.js" in html


def test_the_move_page_keeps_its_form_beside_the_replay_keys(client, make_game):
    game = play_turns(make_game("pylon", seed=6), 2, random.Random(6))
    sign_in(client, game.seats[0].player)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "move-form" in html and "compose.js" in html and "replay.js" in html
    assert 'data-step="prev"' in html
    assert "move-form" not in client.get(f"/games/{game.id}?ply=2").get_data(as_text=True)
