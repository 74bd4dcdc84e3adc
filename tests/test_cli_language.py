"""The ``pbem`` commands speak the operator's language: ``CLI_LANGUAGE`` (``PBEM_CLI_LANGUAGE``),
else the process's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when pbem speaks it, else
English; what scripts read (a token itself) stays as it is."""

from __future__ import annotations

import pytest
from helpers import new_player

from pbem.core.i18n import operator_language

#: Each command, and its line in English, German and French.
LINES = [
    (["token", "create", "nobody@example.com", "--scope", "read"],
     "No player has the address nobody@example.com.",
     "Kein Spieler hat die Adresse nobody@example.com.",
     "Aucun joueur n'a l'adresse nobody@example.com."),
    (["token", "revoke", "ann@example.com", "999"],
     "No such token in force.", "Kein solches gültiges Token.",
     "Aucun jeton valide de ce numéro."),
    (["archive", "recount", "--check"], "0 counters differ from a fresh count",
     "0 Zähler weichen von einer frischen Zählung ab",
     "0 compteur diffère d'un nouveau comptage"),
    (["bot-account", "ann@example.com"], "ann@example.com is a bot account",
     "ann@example.com ist ein Bot-Konto", "ann@example.com est un compte de bot"),
    (["bot-account", "ann@example.com", "--unmark"], "ann@example.com is no longer a bot account",
     "ann@example.com ist kein Bot-Konto mehr", "ann@example.com n'est plus un compte de bot"),
]

@pytest.fixture
def locale_environ(monkeypatch):
    """No locale variable and no PBEM_CLI_LANGUAGE, whatever the machine and conftest set;
    the test sets the ones it means."""
    for name in ("PBEM_CLI_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch

def outputs(make_app):
    """Each command's output, run in order on one app (ann is made first)."""

    app = make_app()
    with app.app_context():
        new_player(email="ann@example.com", name="Ann")
        runner = app.test_cli_runner()
        return [runner.invoke(args=["pbem", *args]).output for args, *_ in LINES]

@pytest.mark.parametrize(("variables", "column"), [
    ({"PBEM_CLI_LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, 2),  # the setting wins over LANG
    ({"LANG": "fr_FR.UTF-8"}, 3),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, 3),  # LC_ALL first, as POSIX has it
    ({"LC_MESSAGES": "de_AT.UTF-8@euro"}, 2),
    ({"LANG": "C.UTF-8"}, 1),
    ({"LANG": "POSIX"}, 1),
    ({"LANG": "it_IT.UTF-8"}, 1),  # a language pbem does not speak
    ({}, 1),
])
def test_the_commands_speak_the_operators_language(make_app, locale_environ, variables, column):
    for name, value in variables.items():
        locale_environ.setenv(name, value)
    for output, line in zip(outputs(make_app), LINES, strict=True):
        assert line[column] in output, output
        others = [line[other] for other in (1, 2, 3) if other != column]
        assert not any(other in output for other in others), output

def test_a_token_is_printed_as_it_is_in_any_language(make_app, locale_environ):
    locale_environ.setenv("PBEM_CLI_LANGUAGE", "de")

    app = make_app()
    with app.app_context():
        new_player(email="ann@example.com", name="Ann")
        result = app.test_cli_runner().invoke(
            args=["pbem", "token", "create", "ann@example.com", "--scope", "read"])
    assert result.exit_code == 0 and result.output.startswith("pbem_"), result.output
    assert len(result.output.strip().split()) == 1

def test_the_setting_names_a_language_pbem_speaks_or_is_ignored(make_app, locale_environ):
    app = make_app(CLI_LANGUAGE="xx")
    with app.app_context():
        assert operator_language({"LANG": "es_ES.UTF-8"}) == "es"
        assert operator_language({}) == "en"
    with make_app(CLI_LANGUAGE="fr-CH").app_context():
        assert operator_language({"LANG": "es_ES.UTF-8"}) == "fr"


@pytest.mark.parametrize(("variables", "said", "not_said"), [
    ({"PBEM_CLI_LANGUAGE": "de"},
     ["FAIL  secret key: SECRET_KEY ist nicht gesetzt",
      "FAIL  secure cookies: das Sitzungscookie ist nicht Secure"],
     ["is not set", "the session cookie is not Secure"]),
    ({"LANG": "fr_FR.UTF-8"},
     ["FAIL  secret key: SECRET_KEY n'est pas définie",
      "FAIL  secure cookies: le cookie de session n'est pas Secure"],
     ["is not set", "the session cookie is not Secure", "ist nicht gesetzt"]),
])
def test_check_explains_in_the_operators_language_with_its_lines_still_parsable(
        make_app, locale_environ, variables, said, not_said):
    for name, value in variables.items():
        locale_environ.setenv(name, value)
    app = make_app(SECRET_KEY="")
    result = app.test_cli_runner().invoke(args=["pbem", "check"])
    assert result.exit_code == 1
    assert all(line.startswith(("ok  ", "FAIL")) for line in result.output.splitlines())
    assert all(line in result.output for line in said), result.output
    assert not any(words in result.output for words in not_said), result.output
