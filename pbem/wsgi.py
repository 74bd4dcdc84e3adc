"""The WSGI entry point for production: ``gunicorn pbem.wsgi:app`` (see
``deploy/gunicorn.conf.py``). Importing it builds the app, so nothing else imports it."""

import gc

from sqlalchemy.orm import configure_mappers

from pbem import create_app
from pbem.games import all_rules
from pbem.ops.logs import configure_logging

configure_logging()
app = create_app()
# Load now what would otherwise load on a worker's first requests (the rule modules and their
# tables, every template, the ORM's mappers: a worker's first move spent a sixth of a second
# configuring them), so those requests are not the slow ones.
all_rules()
configure_mappers()
for name in app.jinja_env.list_templates():
    app.jinja_env.get_template(name)
# Everything built so far lives as long as the process: moving it out of the collector's reach
# keeps full collections, and their pauses, short.
gc.freeze()
