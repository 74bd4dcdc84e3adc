"""The OpenAPI document: valid OpenAPI 3.1, exactly the API's routes, readable at /api/docs,
and a property-based run (schemathesis) over every operation finding no 5xx and no answer that
breaks the document (a short sample here; a longer run is marked slow)."""

from __future__ import annotations

import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from pbem.api.openapi import document

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


def _routed(app) -> set[tuple[str, str]]:
    """(method, OpenAPI path) of every route under /api/."""
    found = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            found |= {(method.lower(), path) for method in rule.methods
                      if method not in ("HEAD", "OPTIONS")}
    return found


def test_the_document_is_valid_openapi_3_1(client):
    served = client.get("/api/openapi.json")
    assert served.status_code == 200 and served.json == document()
    assert served.json["openapi"] == "3.1.0"
    validate(served.json)


def test_the_document_describes_exactly_the_routes(app):
    documented = {(method, path) for path, operations in document()["paths"].items()
                  for method in operations}
    assert documented == _routed(app)


def test_every_operation_answers_a_documented_status(app):
    for path, operations in document()["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert any(s.startswith("2") for s in statuses), (method, path)
            if operation.get("security"):
                assert {"401", "403", "429"} <= statuses, (method, path)


def test_the_docs_page_is_readable_without_scripts(client):
    page = client.get("/api/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "<script" not in html
    for path in document()["paths"]:
        assert path in html


def _run_every_operation(app, make_game, bearer, examples: int, derandomize: bool) -> int:
    """Drive schemathesis over every operation of the served document, against the app in
    this process, with a game whose player holds the token every case sends; the number of
    operations run."""
    game = make_game("pylon")
    app.config["API_LIMIT_PER_TOKEN"] = 10**6
    headers = bearer(game.seats[0].player)
    api = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    operations = [result.ok() for result in api.get_all_operations()]
    for operation in operations:
        @given(case=operation.as_strategy())
        @settings(max_examples=examples, deadline=None, derandomize=derandomize,
                  database=None, suppress_health_check=list(HealthCheck))
        def run(case):
            case.call_and_validate(headers=headers, checks=CHECKS)

        run()
    return len(operations)


def test_a_sample_of_every_operation_keeps_to_the_document(app, make_game, bearer):
    documented = sum(len(operations) for operations in document()["paths"].values())
    # schemathesis leaves out the route of the document it was loaded from
    assert _run_every_operation(app, make_game, bearer, 4, True) == documented - 1


@pytest.mark.slow
def test_many_cases_of_every_operation_keep_to_the_document(app, make_game, bearer):
    _run_every_operation(app, make_game, bearer, 300, False)
