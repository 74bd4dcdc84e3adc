"""Mail built to stall the mail worker (issue #28): refused before it is parsed, by the MTA's
pipe (exit 65, with the limit it broke) and again by the worker (set aside unread); and the
pipe never making the MTA bounce a reply for a fault of pbem's own (exit 75)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import outbox
from hostile_mail import KINDS, LARGE, WITHIN

from pbem.correspondence.ingest import _addresses, ingest_bytes
from pbem.mail import inbound
from pbem.mail.handoff import drain
from pbem.play.queries import get_game

from .test_ingest import reply
from .test_spool import pbem, spool

MAX = 5 * 1024 * 1024
#: The kinds the issue names, at the size it names, and the limit each breaks first.
ISSUE = {"addresses": "a header field is longer than 8192 bytes",
         "encoded_words": "the message has more than 100000 lines",
         "parts": "the message has more than 100000 lines",
         "newlines": "the message has more than 100000 lines"}
#: Each limit broken alone, just over it.
JUST_OVER = {
    "addresses": (KINDS["addresses"][0](inbound.MAX_ADDRESSES), "names more than 100 addresses"),
    "encoded_words": (b"Subject: " + b"=?utf-8?q?a?= " * 201 + b"\r\n\r\nMc3\r\n",
                      "more than 200 encoded words"),
    "parts": (KINDS["parts"][0](inbound.MAX_PART_LINES), "more than 100 lines that begin a part"),
    "newlines": (KINDS["newlines"][0](inbound.MAX_LINES), "more than 100000 lines"),
    "headers": (KINDS["headers"][0](inbound.MAX_HEADER_FIELDS), "more than 500 header fields"),
    "header_length": (KINDS["header_length"][0](inbound.MAX_FIELD_BYTES),
                      "a header field is longer than 8192 bytes"),
    "from_length": (b"From: " + b"a" * 2100 + b"@example.com\r\n\r\nMc3\r\n",
                    "a header field is longer than 2048 bytes"),
    "part_header": (b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\n'
                    b"Content-Type: text/plain; " + b"a=b;" * (inbound.MAX_PARAMETERS + 1)
                    + b"\r\n\r\nMc3\r\n--b--\r\n", "more than 10 parameters"),
    "comments": (KINDS["comments"][0](inbound.MAX_COMMENTS + 1), "more than 20 comments"),
}


@pytest.mark.parametrize("kind", JUST_OVER)
def test_each_limit_refuses_a_message_just_over_it(kind):
    raw, reason = JUST_OVER[kind]
    with pytest.raises(inbound.Unreadable, match=reason):
        inbound.check(raw, MAX)


@pytest.mark.parametrize("kind", [*WITHIN, *LARGE])
def test_the_largest_message_of_each_kind_within_the_limits_passes(kind):
    make, count = KINDS[kind][0] if kind in KINDS else LARGE[kind][0], WITHIN.get(kind)
    inbound.check(make(count if count is not None else LARGE[kind][1]), MAX)


def test_a_real_reply_with_relays_attachments_and_a_signature_passes():
    relays = b"".join(b"Received: from relay%d.example.net (relay%d.example.net [192.0.2.%d]) "
                      b"by mx.example.org (Postfix) with ESMTPS id X%d\r\n\tfor "
                      b"<move+abc@pbem.test>; Fri, 27 Nov 2026 14:00:00 +0000\r\n"
                      % (n, n, n, n) for n in range(40))
    body = (b'Content-Type: multipart/mixed; boundary="=_b"\r\n\r\n--=_b\r\n'
            b"Content-Type: text/plain; charset=utf-8; format=flowed\r\n\r\nMc3\r\n\r\n-- \r\n"
            b"Alice\r\n--=_b\r\nContent-Type: image/png; name*0*=utf-8''%C3%A9t%C3%A9;\r\n"
            b" name*1*=%20photo.png\r\nContent-Disposition: attachment; filename=\"x.png\"\r\n"
            b"Content-Transfer-Encoding: base64\r\n\r\n" + b"A" * 76 * 60000 + b"\r\n--=_b--\r\n")
    inbound.check(relays + b"From: =?utf-8?q?Al=C3=AFce?= <alice@example.com>\r\n"
                  b"To: move+abc@pbem.test\r\n" + body, MAX)


@pytest.mark.parametrize("kind", ISSUE)
def test_the_pipe_exits_65_with_the_reason_for_each_kind_the_issue_names(env, kind):
    make, size = KINDS[kind]
    done = pbem(env, "ingest-mail", message=make(size))
    assert (done.returncode, done.stdout, done.stderr) == (
        65, f"refused: {ISSUE[kind]}\n".encode(), b"")


def test_the_worker_sets_aside_what_slipped_past_the_pipe_unparsed(app, make_game, monkeypatch):
    """A message spooled before the limits existed (or by another path): set aside, and the
    message parser never sees it."""
    game = make_game("pylon")
    turn = outbox("turn")[0]
    names = [spool(app).put(make(size).replace(b"move+abc@pbem.test",
                                                turn.headers["Reply-To"].encode(), 1))
             for make, size in KINDS.values()]
    monkeypatch.setattr(inbound.email, "message_from_bytes", _never)
    outcomes = drain(spool(app), ingest_bytes)
    assert [outcome.status for outcome in outcomes] == [inbound.Status.MALFORMED] * len(KINDS)
    assert all(outcome.text.startswith("refused: ") for outcome in outcomes)
    bad = Path(app.config["MAIL_SPOOL_DIR"]) / "bad"
    assert sorted(path.name for path in bad.iterdir()) == sorted(names)
    assert get_game(game.id).ply == 0


def _never(*_args, **_kwargs):
    raise AssertionError("an over-limit message was parsed")


def test_the_reply_token_is_found_in_the_raw_headers_in_trust_order(app):
    raw = (b"Delivered-To: move+second@pbem.test\r\nTo: Alice <move+first@pbem.test>,\r\n"
           b" bob@example.com\r\nCc: carol@example.com\r\n\r\nMc3\r\n")
    message = inbound.parse(raw, MAX)
    assert list(_addresses(message)) == ["Alice <move+first@pbem.test>,\r\n bob@example.com",
                                         "carol@example.com", "move+second@pbem.test"]


def test_a_from_of_nested_comments_is_no_sender_and_no_crash():
    message = inbound.parse(b"From: " + b"(" * 20 + b")" * 20 + b" a@b.c\r\n\r\nx\r\n", MAX)
    assert inbound.sender(message) == "a@b.c"
    deep = inbound.email.message_from_bytes(b"From: " + b"(" * 5000 + b"a@b.c\r\n\r\nx\r\n",
                                            policy=inbound.policy.default)
    assert inbound.sender(deep) is None


def test_the_pipe_exits_75_with_neither_the_spool_nor_its_log_writable(env, tmp_path):
    """Postfix keeps the reply (EX_TEMPFAIL) instead of bouncing it with a traceback."""
    (tmp_path / "a-file").write_text("not a folder")
    broken = {**env, "PBEM_MAIL_SPOOL_DIR": str(tmp_path / "a-file" / "spool"),
              "PBEM_MAIL_INGEST_LOG": str(tmp_path / "a-file" / "ingest-mail.log")}
    done = pbem(broken, "ingest-mail", message=reply("move+abc@pbem.test", "Mc3", "a@b.c"))
    assert (done.returncode, done.stderr) == (75, b"")
    assert done.stdout == b"failed: cannot write the spool (Not a directory); try again later\n"
    assert b"Traceback" not in done.stdout and str(tmp_path).encode() not in done.stdout


def test_the_pipe_exits_75_whatever_fails_unexpectedly(env, tmp_path):
    """Settings that do not load, and a failure nobody foresaw: deferred, one line, no
    traceback anywhere the MTA passes on."""
    (tmp_path / "config.py").write_text("raise RuntimeError('a typo')\n")
    done = pbem(env, "ingest-mail", message=reply("move+abc@pbem.test", "Mc3", "a@b.c"))
    assert (done.returncode, done.stdout, done.stderr) == (
        75, b"failed: the settings do not load (RuntimeError); try again later\n", b"")
    (tmp_path / "config.py").write_text("MAIL_INBOUND_MAX_BYTES = 'not a number'\n")
    done = pbem(env, "ingest-mail", message=reply("move+abc@pbem.test", "Mc3", "a@b.c"))
    assert (done.returncode, done.stderr) == (75, b"")
    assert done.stdout.startswith(b"failed: ") and b"Traceback" not in done.stdout
