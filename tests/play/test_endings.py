"""A game ended by its rules says which rule, from the rules module's ``end_reason`` (stored
with the result as ``reason``), on the page, in the feeds and in the game-over mail; a game
stored before results carried it is named from its position."""

from __future__ import annotations

import html
import random

from helpers import outbox, play_turns

from pbem.core.extensions import db
from pbem.mail.composers import compose
from pbem.play.queries import get_game

WORDS = "by the rules: no legal move was left"


def test_the_rule_that_ended_a_game_is_named_everywhere(client, make_game):
    game = play_turns(make_game("pylon", seed=2), 400, random.Random(7))
    assert game.status == "finished" and game.result["reason"] == "no-moves"
    page = html.unescape(client.get(f"/games/{game.id}").get_data(as_text=True))
    assert f"ended {WORDS}." in page
    assert WORDS in html.unescape(client.get(f"/games/{game.id}/feed.atom").get_data(
        as_text=True))
    [over, *_] = [m for m in outbox("game_over")]
    compose(over)
    assert f"It ended {WORDS}." in over.body_text and WORDS in over.body_html


def test_a_result_stored_without_its_reason_is_named_from_the_position(client, make_game):
    game = play_turns(make_game("pylon", seed=2), 400, random.Random(7))
    game.result = {key: value for key, value in game.result.items() if key != "reason"}
    db.session.commit()
    assert "reason" not in get_game(game.id).result
    page = html.unescape(client.get(f"/games/{game.id}").get_data(as_text=True))
    assert f"ended {WORDS}." in page
