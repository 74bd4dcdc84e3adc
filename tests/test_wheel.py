"""The package installs and runs with no checkout: a wheel built from the project, installed
into a fresh virtualenv, prints its own deployment kit (``pbem deploy print``), migrates a
database (``pbem init-db``), passes ``pbem check``, serves every kind of page under gunicorn
with the configuration it printed, delivers mail (``send-mail``) and takes in a reply from an
MTA's pipe (``ingest-mail``).

The wheel is built and installed once for the module. Offline: built without build isolation,
installed without dependencies into a venv that borrows this interpreter's installed
dependencies."""

from __future__ import annotations

import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KEY = "a-production-key-of-at-least-32-bytes"
# One worker runs the module under `make test` (--dist loadgroup): the wheel is built, installed
# and served once, not once in each worker that happens to draw one of its tests.
pytestmark = pytest.mark.xdist_group("wheel")


def build_wheel(tmp_path: Path) -> Path:
    """The wheel of a clean copy of the sources (a build leaves files behind)."""
    source = tmp_path / "src"
    shutil.copytree(ROOT / "pbem", source / "pbem",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("templates", "migrations", "deploy"):
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


class Installed:
    """The wheel installed in a venv of its own, and its settings: the environment a
    systemd unit gives it (an instance folder, a key, a database, an SMTP server)."""

    def __init__(self, root: Path, smtp_port: int):
        self.root = root
        self.venv = root / "venv"
        self.python = install(build_wheel(root), self.venv)
        self._printed: dict[str, bytes] = {}
        self.cwd = root / "run"  # no sources on the path: not the working directory either
        self.cwd.mkdir()
        self.instance = root / "instance"
        self.env = {"PATH": "/usr/bin:/bin", "PBEM_INSTANCE_PATH": str(self.instance),
                    "PBEM_SECRET_KEY": KEY, "PBEM_DATABASE_URL": f"sqlite:///{root}/pbem.sqlite",
                    "PBEM_BASE_URL": "https://pbem.example.org",
                    "PBEM_MAIL_DOMAIN": "pbem.example.org",
                    "PBEM_MAIL_SERVER": "127.0.0.1", "PBEM_MAIL_PORT": str(smtp_port),
                    "PBEM_PROXY_FIX_X_FOR": "1", "PBEM_PROXY_FIX_X_PROTO": "1"}

    def pbem(self, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([self.venv / "bin" / "pbem", *args], cwd=self.cwd, env=self.env,
                              input=stdin, capture_output=True)

    def printed(self, name: str) -> bytes:
        """What ``pbem deploy print <name>`` prints (asked once: several tests read the
        gunicorn configuration and the constraints)."""
        if name not in self._printed:
            done = self.pbem("deploy", "print", name)
            assert done.returncode == 0, done.stderr
            self._printed[name] = done.stdout
        return self._printed[name]


@pytest.fixture(scope="module")
def smtp():
    sys.path.insert(0, str(ROOT / "tests"))
    from smtp_server import SMTPServer

    server = SMTPServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def installed(tmp_path_factory, smtp) -> Installed:
    return Installed(tmp_path_factory.mktemp("wheel"), smtp.port)


@pytest.fixture(scope="module")
def served(installed):
    """gunicorn run with the configuration the installed package prints, on a free port;
    its base URL."""
    done = installed.pbem("init-db")
    assert done.returncode == 0 and b"database is up to date" in done.stdout, done.stderr
    config = installed.root / "gunicorn.conf.py"
    config.write_bytes(installed.printed("gunicorn"))
    port = free_port()
    server = subprocess.Popen([installed.python, "-m", "gunicorn", "-c", config],
                              cwd=installed.cwd,
                              env={**installed.env, "PBEM_BIND": f"127.0.0.1:{port}",
                                   "PBEM_WORKERS": "1"},
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
        yield base
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)


def get(url: str, opener=None) -> tuple[int, str]:
    with (opener or urllib.request.build_opener()).open(url, timeout=10) as response:
        return response.status, response.read().decode()


def test_the_wheel_runs_from_its_own_venv(installed):
    where = subprocess.run([installed.python, "-c", "import pbem; print(pbem.__file__)"],
                           cwd=installed.cwd, env=installed.env, check=True,
                           capture_output=True, text=True).stdout
    assert where.startswith(str(installed.venv))


def test_the_wheel_prints_its_kit(installed):
    listed = installed.pbem("deploy", "list").stdout.decode().split()
    assert {"gunicorn", "nginx", "sysusers", "tmpfiles", "constraints", "pbem-web.service",
            "pbem-lmtp.service", "pbem-fetch-mail.service", "pbem-tick.timer"} <= set(listed)
    for name, path in (("gunicorn", "gunicorn.conf.py"), ("constraints", "constraints.txt"),
                       ("pbem-web.service", "systemd/pbem-web.service")):
        assert installed.printed(name) == (ROOT / "deploy" / path).read_bytes(), name
    units = installed.pbem("deploy", "list", "--units").stdout.decode().split()
    assert units and all(unit.startswith("pbem-") for unit in units)
    wrong = installed.pbem("deploy", "print", "nonsense")
    assert wrong.returncode == 2 and b"one of: gunicorn" in wrong.stderr


def test_the_wheel_serves_pages_under_the_printed_gunicorn_config(served, installed):
    status, home = get(f"{served}/")  # a template
    assert status == 200 and 'href="/static/style.css?v=' in home
    assert get(f"{served}/static/style.css")[0] == 200  # a static file
    status, rules = get(f"{served}/rules/pylon/spec")  # a rules page
    assert status == 200 and "Moving a stack" in rules
    for slug in ("pylon", "spike", "stax", "stawvs", "triumvirate"):
        assert get(f"{served}/rules/{slug}/spec")[0] == 200, slug
    assert (installed.instance / "gunicorn.ctl").is_socket()  # not in $HOME
    assert not (installed.cwd / "pbem").exists()


def test_the_wheel_passes_its_checks(served, installed):
    done = installed.pbem("check")
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    assert lines and all(line.startswith("ok") for line in lines)


def test_the_wheel_sends_mail(served, installed, smtp):
    https = {"X-Forwarded-Proto": "https"}  # as nginx says: the session cookie is Secure
    with urllib.request.urlopen(urllib.request.Request(f"{served}/sign-in", headers=https),
                                timeout=10) as response:
        cookie = response.headers["Set-Cookie"].split(";")[0]
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"',
                          response.read().decode()).group(1)
    form = urllib.parse.urlencode({"csrf_token": token, "email": "wheel@example.org"}).encode()
    with urllib.request.urlopen(urllib.request.Request(
            f"{served}/sign-in", data=form,
            headers={**https, "Cookie": cookie,  # and the Referer of the site's own form
                     "Referer": served.replace("http:", "https:") + "/sign-in"}),
            timeout=10) as response:
        assert response.status == 200
    done = installed.pbem("send-mail")
    assert done.returncode == 0 and b"sent 1, failed 0" in done.stdout, done.stderr
    (recipients, message), = [m for m in smtp.messages if "wheel@example.org" in m[0]]
    assert "https://pbem.example.org/sign-in/" in message.get_body(("plain",)).get_content()


def test_the_wheel_takes_in_a_reply_through_the_pipe(served, installed):
    reply = (b"From: someone@example.net\r\nTo: move+not-a-token@pbem.example.org\r\n"
             b"Subject: Re: your turn\r\nMessage-ID: <wheel-1@example.net>\r\n\r\ne2\r\n")
    piped = installed.pbem("ingest-mail", stdin=reply)
    assert piped.returncode == 0, piped.stdout + piped.stderr
    assert list((installed.instance / "spool").rglob("*")), "nothing spooled"
    assert installed.pbem("send-mail").returncode == 0  # takes the spool in, then delivers
    done = installed.pbem("ingest-spool")
    assert done.returncode == 0 and b"no spooled mail" in done.stdout, done.stdout


def test_the_wheel_installs_with_the_constraints_it_ships(installed, tmp_path):
    """`pip install pbem-….whl -c constraints.txt` (the README's line) resolves, offline, to
    exactly the locked versions: every one is already here, nothing else is needed."""
    constraints = tmp_path / "constraints.txt"
    constraints.write_bytes(installed.printed("constraints"))
    (wheel,) = (installed.root / "dist").glob("pbem-*.whl")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", installed.python, "install",
                           "--dry-run", "--no-index", wheel, "-c", constraints],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Would install" not in done.stdout, done.stdout
