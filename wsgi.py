"""The WSGI entry point from a source checkout: ``gunicorn wsgi:app`` (installed:
``gunicorn pbem.wsgi:app``)."""

from pbem.wsgi import app

__all__ = ["app"]
