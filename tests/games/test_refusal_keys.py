"""Every refusal names its stable key and parameters (for the server to translate), and each
game's declarations hold together: unique keys among all its phrases, one per refusal's
sentence, the shared refusals included."""

from __future__ import annotations

import pytest

from pbem.games import END_REASONS, IllegalMove, all_rules, get_rules

from .contract import check_refusal


def refused(slug: str, texts: str, turn: bool = False, **setup) -> IllegalMove:
    """The refusal of ``texts`` (a ply, or with ``turn`` a whole typed turn) in a new game."""
    rules = get_rules(slug)
    state = rules.new_game(**setup)
    with pytest.raises(IllegalMove) as info:
        (rules.play_turn if turn else rules.play)(state, texts)
    check_refusal(rules, info.value)
    return info.value


@pytest.mark.parametrize(("slug", "text", "key", "params"), [
    ("stawvs", "pass", "stawvs.no-pass-placing", {}),
    ("stawvs", "d4-d5/d6", "stawvs.place-first", {"example": "a2"}),
    ("stawvs", "zz", "stawvs.not-a-move", {"text": "zz"}),
    ("pylon", "a1-a2", "pylon.not-full", {}),
    ("pylon", "Xc3", "pylon.not-a-size", {"text": "x"}),
    ("spike", "c3-c5:E", "spike.no-piece", {"square": "c3"}),
    ("spike", "S@a5:N", "spike.wrong-rank", {"size": "small", "seat": "P1", "rank": 1}),
    ("spike", "d4-d5:NE", "spike.diagonal", {"text": "NE"}),
    ("triumvirate", "h1-h3", "triumvirate.arrange-first", {"ply": "T:3f/2f/1f"}),
    ("triumvirate", "T:1f/1f/1f", "triumvirate.arrangement",
     {"ply": "T:1f/1f/1f", "missing": "the medium and the large"}),
    ("stax", "1,1>2,2", "stax.king-not-placed", {}),
    ("stax", "E@3,3", "stax.first-tile", {}),
    ("stax", "E+E@0,0", "stax.twice", {"name": "E", "text": "E+E"}),
    ("spike", "", "rules.no-move", {}),
    ("stax", "é@0,0", "rules.not-ascii", {"char": "é"}),
])
def test_an_illegal_move_names_its_key_and_parameters(slug, text, key, params):
    exc = refused(slug, text, seed=1)
    assert (exc.key, exc.params, exc.step) == (key, params, None)


def test_a_refused_step_keeps_its_own_key_and_names_the_step():
    exc = refused("triumvirate", "T:3f/2f/1f T:3f/2f/1f", turn=True, seed=1)
    assert (exc.key, exc.step, exc.ply) == ("triumvirate.arranged", 2, "T:3f/2f/1f")
    assert exc.params == {"count": 3}
    assert exc.reason.startswith("step 2 (T:3f/2f/1f): your card is already arranged")


def test_a_finished_game_refuses_with_the_shared_key():
    rules = get_rules("pylon")
    state = rules.resign(rules.new_game(seed=1), 0)
    with pytest.raises(IllegalMove) as info:
        rules.play(state, "Mc3")
    assert (info.value.key, info.value.code) == ("rules.game-over", "game-over")
    with pytest.raises(IllegalMove) as info:
        rules.resign(state, 1)
    assert info.value.key == "rules.already-over"


@pytest.mark.parametrize("rules", all_rules(), ids=lambda rules: rules.slug)
def test_each_game_declares_its_phrases_once(rules):
    keys = [phrase.key for phrase in rules.phrases]
    assert len(keys) == len(set(keys)), "a key declared twice (a refusal's and a board's alike)"
    texts = [refusal.text for refusal in rules.refusals]
    assert len(texts) == len(set(texts)), "two keys for one refusal's sentence"
    assert all(key.startswith((f"{rules.slug}.", "rules.")) for key in keys)
    assert {refusal.key for refusal in all_rules()[0].refusals if refusal.key.startswith(
        "rules.")} <= set(keys), "the shared refusals belong to every game"
    assert set(rules.end_reasons) <= set(END_REASONS) and "last-in" in rules.end_reasons
