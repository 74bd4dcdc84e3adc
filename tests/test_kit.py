"""The operator's kit in ``deploy/`` works as written: nginx accepts the sample site (Debian
12's nginx 1.22 included) and serves static files with one Cache-Control; systemd accepts the
units, rates their sandbox "OK" or better, and its sysusers/tmpfiles files make the user and
folders the units use; every file names the same paths. Tests whose tool is missing skip,
saying so (``make test`` installs nginx as it does chromium)."""

from __future__ import annotations

import http.client
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
UNITS = sorted((DEPLOY / "systemd").glob("pbem-*"))
VENV = "/srv/pbem/venv"
INSTANCE = "/var/lib/pbem"


def tool(name: str, why: str) -> str:
    path = shutil.which(name) or (f"/usr/sbin/{name}" if Path(f"/usr/sbin/{name}").exists()
                                  else None)
    if path is None:
        pytest.skip(f"{name} is not installed: {why}")
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def nginx_site(tmp_path: Path, port: int | None = None) -> Path:
    """A main nginx.conf that includes the sample site, with a throwaway certificate in
    place of Let's Encrypt's, the static files of this checkout, and (given ``port``) its
    plain-http server on that port."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=pbem.example.org", "-keyout", tmp_path / "key.pem",
                    "-out", tmp_path / "cert.pem"], check=True, capture_output=True)
    site = (DEPLOY / "nginx.conf").read_text()
    site = site.replace("/etc/letsencrypt/live/pbem.example.org/fullchain.pem",
                        str(tmp_path / "cert.pem"))
    site = site.replace("/etc/letsencrypt/live/pbem.example.org/privkey.pem",
                        str(tmp_path / "key.pem"))
    site = site.replace(f"{VENV}/lib/python3.11/site-packages/pbem/static/",
                        f"{ROOT}/pbem/static/")
    if port is not None:  # the static location, served over plain http on a free port
        site = site.replace("listen 80;", f"listen 127.0.0.1:{port};", 1)
        site = site.replace("return 301 https://$host$request_uri;",
                            "location /static/ {\n" + static_location(site) + "}")
        site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{free_port()} ssl http2;")
    (tmp_path / "site.conf").write_text(site)
    main = tmp_path / "nginx.conf"
    main.write_text(f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
                    f"user root;\nevents {{}}\n"
                    f"http {{\n  include /etc/nginx/mime.types;\n"
                    f"  client_body_temp_path {tmp_path}/body;\n"
                    f"  proxy_temp_path {tmp_path}/proxy;\n"
                    f"  fastcgi_temp_path {tmp_path}/fastcgi;\n"
                    f"  uwsgi_temp_path {tmp_path}/uwsgi;\n  scgi_temp_path {tmp_path}/scgi;\n"
                    f"  include {tmp_path}/site.conf;\n}}\n")
    return main


def static_location(site: str) -> str:
    """The body of the sample's ``location /static/`` block."""
    return re.search(r"location /static/ \{\n(.*?)\n    \}", site, re.S).group(1) + "\n"


def test_nginx_accepts_the_sample_site(tmp_path):
    nginx = tool("nginx", "apt-get install nginx-light (make test does)")
    main = nginx_site(tmp_path)
    done = subprocess.run([nginx, "-t", "-c", main, "-e", tmp_path / "error.log"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "test is successful" in done.stderr


def test_nginx_serves_static_files_with_one_cache_control(tmp_path):
    nginx = tool("nginx", "apt-get install nginx-light (make test does)")
    port = free_port()
    main = nginx_site(tmp_path, port)
    server = subprocess.Popen([nginx, "-c", main, "-e", tmp_path / "error.log",
                               "-g", "daemon off;"], stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):
            assert server.poll() is None, server.communicate()[1]
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            try:
                connection.request("GET", "/static/style.css")
                response = connection.getresponse()
                body = response.read()
                break
            except OSError:
                time.sleep(0.1)
            finally:
                connection.close()
        assert response.status == 200 and body
        assert response.headers.get_all("Cache-Control") == [
            "public, max-age=31536000, immutable"]
        assert response.headers.get_all("X-Content-Type-Options") == ["nosniff"]
    finally:
        server.send_signal(signal.SIGQUIT)
        server.communicate(timeout=10)


def units_with_a_venv(tmp_path: Path) -> list[Path]:
    """The units, their venv moved to one in ``tmp_path`` whose commands exist (verify
    checks that each command is executable)."""
    bin_dir = tmp_path / VENV.lstrip("/") / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("pbem", "gunicorn"):
        (bin_dir / name).write_text("#!/bin/sh\n")
        (bin_dir / name).chmod(0o755)
    copies = []
    for unit in UNITS:
        copy = tmp_path / unit.name
        copy.write_text(unit.read_text().replace(VENV, str(tmp_path / VENV.lstrip("/"))))
        copies.append(copy)
    return copies


def test_systemd_accepts_the_units(tmp_path):
    analyze = tool("systemd-analyze", "apt-get install systemd")
    done = subprocess.run([analyze, "verify", *units_with_a_venv(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr


def test_the_services_are_sandboxed_ok_or_better(tmp_path):
    analyze = tool("systemd-analyze", "apt-get install systemd")
    for unit in units_with_a_venv(tmp_path):
        if unit.suffix != ".service":
            continue
        done = subprocess.run([analyze, "security", "--offline=true", unit],
                              capture_output=True, text=True)
        verdict = done.stdout.strip().splitlines()[-1]
        level = float(re.search(r"level for \S+: ([\d.]+)", verdict).group(1))
        assert level < 2.0 and ("OK" in verdict or "SAFE" in verdict), verdict


def test_sysusers_and_tmpfiles_make_the_user_and_folders(tmp_path):
    sysusers = tool("systemd-sysusers", "apt-get install systemd")
    tmpfiles = tool("systemd-tmpfiles", "apt-get install systemd")
    root = tmp_path / "root"
    (root / "etc").mkdir(parents=True)
    subprocess.run([sysusers, f"--root={root}", DEPLOY / "sysusers.d" / "pbem.conf"],
                   check=True, capture_output=True)
    user = next(line.split(":") for line in (root / "etc/passwd").read_text().splitlines()
                if line.startswith("pbem:"))
    assert user[5] == INSTANCE
    subprocess.run([tmpfiles, f"--root={root}", "--create", DEPLOY / "tmpfiles.d" / "pbem.conf"],
                   check=True, capture_output=True)
    for folder in (INSTANCE, f"{INSTANCE}/spool"):
        made = (root / folder.lstrip("/")).stat()
        assert (made.st_uid, made.st_mode & 0o777) == (int(user[2]), 0o750), folder
    env = (root / "etc/pbem/env").stat()
    assert (env.st_uid, env.st_gid, env.st_mode & 0o777) == (0, int(user[3]), 0o640)


def test_every_file_of_the_kit_names_the_same_paths():
    units = {unit.name: unit.read_text() for unit in UNITS}
    assert {"pbem-web.service", "pbem-send-mail.service", "pbem-tick.service",
            "pbem-tick.timer", "pbem-bots.service", "pbem-lmtp.service",
            "pbem-fetch-mail.service"} == set(units)
    for name, text in units.items():
        if name.endswith(".service"):
            assert "EnvironmentFile=/etc/pbem/env" in text and "User=pbem" in text, name
            assert f"ExecStart={VENV}/bin/" in text, name
            assert f"StateDirectory={INSTANCE.removeprefix('/var/lib/')}" in text, name
    assert "-c /etc/pbem/gunicorn.conf.py" in units["pbem-web.service"]
    assert f"alias {VENV}/lib/" in (DEPLOY / "nginx.conf").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "/srv/pbem/.venv" not in readme and f"{VENV}/bin/pip install" in readme
    assert f"PBEM_INSTANCE_PATH={INSTANCE}" in readme
    compose = (DEPLOY / "compose.yaml").read_text()
    assert f"instance:{INSTANCE}" in compose and "lmtp" in compose
    docker = (DEPLOY / "Dockerfile").read_text()
    assert f"PBEM_INSTANCE_PATH={INSTANCE}" in docker and "postgresql-client" in docker


def test_gunicorn_loads_the_app_in_its_workers_and_keeps_its_socket_in_the_instance(
        monkeypatch, tmp_path):
    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path))
    settings: dict = {}
    exec(compile((DEPLOY / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"),
         settings)
    assert settings["preload_app"] is False  # a reload (HUP) serves the new code
    assert settings["control_socket"] == str(tmp_path / "gunicorn.ctl")
    assert settings["wsgi_app"] == "pbem.wsgi:app"


def test_the_constraints_are_the_locks_versions():
    def pins(text: str) -> list[str]:
        return [line.split()[0] for line in text.splitlines()
                if re.match(r"[A-Za-z0-9_.-]+==", line)]

    assert pins((DEPLOY / "constraints.txt").read_text()) == pins(
        (ROOT / "requirements.lock").read_text())


def test_the_readmes_production_commands_are_valid_shell():
    """The production section's shell blocks, as an operator pastes them, parse."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Serving in production"):readme.index("\n## Deploying")]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert len(blocks) >= 2
    for block in blocks:
        done = subprocess.run(["bash", "-n"], input=block, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr + block


def test_every_unit_runs_a_command_pbem_has(make_app):
    """Each unit's ExecStart names a pbem command and options the command takes."""
    runner = make_app().test_cli_runner()
    for unit in UNITS:
        for line in unit.read_text().splitlines():
            if line.startswith(("ExecStart=", "ExecStartPre=")) and "/bin/pbem " in line:
                args = line.split("/bin/pbem ", 1)[1].split()
                result = runner.invoke(args=["pbem", *args, "--help"])
                assert result.exit_code == 0, (unit.name, result.output)
