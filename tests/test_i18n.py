"""pbem in the players' languages: choosing one, pages in it, mail in the recipient's (with
their dates and time zone), and mail replies whose commands are written in it."""

from __future__ import annotations

from clocks.stored import T0, timed_game
from freezegun import freeze_time
from helpers import english_left, outbox, page_text, sign_in
from mail.test_answers import only_answer, reply_to

from pbem.core.extensions import db
from pbem.correspondence.ingest import ingest_bytes
from pbem.notifications import settings as notification_settings
from pbem.notifications.logic.schedule import NotificationSettings
from pbem.play import commands
from pbem.play.queries import get_game


def speaks(player, language: str, zone: str = "UTC"):
    player.language = language
    notification_settings.save(player.id, NotificationSettings(timezone=zone), T0)
    db.session.commit()
    return player


def test_a_visitor_gets_the_browser_language_and_the_switcher_keeps_another(client):
    page = client.get("/sign-in", headers={"Accept-Language": "fr-CH, de;q=0.8"})
    assert '<html lang="fr">' in page.text and "Envoyez-moi un lien de connexion" in page.text
    assert client.post("/language", data={"language": "de", "next": "/sign-in"}).status_code == 303
    page = client.get("/sign-in", headers={"Accept-Language": "fr"})
    assert "Schick mir einen Anmeldelink" in page.text
    assert client.get("/sign-in", headers={"Accept-Language": "pt, en;q=0.1"}).text.count(
        "Deutsch") == 1


def test_the_switcher_refuses_an_unknown_language_and_a_foreign_address(client):
    assert client.post("/language", data={"language": "xx"}).status_code == 400
    answer = client.post("/language", data={"language": "es", "next": "//evil.example/"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_the_first_sign_in_keeps_the_browser_language_and_the_account_page_changes_it(
        app, client, make_player):
    from pbem.accounts.service import player_by_email, request_sign_in

    request_sign_in("ana@example.com", "127.0.0.1")
    db.session.commit()
    [mail] = outbox("sign_in")
    link = next(word for word in mail.body_text.split() if "/sign-in/" in word)
    path = link.split("http://pbem.test", 1)[1]
    client.post(path, headers={"Accept-Language": "es-MX,es;q=0.9"})
    player = player_by_email("ana@example.com")
    assert player.language == "es"
    assert "Tus partidas" in client.get("/", headers={"Accept-Language": "en"}).text
    page = client.post("/account", data={"name": "Ana", "language": "de"},
                       headers={"Accept-Language": "es"}, follow_redirects=True)
    assert "Konto gespeichert." in page.text
    assert player_by_email("ana@example.com").language == "de"
    bad = client.post("/account", data={"name": "Ana", "language": "klingon"})
    assert bad.status_code == 422 and player_by_email("ana@example.com").language == "de"


def test_turn_refusal_and_game_over_mail_to_a_spanish_speaker_are_in_spanish(app,
                                                                              make_player):
    lucia = speaks(make_player(name="Lucía"), "es", "Europe/Madrid")
    hans = speaks(make_player(name="Hans"), "de")
    game = timed_game([hans, lucia], "3d/move")
    with freeze_time(T0):  # (the deadline and the reply address as at the move)
        commands.play_turn(commands.locked(game.id), 0, "La1", 0)
        [turn] = [m for m in outbox("turn") if m.recipient == lucia.email]  # composed
        assert "te toca (medio turno 2)" in turn.subject
        assert "Hola, Lucía:" in turn.body_text and "Te toca en Pylon" in turn.body_text
        # The deadline on her calendar and clock: three days on, 09:00 in Madrid, in Spanish.
        assert "Juega antes del jue, 5 mar 2026, 09:00 CET (en 3 días)." in turn.body_text
        assert "jugó: La1" in turn.body_text  # the notation itself never changes
        assert "Haz tu jugada" in turn.body_html and 'lang="es"' in turn.body_html
        [hans_turn] = [m for m in outbox("turn") if m.recipient == hans.email]
        assert "du bist am Zug (Halbzug 1)" in hans_turn.subject  # his own, in German

        assert ingest_bytes(reply_to(turn, "a1-a2")).startswith("refused")
        refusal = only_answer()
        assert "jugada rechazada" in refusal.subject
        assert ("Tu jugada enviada por correo «a1-a2» en Pylon #1 no se jugó: el tablero aún "
                "no está lleno: coloca una pirámide") in refusal.body_text
        assert "Tus jugadas legales:" in refusal.body_text

        commands.resign(commands.locked(game.id), 1)
        [over] = [m for m in outbox("game_over") if m.recipient == lucia.email]
        assert "partida terminada" in over.subject
        assert "Pylon #1 ha terminado." in over.body_text
        assert "Ganada por Hans." in over.body_text
        assert "«revancha»" in over.body_text


def test_a_german_reply_aufgeben_resigns_and_is_answered_in_german(app, make_player):
    hans, eve = make_player(name="Hans"), make_player(name="Eve")  # Hans has no language yet
    game = timed_game([hans, eve], "3d/move")
    [turn] = outbox("turn")
    assert ingest_bytes(reply_to(turn, "Aufgeben")).startswith("resigned")
    assert get_game(game.id).status == "finished"
    answer = only_answer()
    assert "du hast aufgegeben" in answer.subject
    assert "Du hast Pylon #1 aufgegeben." in answer.body_text


def test_english_commands_always_work_and_the_help_lists_the_readers_words(app,
                                                                          make_player):
    fr = speaks(make_player(name="Zoé"), "fr")
    game = timed_game([fr, make_player()], "3d/move")
    [turn] = [m for m in outbox("turn") if m.recipient == fr.email]
    assert ingest_bytes(reply_to(turn, "help")).startswith("help")
    answer = only_answer()
    assert "abandonner (resign): abandonner la partie" in answer.body_text
    assert "Pour jouer, répondez avec votre coup seul" in answer.body_text
    assert ingest_bytes(reply_to(turn, "resign", "<second@example.com>")).startswith(
        "resigned")
    assert get_game(game.id).status == "finished"


def test_a_refused_move_on_the_game_page_reads_in_the_players_language(app, client,
                                                                       make_game):
    game = make_game("pylon")
    player = game.seats[0].player
    player.language = "fr"
    db.session.commit()
    sign_in(client, player)
    page = client.post(f"/games/{game.id}/preview",
                       data={"move": "a1-a2", "ply": "0", "turn": ""})
    assert "le plateau n’est pas encore plein : posez une pyramide" in page.text


def german_tournament(make_player):
    """A started Swiss of four players whose director reads German; and one of its players,
    German too, waiting for their opponent's move."""
    from tournaments.tournament_sim import T0 as START

    from pbem.tournaments import service

    director = make_player(name="Greta", admin=True)
    director.language = "de"
    players = [make_player(name=name) for name in ("Anna", "Bernd", "Clara", "Dieter")]
    t = service.create("pylon", {"name": "Herbstpokal", "format": "swiss", "table_size": 2,
                                 "rounds": 3, "round_days": 7, "stall_policy": "adjudicate",
                                 "options": {}}, director, START)
    service.invite(t.id, "\n".join(p.email for p in players), director, START, "")
    for entrant in list(t.entrants):
        service.answer(t.id, entrant.player_id, True)
    service.start(t.id, director, START, "")
    table = t.rounds[0].tables[0]
    waiting = get_game(table.game_id).seats[1].player  # seat 0 moves first
    waiting.language = "de"
    db.session.commit()
    return t, director, waiting, table.game_id


def test_german_pages_of_each_newly_translated_area_show_no_english(app, client, make_player):
    t, director, waiting, game_id = german_tournament(make_player)
    sign_in(client, director)
    pages = {f"/tournaments/{t.id}": "Herbstpokal", "/tournaments": "Turniere",
             f"/admin/tournaments/{t.id}": "Herbstpokal verwalten", "/admin/": "Verwaltung",
             "/rules/pylon/ratings": "Bestenliste Pylon", "/ratings/about": "Über die Wertungen",
             f"/games/{game_id}/analysis": "Erkundete Variante",
             "/account/push": "Push-Benachrichtigungen", "/account/tokens": "API-Tokens"}
    for url, heading in pages.items():
        html = client.get(url).get_data(as_text=True)
        assert heading in html, url
        assert english_left(page_text(html), "de") == [], url
    sign_in(client, waiting)
    html = client.get(f"/games/{game_id}/conditional").get_data(as_text=True)
    assert "Deine bedingten Züge in" in html
    assert english_left(page_text(html), "de") == []


def test_a_digest_and_its_answer_reach_a_spanish_speaker_in_spanish(app, make_player):
    from mail.test_digest import DIGEST_AT, digest_reader_with_games, digests

    me, games = digest_reader_with_games(make_player, "es")  # Mia, in Paris
    assert digests(DIGEST_AT) == "1 sent"
    [digest] = outbox("digest")
    assert digest.subject == "Resumen de pbem: 3 partidas te esperan"
    text = digest.body_text
    assert "Hola, Mia:" in text
    assert "3 partidas esperan tu jugada, el plazo más cercano primero:" in text
    assert "Juega antes del jue, 5 mar 2026" in text  # the soonest deadline, in Spanish
    assert "Juegas primero." in text and "Además, desde tu último resumen:" in text
    assert "Haz tu jugada" in digest.body_html and 'lang="es"' in digest.body_html
    assert f"#{games['soon'].id} rendirse" in text  # the reply words are hers too
    theirs = "Your move, Mia."  # (a comment Cat wrote, in English)
    assert english_left(text.replace(theirs, ""), "es") == []
    assert english_left(page_text(digest.body_html).replace(theirs, ""), "es") == []

    with freeze_time(DIGEST_AT):
        assert ingest_bytes(reply_to(digest, f"#{games['theirs'].id} rendirse")).startswith(
            "digest reply: resigned")
    [answer] = outbox("digest_result")
    assert answer.subject == "pbem: tu respuesta al resumen"
    assert "Qué pasó con tu respuesta al resumen:" in answer.body_text
    assert "Rendición: te has rendido en la partida." in answer.body_text


def test_tournament_mail_reaches_a_spanish_speaker_in_spanish(app, make_player):
    from tournaments.tournament_sim import T0 as START

    from pbem.tournaments import service

    director = make_player(name="Greta", admin=True)
    lucia = speaks(make_player(name="Lucía"), "es", "Europe/Madrid")
    others = [make_player(name=name) for name in ("Bernd", "Clara", "Dieter")]
    t = service.create("pylon", {"name": "Copa de otoño", "format": "swiss", "table_size": 2,
                                 "rounds": 3, "round_days": 7, "stall_policy": "adjudicate",
                                 "options": {}}, director, START)
    service.invite(t.id, "\n".join(p.email for p in [lucia, *others]), director, START, "")
    db.session.commit()
    [invitation] = [m for m in outbox("tournament_invitation") if m.recipient == lucia.email]
    assert invitation.subject == "[Copa de otoño] Estás invitado a un torneo de Pylon"
    assert ("Greta te invita a «Copa de otoño», un torneo de Pylon (Sistema suizo)."
            in invitation.body_text)
    assert english_left(invitation.body_text, "es") == []

    for entrant in list(t.entrants):
        service.answer(t.id, entrant.player_id, True)
    service.start(t.id, director, START, "")
    db.session.commit()
    [start] = [m for m in outbox("tournament_start") if m.recipient == lucia.email]
    assert start.subject == "[Copa de otoño] ha empezado"
    assert "Hola, Lucía:" in start.body_text
    assert "«Copa de otoño» ha empezado. Te llegará un correo cada vez que te toque." in (
        start.body_text)
    assert "Todos los emparejamientos de la ronda 1:" in start.body_text
    assert "Plazo: " in start.body_text and " CET" in start.body_text  # her time zone
    assert english_left(start.body_text, "es") == []
    assert english_left(page_text(start.body_html), "es") == []
