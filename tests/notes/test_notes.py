"""Private notes: saved by a player of the game, shown to them only, bounded, exported with
their data, deleted with their account."""

from __future__ import annotations

from helpers import sign_in

from pbem.notes import service
from pbem.notes.models import NOTES_LENGTH


def test_notes_are_saved_shown_bounded_exported_and_deleted(client, make_game, make_player):
    game = make_game("pylon")
    first, second = game.seats[0].player, game.seats[1].player
    game_id, second_id = game.id, second.id
    sign_in(client, second)
    answer = client.post(f"/games/{game_id}/notes",
                         data={"notes": "Plan: take the centre <b>early</b>",
                               "back": f"/games/{game_id}/analysis?at=0"})
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(f"/games/{game_id}/analysis?at=0#notes")
    assert "take the centre &lt;b&gt;early&lt;/b&gt;" in client.get(f"/games/{game_id}").text
    assert "take the centre" in client.get(f"/games/{game_id}/analysis").text
    too_long = client.post(f"/games/{game_id}/notes", data={"notes": "x" * (NOTES_LENGTH + 1)})
    assert too_long.status_code == 422 and "at most 10,000" in too_long.text
    assert service.read(game_id, second_id).startswith("Plan")
    elsewhere = client.post(f"/games/{game_id}/notes",
                            data={"notes": "Plan B", "back": "https://evil.test/"})
    assert elsewhere.headers["Location"].endswith(f"/games/{game_id}#notes")
    exported = client.get("/account/data.json").json
    assert exported["notes"][0]["game"] == game_id and exported["notes"][0]["text"] == "Plan B"
    # Another player, and readers signed out, see none of it.
    sign_in(client, first)
    assert "Plan B" not in client.get(f"/games/{game_id}").text
    assert client.get("/account/data.json").json["notes"] == []
    sign_in(client, make_player(name="Outsider"))
    assert client.post(f"/games/{game_id}/notes", data={"notes": "mine"}).status_code == 403
    # Deleting the account deletes the notes.
    sign_in(client, second)
    client.post("/account/delete", data={"confirm": "y", "sure": "y"})
    assert service.read(game_id, second_id) == ""
