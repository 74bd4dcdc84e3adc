"""The package runs with no checkout: a wheel built from the project, installed into a fresh
virtualenv, migrates a database (``pbem init-db``) and serves every kind of page under gunicorn
(``pbem.wsgi:app``) from its own templates, static files and rules pages.

Slow (a build and a server start), and offline: built without build isolation, installed
without dependencies into a venv that borrows this interpreter's installed dependencies."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEY = "a-production-key-of-at-least-32-bytes"


def build_wheel(tmp_path: Path) -> Path:
    """The wheel of a clean copy of the sources (a build leaves files behind)."""
    source = tmp_path / "src"
    shutil.copytree(ROOT / "pbem", source / "pbem",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("templates", "migrations"):
        shutil.copytree(ROOT / name, source / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(tmp_path / "dist"), str(source)],
                   check=True, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("pbem-*.whl")
    return wheel


def install(wheel: Path, venv: Path) -> Path:
    """A new venv with the wheel alone installed; the dependencies come from this
    interpreter's site-packages, listed by path (so its own editable pbem stays out)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True)
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    (Path(site) / "borrowed-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return python


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def test_the_wheel_installs_migrates_and_serves_without_a_checkout(tmp_path):
    wheel = build_wheel(tmp_path)
    python = install(wheel, tmp_path / "venv")
    elsewhere = tmp_path / "run"  # no sources on the path: not the working directory either
    elsewhere.mkdir()
    env = {"PATH": "/usr/bin:/bin", "PBEM_INSTANCE_PATH": str(tmp_path / "instance"),
           "PBEM_SECRET_KEY": KEY, "PBEM_DATABASE_URL": f"sqlite:///{tmp_path}/pbem.sqlite"}
    where = subprocess.run([python, "-c", "import pbem; print(pbem.__file__)"], cwd=elsewhere,
                           env=env, check=True, capture_output=True, text=True).stdout
    assert where.startswith(str(tmp_path / "venv"))
    done = subprocess.run([tmp_path / "venv" / "bin" / "pbem", "init-db"], cwd=elsewhere,
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0 and "database is up to date" in done.stdout, done.stderr

    port = free_port()
    server = subprocess.Popen([python, "-m", "gunicorn", "--workers", "1", "--bind",
                               f"127.0.0.1:{port}", "pbem.wsgi:app"], cwd=elsewhere, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.communicate()[1]
            try:
                assert get(f"{base}/health") == (200, "ok")
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        status, home = get(f"{base}/")  # a template
        assert status == 200 and 'href="/static/style.css?v=' in home
        assert get(f"{base}/static/style.css")[0] == 200  # a static file
        status, rules = get(f"{base}/rules/pylon/spec")  # a rules page
        assert status == 200 and "Moving a stack" in rules
        for slug in ("pylon", "spike", "stax", "stawvs", "triumvirate"):
            assert get(f"{base}/rules/{slug}/spec")[0] == 200, slug
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)
    assert not os.path.exists(elsewhere / "pbem")
