"""``/ready``: the readiness check, for monitoring and for a load balancer to route by."""

from __future__ import annotations

from flask import Blueprint

from .readiness import readiness

bp = Blueprint("ops", __name__)


@bp.get("/ready")
def ready():
    """200 when every check passes, else 503; one line per check, as ``pbem check`` prints."""
    checks = readiness()
    status = 200 if all(check.ok for check in checks) else 503
    body = "\n".join(str(check) for check in checks) + "\n"
    return body, status, {"Content-Type": "text/plain; charset=utf-8"}
