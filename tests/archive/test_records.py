"""Records: JSON and text exports, and imports that round-trip them or refuse bad ones (the
first bad ply named, nothing stored)."""

from __future__ import annotations

import html
import json
import random
import re
from io import BytesIO

import pytest
from helpers import play_turns, sign_in
from sqlalchemy import delete, func, select

from pbem.accounts.models import Player
from pbem.archive import records
from pbem.archive.history import BadRecord
from pbem.archive.importer import import_record
from pbem.archive.models import ImportedRecord
from pbem.core.extensions import db
from pbem.games import all_rules
from pbem.play import commands
from pbem.play.models import FORFEITED, RESIGNED, TIMED_OUT, Game
from pbem.play.queries import get_game

SLUGS = [rules.slug for rules in all_rules()]


def same_game(a: Game, b: Game) -> None:
    assert (a.slug, a.options, a.seed, a.status, a.result, a.ply) == (
        b.slug, b.options, b.seed, b.status, b.result, b.ply)
    assert [s.player.name for s in a.seats] == [s.player.name for s in b.seats]
    assert [(m.ply, m.seat, m.move, m.auto) for m in a.moves] == [
        (m.ply, m.seat, m.move, m.auto) for m in b.moves]
    assert [s.outcome for s in a.seats] == [s.outcome for s in b.seats]
    assert a.snapshot == b.snapshot
    assert a.to_move_seat == b.to_move_seat  # an unfinished import is played on here
    if b.to_move_seat is not None:
        assert b.to_move_player_id == b.seats[b.to_move_seat].player_id


def elsewhere(text: str) -> records.Record:
    """A record of this server's game read as if it came from another server (a record of a
    game that is here already is refused)."""
    record = records.parse(text)
    record.source = None
    return record


def counts():
    return (db.session.scalar(select(func.count()).select_from(Game)),
            db.session.scalar(select(func.count()).select_from(Player)))


@pytest.mark.parametrize("slug", SLUGS)
def test_an_exported_json_record_reimported_gives_the_same_game(client, make_game, slug):
    game = play_turns(make_game(slug, seed=5), 400 if slug != "triumvirate" else 30,
                      random.Random(slug))
    exported = client.get(f"/games/{game.id}.json")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    data = exported.get_json()
    assert data["game"] == slug and data["seed"] == 5 and len(data["plies"]) == game.ply
    assert data["players"][0] == {"seat": "P1", "name": game.seats[0].player.name}
    assert all(set(p) >= {"ply", "seat", "move", "time"} for p in data["plies"])
    assert game.seats[0].player.email not in exported.get_data(as_text=True)  # public
    copy = import_record(elsewhere(exported.get_data(as_text=True)))
    same_game(get_game(game.id), get_game(copy.id))
    assert [m.created_at for m in copy.moves] == [m.created_at for m in game.moves]
    assert client.get(f"/games/{copy.id}.json").get_json()["plies"] == data["plies"]


@pytest.mark.parametrize("slug", ["pylon", "stawvs", "spike"])
def test_a_text_record_reimported_gives_the_same_game(client, make_game, slug):
    game = play_turns(make_game(slug, seed=8), 400, random.Random(2))
    if game.status == "active":
        commands.resign(commands.locked(game.id), 0)
        game = get_game(game.id)
    text = client.get(f"/games/{game.id}.txt").get_data(as_text=True)
    assert f'[Slug "{slug}"]' in text and f'[P1 "{game.seats[0].player.name}"]' in text
    assert f"\n1. P1 {game.moves[0].move}\n" in text
    copy = import_record(elsewhere(text))
    same_game(get_game(game.id), get_game(copy.id))


@pytest.mark.parametrize("how", ["agreement", "adjudication"])
def test_a_game_ended_by_a_decision_round_trips_in_both_formats(client, make_game, how):
    game = play_turns(make_game("pylon", options={"start": "quick"}, seed=4), 3,
                      random.Random(1))
    if how == "agreement":
        commands.agree(game, 0, game.ply)
        commands.agree(get_game(game.id), 1, game.ply)
    else:
        commands.adjudicate(commands.locked(game.id), [1])
        db.session.commit()
    game = get_game(game.id)
    data = client.get(f"/games/{game.id}.json").get_json()
    assert data["result"]["ended"] == how
    text = client.get(f"/games/{game.id}.txt").get_data(as_text=True)
    assert f'[Ended "{how}"]' in text
    for record in (json.dumps(data), text):
        same_game(game, get_game(import_record(elsewhere(record)).id))
        with pytest.raises(BadRecord, match="imported already"):  # in either format
            import_record(elsewhere(json.dumps(data)))
        db.session.execute(delete(ImportedRecord))  # forget it, to import the other


@pytest.mark.parametrize("how, termination, words", [
    ("rules", "rules", "by the rules: no legal move was left"),
    ("resign", "resignation", "by resignation"),
    ("timeout", "timeout", "on time"), ("forfeit", "forfeit", "by forfeit"),
    ("director", "adjudication", "by the director's adjudication"),
    ("deadline", "automatic adjudication", "by pbem's adjudication at the deadline"),
])
def test_every_reader_is_told_how_a_game_ended(client, make_game, how, termination, words):
    game = play_turns(make_game("pylon", seed=2), 400 if how == "rules" else 3,
                      random.Random(7))
    if how in ("resign", "timeout", "forfeit"):
        reason = {"resign": RESIGNED, "timeout": TIMED_OUT, "forfeit": FORFEITED}[how]
        commands.resign(commands.locked(game.id), 0, reason=reason)
    elif how in ("director", "deadline"):
        commands.adjudicate(commands.locked(game.id), [1], automatic=how == "deadline")
        db.session.commit()
    game = get_game(game.id)
    text = client.get(f"/games/{game.id}.txt").get_data(as_text=True)
    assert f'[Termination "{termination}"]' in text
    assert client.get(f"/games/{game.id}.json").get_json()["result"]["termination"] == termination
    def page(url):
        return html.unescape(client.get(url).get_data(as_text=True))

    assert f"ended {words}." in page(f"/games/{game.id}")
    assert f" won {words}</td>" in page("/archive")
    feed = page(f"/games/{game.id}/feed.atom")
    assert re.search(rf"<title>Pylon #{game.id}: P1 vs P2: P[12] wins {re.escape(words)}</",
                     feed)
    copy = import_record(elsewhere(text))
    same_game(game, get_game(copy.id))
    assert f'[Termination "{termination}"]' in client.get(f"/games/{copy.id}.txt").get_data(
        as_text=True)
    if how not in ("resign", "timeout", "forfeit"):  # a resignation's reason is the record's
        wrong = text.replace(f'[Termination "{termination}"]', '[Termination "timeout"]')
        with pytest.raises(BadRecord, match="ended by timeout, but"):
            import_record(elsewhere(wrong))
    with pytest.raises(BadRecord, match="'boredom' is not one this server writes"):
        records.parse(text.replace(f'[Termination "{termination}"]', '[Termination "boredom"]'))


def test_a_decided_ending_is_refused_for_a_game_its_moves_ended(client, make_game):
    game = play_turns(make_game("pylon", seed=2), 400, random.Random(7))
    data = client.get(f"/games/{game.id}.json").get_json()
    data["result"]["ended"] = "agreement"
    with pytest.raises(BadRecord, match="ended by agreement, but its moves end it"):
        import_record(elsewhere(json.dumps(data)))
    data["result"]["ended"] = "a coin toss"
    with pytest.raises(BadRecord, match="'a coin toss': this server knows agreement"):
        import_record(elsewhere(json.dumps(data)))


def test_records_of_unknown_or_unstarted_games_are_404(client, make_game):
    invited = make_game("pylon", start_now=False)
    for url in ("/games/999.json", "/games/999.txt", f"/games/{invited.id}.json",
                "/games/999/feed.atom"):
        assert client.get(url).status_code == 404


def test_an_admin_imports_a_hand_written_text_record(client, make_player):
    sign_in(client, make_player(admin=True))
    record = ('[Game "Pylon"]\n[P1 "Historic One"]\n[P2 "Historic Two"]\n'
              '[Option "start=place"]\n\n1. P1 mc3\n2. P2 S a1\n3. Lb2\n')
    response = client.post("/admin/import", data={"record": record})
    assert response.status_code == 303
    game = get_game(int(response.location.rsplit("/", 1)[1]))
    assert [m.move for m in game.moves] == ["Mc3", "Sa1", "Lb2"]
    assert [s.player.name for s in game.seats] == ["Historic One", "Historic Two"]
    assert game.seats[0].player.email.endswith("@imported.invalid")
    before = counts()
    again = client.post("/admin/import", data={"record": record.replace("\n1.", "\n\n1.")})
    assert again.status_code == 422 and counts() == before  # the same content: refused
    assert f"imported already, as game #{game.id}" in again.get_data(as_text=True)
    shorter = client.post("/admin/import", data={"record": record.replace("3. Lb2\n", "")})
    assert get_game(int(shorter.location.rsplit("/", 1)[1])).seats[0].player_id == (
        game.seats[0].player_id)  # the same placeholder for the same name


def test_an_uploaded_json_record_matches_players_by_email(client, make_game, make_player):
    game = play_turns(make_game("pylon"), 5, random.Random(1))
    data = client.get(f"/games/{game.id}.json").get_json()
    del data["url"]  # as if from elsewhere
    data["players"][0]["email"] = game.seats[0].player.email
    data["players"][1]["email"] = "newcomer@example.com"
    sign_in(client, make_player(admin=True))
    response = client.post("/admin/import", content_type="multipart/form-data",
                           data={"upload": (BytesIO(json.dumps(data).encode()), "g.json")})
    assert response.status_code == 303
    copy = get_game(int(response.location.rsplit("/", 1)[1]))
    assert copy.seats[0].player_id == game.seats[0].player_id
    assert copy.seats[1].player.email == "newcomer@example.com"
    assert copy.status == "active" and copy.ply == game.ply


def test_only_admins_can_import(client, make_player):
    assert client.get("/admin/import").status_code == 403
    sign_in(client, make_player())
    assert client.post("/admin/import", data={"record": "{}"}).status_code == 403


def bad_records(game_json: dict):
    """(record text, words the message must contain) for each way a record can be wrong."""
    def edited(change):
        data = json.loads(json.dumps(game_json))
        change(data)
        return json.dumps(data)

    def illegal_ply(data):
        data["plies"][4]["move"] = data["plies"][0]["move"]  # a square already taken
    yield edited(illegal_ply), f"ply 5 (P1 {game_json['plies'][0]['move']})"
    yield edited(lambda d: d["plies"][3].update(seat="P1")), "ply 4 (P1"
    yield edited(lambda d: d["plies"][2].update(move="Zz99")), "ply 3"
    after_the_end = f"ply {game_json['ply_count'] + 1}"
    yield edited(lambda d: d["plies"].append({"move": "a1-a2"})), after_the_end
    yield edited(lambda d: d["result"].update(winners=["P2"] if d["result"]["winners"] == ["P1"]
                                              else ["P1"])), "moves give"
    yield edited(lambda d: d["result"].update(scores=[0, 0])), "scores"
    yield edited(lambda d: d.update(game="chess")), "no game 'chess'"
    yield edited(lambda d: d["options"].update(start="fast")), "option 'start'"
    yield edited(lambda d: d["players"].pop()), "played by 2 players"
    yield edited(lambda d: d["players"][0].update(email="not-an-address")), "not an email"
    yield edited(lambda d: d["players"][1].update(name="")), "Player 2"
    for name in ('Ann"]\n[Result "P2 wins', "Ann\r\nBcc: x@example.com", "Ann\u2028Bob",
                 'Ann "the bold"'):
        yield edited(lambda d, name=name: d["players"][1].update(name=name)), (
            "Player 2: a player's name cannot contain quotes, line breaks")
    yield ('[Slug "pylon"]\n[P1 "a\\"b"]\n[P2 "b"]\n\n1. Mc3\n',
           "Tag P1: a player's name cannot contain quotes")
    yield edited(lambda d: d.update(plies="Mc3")), "'plies'"
    yield edited(lambda d: d["plies"][0].update(time="noon")), "ISO 8601"
    yield edited(lambda d: d.update(seed="seven")), "seed"
    yield '{"game": "pylon", ', "not valid JSON"
    yield "", "empty"
    yield '[Slug "pylon"]\n[P1 "a"]\n[P2 "b"]\n\n1. P1 Mc3\n3. P2 Sa1\n', "expected ply 2"
    yield '[Slug "pylon"]\n[P1 "a"]\n\n1. P1 Mc3\n', "played by 2 players"
    yield '[P1 "a"]\n[P2 "b"]\n\n1. Mc3\n', "which game"
    yield '[Slug "pylon"]\n[P1 "a"]\n[P2 "b"]\n\nMc3 Sa1\n', "Line 5"
    yield '[Slug "pylon"]\n[P1 "a"]\n[P2 "b"]\n[Result "P1 wins"]\n\n1. Mc3\n', "moves give"
    yield '[Slug "pylon"]\n[P1 "a"]\n[P2 "a"]\n\n1. Mc3\n', "two seats"
    many = "9" * 5000  # more digits than int() reads
    yield f'[Slug "pylon"]\n[P1 "a"]\n[P2 "b"]\n\n{many}. P1 Mc3\n', "Line 5: cannot read"
    yield f'[Slug "pylon"]\n[P1 "a"]\n[P{many} "b"]\n\n1. Mc3\n', "played by 2 players"
    yield '[Slug "pylon"]\n[P1 "a"]\n[P2 "b"]\n\n\u0661. P1 Mc3\n', "Line 5: cannot read"
    yield edited(lambda d: d["plies"][0].update(seat=f"P{many}")), "a seat is written P1"
    yield edited(lambda d: d.update(seed="\u0661\u0662")), "seed must be a whole number"


def test_bad_records_are_refused_naming_the_problem_and_store_nothing(
        client, make_game, make_player):
    game = play_turns(make_game("pylon", seed=2), 400, random.Random(7))
    assert game.status == "finished"
    data = client.get(f"/games/{game.id}.json").get_json()
    data["ply_count"] = len(data["plies"])
    del data["url"]
    sign_in(client, make_player(admin=True))
    before = counts()
    for text, words in bad_records(data):
        response = client.post("/admin/import", data={"record": text})
        html = response.get_data(as_text=True)
        assert response.status_code == 422, words
        assert words in html.replace("&#39;", "'").replace("&#34;", '"'), (words, html[-900:])
        assert counts() == before, words


def test_no_stored_name_can_add_a_line_to_a_text_record(client, make_game):
    """Names from before they were checked (or changed behind the app's back) are written on
    the tag's own line: quotes escaped, line breaks replaced."""
    game = make_game("pylon")
    game.seats[0].player.name = 'Ann"]\r\n[Result "P1 wins"]\u2028\\'
    db.session.commit()
    text = client.get(f"/games/{game.id}.txt").get_data(as_text=True)
    assert '[P1 "Ann\\"]\ufffd\ufffd[Result \\"P1 wins\\"]\ufffd\\\\"]\n' in text
    assert [line for line in text.splitlines() if line.startswith("[Result")] == [
        '[Result "*"]']
    with pytest.raises(BadRecord, match="Tag P1: a player's name cannot contain quotes"):
        records.parse(text)  # read back as one tag, whose name is then refused


def test_a_record_that_resigns_replays_the_resignation(make_game):
    game = play_turns(make_game("stawvs", seed=3), 4, random.Random(4))
    commands.resign(commands.locked(game.id), 1)
    game = get_game(game.id)
    copy = import_record(elsewhere(records.to_text(game)))
    same_game(game, get_game(copy.id))
    assert copy.moves[-1].move == "resign" and copy.moves[-1].seat == 1
    with pytest.raises(BadRecord, match="must name its seat"):
        import_record(elsewhere(records.to_text(game).replace("P2 resign", "resign")))


def test_the_same_game_as_json_then_as_text_is_imported_once(client, make_game, make_player):
    game = play_turns(make_game("stawvs", seed=6), 6, random.Random(3))
    data = client.get(f"/games/{game.id}.json").get_json()
    text = client.get(f"/games/{game.id}.txt").get_data(as_text=True)
    sign_in(client, make_player(admin=True))
    own = client.post("/admin/import", data={"record": json.dumps(data)})
    assert own.status_code == 422  # this server's own game: refused, nothing stored
    assert (f"This record is game #{game.id} of this server, which is here already"
            in html.unescape(own.get_data(as_text=True)))
    del data["url"]
    first = client.post("/admin/import", data={"record": json.dumps(data)})
    assert first.status_code == 303
    copy = int(first.location.rsplit("/", 1)[1])
    before = counts()
    site = f'[Site "http://pbem.test/games/{game.id}"]'
    assert site in text
    again = client.post("/admin/import", data={"record": text.replace(site, "")})
    assert again.status_code == 422 and counts() == before
    assert (f"This game has been imported already, as game #{copy}: the same players, setup "
            "and moves" in html.unescape(again.get_data(as_text=True)))


def test_a_record_from_the_same_source_is_imported_once(make_game, make_player):
    game = play_turns(make_game("pylon", seed=2), 3, random.Random(1))
    text = records.to_text(game).replace(f"/games/{game.id}", "").replace(
        "http://pbem.test", "https://elsewhere.example/game/77")
    first = import_record(records.parse(text))
    assert first.id != game.id
    changed = text.replace(f'"{game.seats[0].player.name}"', '"Somebody Else"')
    with pytest.raises(BadRecord, match=f"imported already, as game #{first.id}"):
        import_record(records.parse(changed))  # other names, but the same source
