"""Bots on the pages: offered by name on the new-game page, challenged like a player, and
marked as bots on game pages and player pages."""

from __future__ import annotations

from helpers import outbox, sign_in

from pbem.botplay import worker
from pbem.botplay.accounts import ensure_bots
from pbem.botplay.levels import MEASURED
from pbem.core.extensions import db
from pbem.games import get_rules
from pbem.play.queries import get_game

BOT_MARK = '<abbr class="bot" title="a computer player">bot</abbr>'


def test_a_player_challenges_a_bot_from_the_new_game_page(client, make_player):
    bot = ensure_bots()[0]
    db.session.commit()
    me = make_player(name="Hana")
    sign_in(client, me)
    assert "pbem bot, level 1" in client.get("/new/pylon").get_data(as_text=True)
    created = client.post("/new/pylon", data={"players": 2, "seats": me.email,
                                              "known": [bot.id]})
    game_id = int(created.location.rsplit("/", 1)[1])
    assert get_game(game_id).status == "active"  # the bot accepted at once
    assert all(not m.recipient.endswith(".invalid") for m in outbox())
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"pbem bot, level 1</a> {BOT_MARK}" in page
    assert BOT_MARK not in page.split("pbem bot, level 1")[0]  # the human is not marked
    player_page = client.get(f"/players/{bot.id}").get_data(as_text=True)
    assert f"<h1>pbem bot, level 1 {BOT_MARK}</h1>" in player_page


def test_the_bot_answers_a_move_made_on_the_web(client, make_player):
    bot = ensure_bots()[0]
    db.session.commit()
    me = make_player()
    sign_in(client, me)
    created = client.post("/new/pylon", data={"players": 2, "seats": me.email,
                                              "known": [bot.id]})
    game_id = int(created.location.rsplit("/", 1)[1])
    seat = get_game(game_id).seat_of(me).index
    if seat == 1:
        assert worker.run() == "1 played"
    game = get_game(game_id)
    move = game.rules.legal_moves(game.load_state())[0]
    assert client.post(f"/games/{game_id}/move",
                       data={"move": move, "ply": game.ply}).status_code == 303
    assert worker.run() == "1 played"
    game = get_game(game_id)
    assert game.rules.to_move(game.load_state()) == seat


def test_a_game_against_a_bot_is_rated_only_by_choice(client, make_player):
    bot = ensure_bots()[0]
    db.session.commit()
    me = make_player()
    sign_in(client, me)

    def create(**choices):
        created = client.post("/new/pylon", data={"players": 2, "seats": me.email,
                                                  "known": [bot.id], **choices})
        return get_game(int(created.location.rsplit("/", 1)[1]))

    assert not create(rated="y").rated
    assert create(rated="y", rated_against_bot="y").rated
    assert not create(rated_against_bot="y").rated  # rating was not chosen at all


def test_a_bots_page_shows_how_the_levels_stand_as_measured(client):
    """Every measured cell is a row of the bots' pages with its score, interval and games,
    and a cell of fewer games than the bench's own is marked as a sample; the page says what
    an even match scores, so that 56% of a three-player game reads as the win it is."""
    bot = ensure_bots()[1]
    page = " ".join(client.get(f"/players/{bot.id}").get_data(as_text=True).split())
    assert "How the levels stand against each other" in page
    assert ("Two levels of equal strength would each score their fair share: 50% in a game "
            "of two players, 33% in one of three, 25% in one of four.") in page
    assert MEASURED, "the table has cells"
    for cell in MEASURED:
        match = (f"level {cell.level} against level {cell.below}" if cell.below
                 else f"level {cell.level} against random moves")
        sample = " <small>a sample</small>" if cell.games < cell.FULL else ""
        row = (f"<tr><td>{get_rules(cell.slug).name}, {cell.players} players</td> "
               f'<td data-label="Match">{match}</td> '
               f'<td data-label="Score">{100 * cell.score:.0f}% '
               f"<small>[{100 * cell.low:.0f}–{100 * cell.high:.0f}%]</small></td> "
               f'<td data-label="Games (won, drawn, lost)">{cell.games} '
               f"({cell.won}, {cell.drawn}, {cell.lost}){sample}</td></tr>")
        assert row in page


def test_when_and_how_busy_the_measurement_was_is_said_in_the_pages_language(client):
    """The table's date and its host's load are numbers the page writes in its reader's
    language: the German page had said "on 2 cores" in English."""
    bot = ensure_bots()[1]
    for language, said in (
            ("en", "Measured on November 28, 2026 with the host's load at 1–27 on 2 cores;"),
            ("de", "Gemessen am 28. November 2026 bei einer Last des Servers von 1–27 auf 2 "
                   "Kernen;")):
        page = client.get(f"/players/{bot.id}", headers={"Accept-Language": language}).text
        assert said in " ".join(page.split())
