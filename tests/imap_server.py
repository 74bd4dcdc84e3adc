"""A real IMAP server for the tests: Debian's dovecot on loopback, run from a config file
written into a temporary folder, with one passwd-file user (``make test`` installs it)."""

from __future__ import annotations

import imaplib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from smtp_server import free_port

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"
USER, PASSWORD = "pbem", "secret"

CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
first_valid_uid = {uid}
{users}
mail_location = maildir:{root}/mail/%u
service imap-login {{
  chroot =
  inet_listener imap {{
    port = {port}
  }}
}}
service anvil {{
  chroot =
}}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
"""


class IMAPServer:
    """``with IMAPServer() as server``: dovecot serving ``USER`` on ``server.port``."""

    def __enter__(self):
        self.folder = tempfile.TemporaryDirectory(prefix="pbem-dovecot-")
        root = Path(self.folder.name)
        root.chmod(0o755)  # the mail user must reach its maildir
        if os.getuid() == 0:  # dovecot keeps mail away from root: its own user holds it
            account = pwd.getpwnam("dovecot")
            uid, gid, users = account.pw_uid, account.pw_gid, ""
        else:
            uid, gid = os.getuid(), os.getgid()
            name = pwd.getpwuid(uid).pw_name
            users = f"default_internal_user = {name}\ndefault_login_user = {name}"
        for sub in ("mail", "home"):
            (root / sub).mkdir()
            os.chown(root / sub, uid, gid)
        (root / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
        self.port = free_port()
        config = root / "dovecot.conf"
        config.write_text(CONFIG.format(root=root, port=self.port, uid=uid, gid=gid,
                                        users=users))
        self.process = subprocess.Popen([DOVECOT, "-F", "-c", str(config)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._wait_until_listening()
        return self

    def _wait_until_listening(self):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("dovecot did not start listening")

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(20)
        self.folder.cleanup()

    def client(self) -> imaplib.IMAP4:
        imap = imaplib.IMAP4("127.0.0.1", self.port, timeout=10)
        imap.login(USER, PASSWORD)
        return imap

    def append(self, raw: bytes, folder: str = "INBOX") -> None:
        with self.client() as imap:
            imap.append(folder, None, None, raw)

    def count(self, folder: str = "INBOX", criterion: str = "ALL") -> int:
        with self.client() as imap:
            imap.select(folder)
            return len(imap.uid("SEARCH", None, criterion)[1][0].split())
