# gunicorn's settings for pbem: `gunicorn -c /etc/pbem/gunicorn.conf.py` (the app is named
# here). An installed pbem prints this file: `pbem deploy print gunicorn`. Every setting can be
# overridden on the command line or with GUNICORN_CMD_ARGS.
import multiprocessing
import os

from pbem.core.config import instance_path

wsgi_app = "pbem.wsgi:app"
bind = os.environ.get("PBEM_BIND", "127.0.0.1:8000")
# Requests are short and mostly wait on the database: two workers per core.
workers = int(os.environ.get("PBEM_WORKERS", 2 * multiprocessing.cpu_count()))
# The app is loaded by each worker, not the master: a reload (SIGHUP, `systemctl reload
# pbem-web`) starts workers on the code installed now, while the old ones finish their
# requests. Compiled templates are shared through the instance folder's template cache.
preload_app = False
timeout = 30
graceful_timeout = 20
# Move links are secrets in URLs: no access log (nginx keeps none either).
accesslog = None
errorlog = "-"
# Behind exactly one proxy (deploy/nginx.conf); set PBEM_PROXY_FIX_X_FOR / _X_PROTO to match.
forwarded_allow_ips = "127.0.0.1"
# gunicorn's control socket (gunicornc) in the instance folder, owned by the service's user:
# by default it lands in $HOME, where two instances under one user overwrite each other's.
control_socket = os.path.join(instance_path(), "gunicorn.ctl")
control_socket_mode = 0o600
