"""Abstract Play records as its site writes them (tests/archive/abstractplay/, made in its
format; its README says how): every one imports, replays through our rules to the result and
scores the record states, and comes back out as the same record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select

from pbem.archive.abstractplay import parse_ap, parse_dump, state_for
from pbem.archive.importer import import_record
from pbem.core.extensions import db
from pbem.play.models import Game
from pbem.play.queries import get_game

FIXTURES = Path(__file__).parent / "abstractplay"
RECORDS = [*json.loads((FIXTURES / "pylon.json").read_text()),
           *json.loads((FIXTURES / "stawvs.json").read_text())]
STATES = json.loads((FIXTURES / "stawvs-states.json").read_text())


def _stated(record) -> tuple[list[int], list]:
    players = record["header"]["players"]
    best = max(p["result"] for p in players)
    return [s for s, p in enumerate(players) if p["result"] == best], [p["score"] for p in players]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["header"]["site"]["gameid"])
def test_a_record_replays_to_its_result_and_goes_back_out_unchanged(client, record):
    game = import_record(parse_ap(record, state_for(record, [STATES])))
    db.session.commit()
    game = get_game(game.id)
    winners, scores = _stated(record)
    assert game.status == "finished"
    assert sorted(game.result["winners"]) == winners
    assert game.result["scores"] == scores
    plies = [m for r in record["moves"] for m in r if m is not None]
    if game.slug == "pylon":  # its two final passes are no plies here
        plies = plies[:-2] if plies[-1] == "pass" else plies
    assert len(game.moves) == len(plies)
    back = client.get(f"/games/{game.id}/abstractplay.json").json
    assert back["moves"] == record["moves"]
    assert back["header"]["game"] == record["header"]["game"]
    assert [(p["name"], p["result"], p["score"]) for p in back["header"]["players"]] == [
        (p["name"], p["result"], p["score"]) for p in record["header"]["players"]]
    if "startingPosition" in record["header"]:  # Pylon's: empty, or the quick start's board
        assert back["header"]["startingPosition"] == record["header"]["startingPosition"]


def test_a_dump_and_its_saved_states_import_from_the_command_line(app, runner, tmp_path):
    (tmp_path / "dump.json").write_text("\n".join(json.dumps(r) for r in RECORDS))
    (tmp_path / "states.json").write_text(json.dumps(STATES))
    result = runner.invoke(args=["pbem", "archive", "import-ap", str(tmp_path / "dump.json"),
                                 "--states", str(tmp_path / "states.json")])
    assert result.exit_code == 0, result.output
    assert f"imported {len(RECORDS)} games, refused 0" in result.output
    games = db.session.scalars(select(Game).order_by(Game.id)).all()
    assert [sorted(g.result["winners"]) for g in games] == [_stated(r)[0] for r in RECORDS]
    without = runner.invoke(args=["pbem", "archive", "import-ap", str(tmp_path / "dump.json")])
    assert without.exit_code == 1
    assert "give Abstract Play's saved game state beside it" in without.output


def test_a_stawvs_board_is_read_from_its_saved_state_as_abstract_play_keeps_it():
    record = next(r for r in RECORDS if r["header"]["site"]["gameid"] == "fixture-stawvs-2")
    state = STATES["fixture-stawvs-2"]
    options = parse_ap(record, state).options
    assert options["gaps"] == "center" and options["claims"] == "vacated"
    ranks = options["layout"].split("/")
    assert [ranks[3][6:10], ranks[4][6:10]] == ["....", "...."]  # d4, e4, d5, e5: the hole
    board = dict(state["stack"][0]["board"]["value"])
    colour, size = board["a8"][0]
    assert ranks[0][:2] == {"PI": "P", "BL": "B", "GR": "G", "OR": "O"}[colour] + str(size)
    # the same board given as the map alone, or as its JSON text, in startingPosition
    for given in (state["stack"][0]["board"], json.dumps(state["stack"][0]["board"])):
        alone = {**record, "header": {**record["header"], "startingPosition": given}}
        assert parse_ap(alone).options["layout"] == options["layout"]
    assert parse_dump(json.dumps(STATES)) == [STATES]
