"""The WSGI entry point for production: ``gunicorn wsgi:app``."""

import gc

from pbem import create_app

app = create_app()
# Everything built so far (the app, templates, rule tables) lives as long as the process:
# moving it out of the collector's reach keeps full collections, and their pauses, short.
gc.freeze()
