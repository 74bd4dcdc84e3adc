"""The WSGI entry point for production: ``gunicorn wsgi:app``."""

from pbem import create_app

app = create_app()
