"""Replies as real mail clients write them (``replies/*.eml``): each yields its move, or is
ignored without an answer. The files name the reply address ``move+TOKEN@pbem.test`` and the
sender ``ann@example.com``; each test puts in a live game's."""

from __future__ import annotations

import email
from email import policy
from pathlib import Path

import pytest
from helpers import outbox

from pbem.correspondence.ingest import ingest_bytes
from pbem.mail.reply import read_reply
from pbem.play.queries import get_game

REPLIES = Path(__file__).parent / "replies"

#: file -> the move it plays in a new Pylon game (as typed), or None: ignored, not answered.
EXPECTED = {
    "gmail_top_posted": "Mc3",
    "gmail_bottom_posted": "Lb2",
    "gmail_wrapped_attribution": "sa1",
    "gmail_german_bottom_posted": "Md4",
    "outlook_html_only": "Lc3",
    "outlook_plain_cp1252": "Sc4",
    "iphone_top_posted": "Ma1",
    "iphone_german": "mb2",
    "iphone_french_base64": "Mc3",
    "thunderbird_french_bottom_posted": "Ld5",
    "gmail_spanish_base64": "Sb3",
    "gmail_dutch_bottom_posted": "Le5",
    "gmail_italian_bottom_posted": "Me4",
    "portuguese_outlook_android": "Mf5",
    "gmail_portuguese_bottom_posted": "Sf1",
    "k9_android": "La1",
    "outlook_android_greeting": "Mb4",
    "forwarded": "Sd2",
    "out_of_office": None,
    "auto_reply_precedence_bulk": None,
    "auto_reply_precedence_auto_reply": None,
    "exchange_automatic_reply": None,
    "delivery_report": None,
    "read_receipt": None,
}


def test_every_stored_reply_has_an_expectation():
    assert sorted(path.stem for path in REPLIES.glob("*.eml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", EXPECTED)
def test_a_stored_reply_plays_its_move_or_is_ignored(make_game, name):
    game = make_game("pylon")
    turn = outbox("turn")[0]
    raw = ((REPLIES / f"{name}.eml").read_bytes()
           .replace(b"move+TOKEN@pbem.test", turn.headers["Reply-To"].encode())
           .replace(b"ann@example.com", turn.recipient.encode()))
    outcome = ingest_bytes(raw)
    expected = EXPECTED[name]
    if expected is None:
        assert outcome.startswith("ignored: "), outcome
        assert get_game(game.id).ply == 0 and not outbox("reply_result")
    else:
        assert outcome == f"played {expected!r} in game {game.id}"
        assert [m.move.lower() for m in get_game(game.id).moves] == [expected.lower()]


def _message(text: str, content_type: str = "text/plain", **headers) -> email.message.Message:
    lines = [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    raw = "\r\n".join([*lines, f"Content-Type: {content_type}; charset=utf-8", "", text])
    return email.message_from_bytes(raw.encode(), policy=policy.default)


def test_html_entities_are_decoded_and_style_sheets_dropped():
    html = ("<html><head><style>p.MsoNormal{margin:0}</style></head><body>"
            "<script>var x = 1;</script><p class=MsoNormal>-1,-1&gt;-2,-1=E+NE+SW</p>"
            "<p>b4-b6/b4&nbsp;</p></body></html>")
    assert read_reply(_message(html, "text/html")).lines == ("-1,-1>-2,-1=E+NE+SW", "b4-b6/b4")


@pytest.mark.parametrize("headers", [
    {"Auto_Submitted": "auto-replied"}, {"Auto_Submitted": "auto-generated; owner-email=x"},
    {"Precedence": "junk"}, {"Precedence": "list"}, {"Return_Path": "<>"},
    {"X_Autoreply": "yes"}, {"X_Autorespond": "1"}, {"Precedence": "auto_reply"},
    {"Precedence": "Bulk"},
    {"X_Auto_Response_Suppress": "All", "Subject": "Automatic reply: your turn"},
    {"X_Auto_Response_Suppress": "DR, OOF", "Subject": "Out of Office: [pbem #3] your turn"},
    {"X_Auto_Response_Suppress": "All", "Subject": "Réponse automatique : à vous"},
])
def test_automatic_mail_is_ignored(headers):
    assert read_reply(_message("Mc3", **headers)).ignored


def test_a_suppress_header_alone_or_an_auto_subject_alone_is_a_person_s_reply():
    """Outlook sets ``X-Auto-Response-Suppress`` on mail people write, and a person may call
    their reply "Auto: ..."; only both together mark an automatic reply."""
    for headers in ({"X_Auto_Response_Suppress": "All", "Subject": "Re: your turn"},
                    {"Subject": "Automatic reply: your turn"}):
        assert read_reply(_message("Mc3", **headers)).ignored is None


def test_a_person_s_reply_is_not_taken_for_automatic_mail():
    reading = read_reply(_message("Mc3", Auto_Submitted="no", Precedence="first-class",
                                  Return_Path="<ann@example.com>"))
    assert reading.ignored is None and reading.lines == ("Mc3",)


def test_the_first_line_the_rules_accept_is_played_and_a_refusal_names_the_likely_move(
        make_game):
    game = make_game("pylon")
    turn = outbox("turn")[0]
    address, sender = turn.headers["Reply-To"], turn.recipient

    def send(body: str) -> str:
        raw = f"From: {sender}\r\nTo: {address}\r\n\r\n{body}".encode()
        return ingest_bytes(raw)

    assert send("Hello,\r\n\r\nhere is my move:\r\nc3-c4\r\nbye").startswith("refused")
    [answer] = outbox("reply_result")
    assert "c3-c4" in answer.body_text  # not "Hello,": refused for more than being unreadable
    assert send("Hello,\r\nmc3\r\n") == f"played 'mc3' in game {game.id}"
