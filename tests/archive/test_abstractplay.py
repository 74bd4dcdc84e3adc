"""Records that travel: a pbem game exported as an Abstract Play record comes back unchanged,
and Abstract Play records (written here the way its site writes them: its notation, its
variants, its strict alternation in Pylon, its final passes) import as games that replay to
the results the records state; a record is imported once."""

from __future__ import annotations

import json
import random

import pytest
from helpers import play_turns
from sqlalchemy import select

from pbem.archive.abstractplay import parse_ap, to_ap
from pbem.archive.history import BadRecord
from pbem.archive.importer import import_record
from pbem.archive.models import ImportedRecord
from pbem.core.extensions import db
from pbem.games import get_rules
from pbem.play import commands
from pbem.play.models import RESIGNED, TIMED_OUT, Game
from pbem.play.queries import get_game
from pbem.play.termination import RESIGNATION, TIMEOUT, termination


def _finished(make_game, slug, options=None, seed=1):
    game = make_game(slug, options=options, seed=seed)
    return play_turns(game, 500, random.Random(seed))


@pytest.mark.parametrize(("slug", "options"), [
    ("pylon", None), ("pylon", {"stacking_starts": "alternate"}), ("stawvs", None),
    ("stawvs", {"gaps": "center", "claims": "vacated"})])
def test_an_exported_game_comes_back_unchanged(client, make_game, slug, options):
    game = _finished(make_game, slug, options)
    assert game.status == "finished"
    served = client.get(f"/games/{game.id}/abstractplay.json")
    assert served.status_code == 200 and served.headers["Access-Control-Allow-Origin"] == "*"
    record = served.json
    expected = json.loads(json.dumps(to_ap(game)))
    for made in (expected, record):
        del made["header"]["date-generated"]
    assert record == expected
    assert record["header"]["game"]["name"] == game.rules.name
    assert not any("/" in m for r in record["moves"] for m in r if m and slug == "stawvs")
    back = import_record(parse_ap(record))
    db.session.commit()
    back, game = get_game(back.id), get_game(game.id)
    assert (back.slug, back.options, back.seed) == (game.slug, game.options, game.seed)
    assert [(m.seat, m.move) for m in back.moves] == [(m.seat, m.move) for m in game.moves]
    assert back.result["winners"] == game.result["winners"]
    assert back.result["scores"] == game.result["scores"]
    assert [s.player.name for s in back.seats] == [s.player.name for s in game.seats]
    assert db.session.scalar(select(ImportedRecord.game_id)) == back.id  # marked imported
    with pytest.raises(BadRecord, match="imported already"):
        import_record(parse_ap(record))


# ----- records as Abstract Play writes them (built here, apart from the exporter) ----------


def _ap_pylon(seed: int) -> dict:
    rules = get_rules("pylon")
    state = rules.new_game(2, {"stacking_starts": "alternate"}, seed)
    rng, moves = random.Random(seed), []
    while rules.to_move(state) is not None:
        move = rng.choice(rules.legal_moves(state))
        moves.append("123"["SML".index(move[0])] + move[1:] if move[0] in "SML" else move)
        state = rules.play(state, move)
    moves += ["pass", "pass"]  # AP's two final passes
    scores = rules.scores(state)
    return {"header": {
        "game": {"name": "Pylon"}, "site": {"name": "Abstract Play", "gameid": f"py{seed}"},
        "date-start": "2024-03-01T10:00:00Z", "date-end": "2024-03-09T10:00:00Z",
        "date-generated": "2024-03-09T10:00:00Z",
        "players": [{"name": f"Ann {seed}", "userid": "u1", "score": scores[0],
                     "result": int(scores[0] >= scores[1])},
                    {"name": f"Bob {seed}", "userid": "u2", "score": scores[1],
                     "result": int(scores[1] >= scores[0])}]},
        "moves": [moves[i:i + 2] + [None] * (2 - len(moves[i:i + 2]))
                  for i in range(0, len(moves), 2)]}, sorted(rules.winners(state))


def _ap_stawvs(seed: int) -> dict:
    rules = get_rules("stawvs")
    board = rules.layout(rules.new_game(2, {"gaps": "center"}, seed + 100))
    state = rules.new_game(2, {"gaps": "center", "layout": board}, 0)
    rng, moves = random.Random(seed), []
    while rules.to_move(state) is not None:
        move = rng.choice(rules.legal_moves(state))
        moves.append(move.replace("/", ","))
        state = rules.play(state, move)
    scores = rules.scores(state)
    best = max(scores)
    return {"header": {
        "game": {"name": "Stawvs", "variants": ["hole"]},
        "site": {"name": "Abstract Play", "gameid": f"st{seed}"},
        "date-start": "2024-03-01T10:00:00Z", "date-end": "2024-03-09T10:00:00Z",
        "date-generated": "2024-03-09T10:00:00Z", "startingPosition": board,
        "players": [{"name": f"Cy {seed}", "result": int(scores[0] == best)},
                    {"name": f"Di {seed}", "result": int(scores[1] == best)}]},
        "moves": [[{"move": m} for m in moves[i:i + 2]] + [None] * (2 - len(moves[i:i + 2]))
                  for i in range(0, len(moves), 2)]}, sorted(rules.winners(state))


def test_a_dump_of_abstract_play_records_imports_and_replays_to_their_results(
        app, runner, tmp_path):
    made = [_ap_pylon(seed) for seed in range(3)] + [_ap_stawvs(seed) for seed in range(2)]
    dump = tmp_path / "dump.json"
    dump.write_text(json.dumps([record for record, _ in made]))
    result = runner.invoke(args=["pbem", "archive", "import-ap", str(dump)])
    assert result.exit_code == 0, result.output
    assert "imported 5 games, refused 0" in result.output
    games = db.session.scalars(select(Game).order_by(Game.id)).all()
    for game, (record, winners) in zip(games, made, strict=True):
        assert game.status == "finished" and game.result["winners"] == winners
        stated = [p["result"] for p in record["header"]["players"]]
        assert [s for s, r in enumerate(stated) if r == max(stated)] == winners
        assert game.rated is False
    again = runner.invoke(args=["pbem", "archive", "import-ap", str(dump)])
    assert again.exit_code == 1 and "imported 0 games, refused 5" in again.output
    assert "imported already" in again.output


@pytest.mark.parametrize(("record", "says"), [
    ({"header": {"game": {"name": "Chess"}, "players": []}, "moves": []}, "Only Stawvs"),
    ([], "header and moves"),
    ({"header": {"game": {"name": "Pylon", "variants": ["nope"]},
                 "players": [{"name": "A", "result": 1}, {"name": "B", "result": 0}]},
      "moves": []}, "variant"),
    ({"header": {"game": {"name": "Stawvs"},
                 "players": [{"name": "A", "result": 1}, {"name": "B", "result": 0}]},
      "moves": []}, "starting position"),
    ({"header": {"game": {"name": "Pylon"}, "date-end": "2024-01-01T00:00:00Z",
                 "players": [{"name": "A", "result": 1}, {"name": "B", "result": 0}]},
      "moves": [["1a1", "9z9"]]}, "ply 2"),
])
def test_bad_records_are_refused_with_a_reason(app, record, says):
    with pytest.raises(BadRecord, match=says):
        import_record(parse_ap(record))
    assert db.session.scalar(select(Game.id)) is None


def test_other_games_have_no_abstract_play_record(client, make_game):
    game = make_game("stax")
    assert client.get(f"/games/{game.id}/abstractplay.json").status_code == 404


@pytest.mark.parametrize(("reason", "written"), [(RESIGNED, "resign"), (TIMED_OUT, "timeout")])
def test_a_pylon_game_ends_with_two_passes_only_when_the_rules_ended_it(client, make_game,
                                                                        reason, written):
    ended = _finished(make_game, "pylon", seed=4)
    moves = [m for r in client.get(f"/games/{ended.id}/abstractplay.json").json["moves"]
             for m in r]
    assert moves[-2:] == ["pass", "pass"] and moves[-3] == ended.moves[-1].move
    left = play_turns(make_game("pylon", seed=5), 7, random.Random(5))
    commands.resign(commands.locked(left.id), 1, reason=reason)
    record = client.get(f"/games/{left.id}/abstractplay.json").json
    moves = [m for r in record["moves"] for m in r if m]
    assert moves[-1] == written and "pass" not in moves
    assert [p["result"] for p in record["header"]["players"]] == [1, 0]
    back, left = get_game(import_record(parse_ap(record)).id), get_game(left.id)
    ends = [termination(g.result, g.moves[-1].move, g.moves[-1].text) for g in (left, back)]
    assert ends == [RESIGNATION if reason == RESIGNED else TIMEOUT] * 2
