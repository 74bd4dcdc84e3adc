"""The conditional-answered mail names the turn it answered in its reader's language: the
facts keep the turns, and "(forced)" is said when the mail is written."""

from __future__ import annotations

import json

from flask_babel import force_locale

from pbem.conditional.answered import answered_text

TURNS = [["P1", "Mc3", False], ["P2", "pass", True]]


def test_a_forced_turn_is_marked_in_the_readers_language(app):
    kept = json.loads(json.dumps(TURNS))  # as the outbox's facts keep them
    with app.test_request_context():
        with force_locale("en"):
            assert answered_text(kept) == "P1 Mc3; P2 pass (forced)"
        with force_locale("de"):
            assert answered_text(kept) == "P1 Mc3; P2 pass (erzwungen)"
        with force_locale("es"):
            assert "forced" not in answered_text(kept)


def test_a_mail_queued_with_its_text_keeps_it(app):
    assert answered_text("P1 Mc3") == "P1 Mc3"
