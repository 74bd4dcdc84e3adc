"""Fixtures of the mail tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def env(app, tmp_path):
    """The environment of a ``pbem`` command run on the test app's database and spool."""
    return {"PATH": "/usr/bin:/bin", "PBEM_INSTANCE_PATH": str(tmp_path), "PBEM_TESTING": "true",
            "PBEM_SECRET_KEY": app.config["SECRET_KEY"],
            "PBEM_DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
            "PBEM_MAIL_SPOOL_DIR": app.config["MAIL_SPOOL_DIR"],
            "PBEM_MAIL_DOMAIN": "pbem.test", "PBEM_BASE_URL": "http://pbem.test",
            "PBEM_MAIL_BACKEND": "file", "PBEM_MAIL_FILE_DIR": app.config["MAIL_FILE_DIR"]}
