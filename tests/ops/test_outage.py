"""While the database is down every page and form answers 503 with ``Retry-After`` and a page
saying to try again shortly (issue #28), never a generic 500."""

from __future__ import annotations

import pytest


@pytest.fixture
def down(make_app, tmp_path):
    """An app whose database cannot be opened (as one whose server is down)."""
    return make_app(url=f"sqlite:///{tmp_path}/no/such/folder/pbem.sqlite", migrate=True)


@pytest.mark.parametrize(("method", "path", "data"), [
    ("GET", "/", None), ("POST", "/sign-in", {"email": "alice@example.com"}),
    ("GET", "/games/1", None), ("GET", "/archive", None),
])
def test_every_page_and_form_answers_503_with_retry_after(down, method, path, data):
    client = down.test_client()
    response = client.open(path, method=method, data=data)
    assert response.status_code == 503, response.get_data(as_text=True)[:300]
    assert response.headers["Retry-After"] == "30"
    page = response.get_data(as_text=True)
    assert "Try again shortly" in page and "nothing was changed" in page
    assert "Traceback" not in page


def test_a_signed_in_player_gets_the_same_on_pages_and_forms(down):
    client = down.test_client()
    with client.session_transaction() as session:
        session["player_id"] = 1
    for response in (client.get("/"), client.post("/games/1/move", data={"move": "Mc3"})):
        assert response.status_code == 503 and response.headers["Retry-After"] == "30"
        assert "Try again shortly" in response.get_data(as_text=True)


def test_a_postgresql_server_that_refuses_connections_answers_the_same(tmp_path):
    from smtp_server import free_port

    from pbem import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI":
                          f"postgresql+psycopg://pbem@127.0.0.1:{free_port()}/pbem",
                      "BASE_URL": "http://pbem.test", "MAIL_SPOOL_DIR": str(tmp_path / "spool")})
    response = app.test_client().post("/sign-in", data={"email": "alice@example.com"})
    assert response.status_code == 503 and response.headers["Retry-After"] == "30"
