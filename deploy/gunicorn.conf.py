# gunicorn's settings for pbem: `gunicorn -c deploy/gunicorn.conf.py` (the app is named here).
# Every setting can be overridden on the command line or with GUNICORN_CMD_ARGS.
import multiprocessing
import os

wsgi_app = "pbem.wsgi:app"
bind = os.environ.get("PBEM_BIND", "127.0.0.1:8000")
# Requests are short and mostly wait on the database: two workers per core.
workers = int(os.environ.get("PBEM_WORKERS", 2 * multiprocessing.cpu_count()))
# Load the app once in the master; workers fork from it with every template compiled.
preload_app = True
timeout = 30
graceful_timeout = 20
# Move links are secrets in URLs: no access log (nginx keeps none either).
accesslog = None
errorlog = "-"
# Behind exactly one proxy (deploy/nginx.conf); set PBEM_PROXY_FIX_X_FOR / _X_PROTO to match.
forwarded_allow_ips = "127.0.0.1"
