"""Finding opponents by name, public pages, deleting an account and downloading its data."""

from __future__ import annotations

import difflib
import json
import re

from helpers import outbox, path_of, sign_in
from sqlalchemy import func, select
from tournaments.tournament_sim import T0, settings, started

from pbem.accounts.models import Player, SignInRequest
from pbem.accounts.service import mark_joined, player_by_email
from pbem.clocks import booking
from pbem.clocks.models import StoredVacation
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.core.signing import sign
from pbem.mail.models import OutboxMessage
from pbem.notifications import settings as clock_settings
from pbem.notifications.logic.schedule import NotificationSettings
from pbem.notifications.models import StoredSettings
from pbem.play import service
from pbem.play.commands import create_game, respond
from pbem.play.queries import get_game
from pbem.tournaments import service as tournaments


def joined(*players):
    """The players, as accounts that have signed in."""
    for player in players:
        mark_joined(player)
    db.session.commit()
    return players


def picker(client, slug="pylon") -> str:
    return client.get(f"/new/{slug}").get_data(as_text=True)


def test_the_picker_offers_by_name_players_met_and_findable_ones(client, make_player,
                                                                 make_game):
    me, met, findable, hidden = joined(*(make_player(name=n)
                                         for n in ("Me", "Met", "Seeker", "Hidden")))
    findable.findable = True
    db.session.commit()
    make_game(players=[me, met])
    sign_in(client, me)
    html = picker(client)
    assert ">Met</option>" in html and ">Seeker</option>" in html
    assert "Hidden" not in html and met.email not in html and findable.email not in html
    chosen = client.post("/new/pylon", data={"players": 2, "seats": me.email,
                                             "known": hidden.id})
    assert chosen.status_code == 422 and "cannot be offered" in chosen.get_data(as_text=True)


#: What differs between two runs of the same story: times and dates, CSRF tokens, signed
#: links (they carry their time).
UNSTABLE = re.compile(r"\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d+)?)?(\+00:00|Z| UTC)?)?"
                      r"|name=\"csrf_token\" value=\"[^\"]+\"|[\w-]+\.[\w-]{6}\.[\w-]{27}")


def inviters_view(make_app, path, friend_has_account: bool) -> list:
    """Everything the host sees when they invite friend@example.com, then after the friend
    declines: the answer, their pages, the game's records, their mail."""
    app = make_app(f"sqlite:///{path}")
    with app.app_context():
        host = player_by_email("host@example.com")
        if friend_has_account:
            joined(player_by_email("friend@example.com"))[0].name = "Friend"
        joined(host)[0].name = "Host"
        db.session.commit()
        client = app.test_client()
        sign_in(client, host)
        created = client.post("/new/pylon", data={"players": 2,
                                                  "seats": "host@example.com\nfriend@example.com"})
        game_id = int(created.headers["Location"].rsplit("/", 1)[1])
        pages = ["/", f"/games/{game_id}", f"/games/{game_id}.json", f"/games/{game_id}.txt",
                 f"/games/{game_id}/feed.atom", "/archive", f"/players/{host.id}"]
        view = [(created.status_code, created.headers["Location"])]
        view += [(client.get(url).status_code, client.get(url).get_data(as_text=True))
                 for url in pages]
        invitation = outbox("invitation")[0]
        link = re.search(r"http://pbem\.test/\S+", invitation.body_text).group()
        app.test_client().post(path_of(link), data={"decline": "1"})
        view += [(client.get(url).status_code, client.get(url).get_data(as_text=True))
                 for url in pages]
        view += [(m.subject, m.body_text, m.body_html) for m in outbox()
                 if m.recipient == host.email]
        assert "declined" in view[-1][0]  # the host was told
    return [UNSTABLE.sub("<masked>", repr(item)) for item in view]


def test_an_exact_address_gets_the_same_answer_with_or_without_an_account(make_app, tmp_path,
                                                                          monkeypatch):
    """Inviting an address that has an account looks to the inviter exactly like inviting one
    that has none, until the invitee accepts."""
    monkeypatch.setattr(service, "new_seed", lambda: 7)
    with_account = inviters_view(make_app, tmp_path / "known.sqlite", True)
    without = inviters_view(make_app, tmp_path / "unknown.sqlite", False)
    assert with_account[0] == "(303, '/games/1')"
    differences = ["\n".join(difflib.unified_diff(a.split("\\n"), b.split("\\n"), lineterm=""))
                   for a, b in zip(with_account, without, strict=True) if a != b]
    assert not differences, "\n\n".join(differences)


def test_an_unanswered_seat_is_named_only_to_its_player_and_admins(client, make_player):
    host, friend, other = (make_player(name=n) for n in ("Host", "Friend", "Other"))
    admin = make_player(name="Boss", admin=True)
    game = create_game("pylon", [host, friend], creator=host)

    def names_friend(viewer) -> bool:
        sign_in(client, viewer)
        return "Friend" in client.get(f"/games/{game.id}").get_data(as_text=True)

    assert [names_friend(v) for v in (host, other, friend, admin)] == [False, False, True, True]
    accepted = get_game(game.id)
    respond(accepted, accepted.seat_of(friend), True)
    assert names_friend(host) and names_friend(other)


def test_an_account_that_never_signed_in_has_no_page_and_no_name(client, make_player,
                                                                make_game):
    invited = player_by_email("victim@third-party.example")
    db.session.commit()
    assert invited.name == "an invited player"
    assert client.get(f"/players/{invited.id}").status_code == 404
    game = create_game("pylon", [make_player(name="Host"), invited], creator=None,
                       start_now=True)
    assert "an invited player" in client.get(f"/games/{game.id}").get_data(as_text=True)


def test_imported_accounts_are_never_offered_nor_mailed(client, make_player):
    me = make_player(name="Me")
    placeholder = player_by_email("old-master-1@imported.invalid")
    placeholder.name, placeholder.findable = "Old Master", True
    db.session.commit()
    create_game("pylon", [me, placeholder], creator=me, start_now=True)
    sign_in(client, me)
    assert "Old Master" not in picker(client)
    assert all(not m.recipient.endswith(".invalid") for m in outbox())


def test_a_player_downloads_their_own_data(client, make_player, make_game):
    me, other = make_player(name="Me"), make_player(name="Other")
    game = make_game(players=[me, other])
    assert client.get("/account/data.json").status_code == 302  # signed out: sign in first
    sign_in(client, me)
    data = json.loads(client.get("/account/data.json").get_data(as_text=True))
    assert data["account"]["email"] == me.email and data["account"]["findable"] is False
    assert [g["id"] for g in data["games"]] == [game.id]
    assert other.email not in json.dumps(data)


def test_a_player_deletes_their_account(client, make_player, make_game):
    me, other = joined(make_player("leaver@example.com", "Leaver"), make_player(name="Other"))
    game = make_game(players=[me, other])
    sign_in(client, me)
    refused = client.post("/account/delete", data={})
    assert refused.status_code == 303 and db.session.get(Player, me.id).deleted_at is None
    client.post("/account/delete", data={"sure": "y"})
    gone = db.session.get(Player, me.id)
    assert gone.deleted_at is not None and gone.name == "deleted player"
    assert "leaver@example.com" not in gone.email
    assert get_game(game.id).status == "finished"  # resigned: the opponent is not left waiting
    assert "deleted player" in client.get(f"/games/{game.id}").get_data(as_text=True)
    assert client.get(f"/players/{me.id}").status_code == 404
    assert client.get("/account").status_code == 302  # the session died with the account
    again = player_by_email("leaver@example.com")
    assert again.id != me.id and again.deleted_at is None


def delete_account(client, player):
    sign_in(client, player)
    return client.post("/account/delete", data={"sure": "y"})


def in_three_tournaments(make_player):
    """A running tournament (its first entrant is the one returned), one not started that
    they entered, and one that only invited them."""
    running = started(make_player, "pylon", 4, settings("swiss", rounds=2))
    me, director = running.entrants[0].player, running.created_by
    upcoming, asked = (tournaments.create("pylon", settings(fmt), director, T0)
                       for fmt in ("swiss", "round-robin"))
    for t in (upcoming, asked):
        tournaments.invite(t.id, me.email, director, T0, "")
    tournaments.answer(upcoming.id, me.id, True)
    db.session.commit()
    return me, running, upcoming, asked


def entry(t, player):
    return next(e for e in tournaments.get_tournament(t.id).entrants if e.player_id == player.id)


def test_deleting_an_account_withdraws_it_from_tournaments(client, make_player):
    me, running, upcoming, asked = in_three_tournaments(make_player)
    name, address = me.name, me.email
    (table,) = [tb for tb in running.current_round.tables if me.id in tb.seats]
    delete_account(client, me)
    assert [entry(t, me).status for t in (running, upcoming, asked)] == ["withdrawn",
                                                                         "withdrawn",
                                                                         "declined"]
    assert get_game(table.game_id).status == "finished"  # forfeited
    assert "deleted player" in client.get(f"/tournaments/{running.id}").get_data(as_text=True)
    assert name not in json.dumps(tournaments.get_tournament(running.id).standings_cache)
    assert not db.session.scalars(select(OutboxMessage)
                                  .where(OutboxMessage.recipient == address)).all()


def test_deleting_an_account_drops_its_settings_vacations_and_links(client, make_player,
                                                                  make_game):
    me = make_player("leaver@example.com", "Leaver")
    make_game(players=[me, make_player(name="Other")])  # their turn: mail waits for them
    clock_settings.save(me.id, NotificationSettings(timezone="Europe/Paris"), utcnow())
    db.session.commit()  # the page that does this commits
    booking.book(me.id, "3", "", utcnow())
    db.session.commit()  # the page that does this commits
    client.post("/sign-in", data={"email": me.email})
    links = [f"/unsubscribe/{sign('unsubscribe', [me.id, 'turn'])}",
             f"/calendar/{sign('calendar', me.id)}.ics"]
    assert [client.get(link).status_code for link in links] == [200, 200]
    delete_account(client, me)
    for link in links:
        for response in (client.get(link), client.post(link)):
            text = response.get_data(as_text=True)
            assert response.status_code in (405, 410) and "@deleted" not in text
            assert response.status_code == 405 or "no longer exists" in text
    assert db.session.get(StoredSettings, me.id) is None
    assert not db.session.scalars(select(StoredVacation)).all()
    assert not db.session.scalars(select(OutboxMessage)
                                  .where(OutboxMessage.recipient == "leaver@example.com")).all()
    assert not db.session.scalars(select(SignInRequest)).all()


def test_a_deletion_that_fails_halfway_changes_nothing(client, make_player, make_game,
                                                       monkeypatch):
    me, running, upcoming, asked = in_three_tournaments(make_player)
    game = make_game(players=[me, make_player(name="Other")])
    clock_settings.save(me.id, NotificationSettings(timezone="Europe/Paris"), utcnow())
    db.session.commit()  # the page that does this commits
    mail = db.session.scalar(select(func.count()).select_from(OutboxMessage))

    def fail(player_id):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(clock_settings, "forget", fail)  # the last step
    assert delete_account(client, me).status_code == 500
    db.session.rollback()  # as the failed request's end does
    me = db.session.get(Player, me.id)
    assert me.deleted_at is None and me.email.endswith("@example.com")
    assert [entry(t, me).status for t in (running, upcoming, asked)] == ["entered", "entered",
                                                                         "invited"]
    assert get_game(game.id).status == "active"
    assert all(get_game(tb.game_id).status == "active" for tb in running.current_round.tables)
    assert clock_settings.settings_of(me.id).timezone == "Europe/Paris"
    assert db.session.scalar(select(func.count()).select_from(OutboxMessage)) == mail
