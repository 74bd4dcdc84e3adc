"""``pbem deploy``: the operator's kit the package carries (the repository's ``deploy/``,
shipped inside the wheel as ``pbem/deploy``), printed so that a server needs no checkout:
``pbem deploy print gunicorn > /etc/pbem/gunicorn.conf.py``. Builds no app: it runs before
there are settings."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import click

#: The short names of the kit's files that are not units, and where they are in the kit.
FILES = {"gunicorn": "gunicorn.conf.py", "nginx": "nginx.conf",
         "sysusers": "sysusers.d/pbem.conf", "tmpfiles": "tmpfiles.d/pbem.conf",
         "constraints": "constraints.txt", "compose": "compose.yaml"}


def kit() -> Path:
    """The kit's folder: inside the installed package, else the checkout's ``deploy/``."""
    shipped = resources.files("pbem") / "deploy"
    if shipped.is_dir():
        return Path(str(shipped))
    return Path(__file__).resolve().parents[2] / "deploy"


def names() -> dict[str, Path]:
    """Every printable name: the short ones above, then each systemd unit by its file name."""
    folder = kit()
    found = {name: folder / path for name, path in FILES.items() if (folder / path).is_file()}
    found.update({unit.name: unit for unit in sorted((folder / "systemd").glob("pbem-*"))})
    return found


@click.group("deploy")
def deploy_group():
    """The deployment kit: gunicorn's config, systemd units, nginx site, constraints."""


@deploy_group.command("list")
@click.option("--units", is_flag=True, help="Only the systemd units' file names.")
def list_kit(units):
    """Name the files `pbem deploy print` prints."""
    for name, path in names().items():
        if not units or path.parent.name == "systemd":
            click.echo(name)


@deploy_group.command("print")
@click.argument("name")
def print_kit(name):
    """Print one of the kit's files (see `pbem deploy list`), e.g. gunicorn, nginx,
    pbem-web.service."""
    found = names()
    if name not in found:
        raise click.BadParameter(f"no such file in the kit; one of: {', '.join(found)}",
                                 param_hint="NAME")
    click.echo(found[name].read_text(), nl=False)
