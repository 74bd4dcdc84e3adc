"""``pbem token …`` (API tokens for operators and tests) and ``pbem bot-account``."""

from __future__ import annotations

import click
from flask.cli import AppGroup, with_appcontext
from flask_babel import gettext as _

token_group = AppGroup("token", help="API tokens: create, list, revoke.")


def _player(address: str, hint: str = "ADDRESS"):
    from ..accounts.service import player_by_email
    from ..core.errors import PbemError

    try:
        player = player_by_email(address, create=False)
    except PbemError as exc:
        raise click.BadParameter(exc.message, param_hint=hint) from None
    if player is None or player.deleted_at is not None:
        raise click.BadParameter(_("No player has the address %(address)s.", address=address),
                                 param_hint=hint)
    return player


@token_group.command("create")
@click.argument("address")
@click.option("--scope", "scopes", multiple=True, required=True,
              help="read, play or challenge; repeat for several.")
@click.option("--name", default="", help="What the token is for.")
def create(address, scopes, name):
    """Print a new API token of the player with ADDRESS (shown this once)."""
    from . import tokens

    player = _player(address)
    try:
        _token, secret = tokens.create(player, scopes, name or "command line")
    except tokens.BadScope as exc:
        raise click.BadParameter(exc.message, param_hint="--scope") from None
    click.echo(secret)


@token_group.command("list")
@click.argument("address")
def list_tokens(address):
    """List the tokens of the player with ADDRESS still in force."""
    from . import tokens

    for token in tokens.tokens_of(_player(address).id):
        used = token.last_used_at.isoformat() if token.last_used_at else "never used"
        click.echo(f"{token.id}\t{token.name}\t{token.scopes}\t{used}")


@token_group.command("revoke")
@click.argument("address")
@click.argument("token_id", type=int)
def revoke(address, token_id):
    """Revoke the token TOKEN_ID of the player with ADDRESS."""
    from . import tokens

    if not tokens.revoke(_player(address).id, token_id):
        raise click.BadParameter(_("No such token in force."), param_hint="TOKEN_ID")
    click.echo(_("token %(token)d revoked", token=token_id))


@click.command("bot-account")
@click.argument("address")
@click.option("--owner", default=None, help="The address of the player whose engine it is.")
@click.option("--unmark", is_flag=True, help="Make the account a person's again.")
@with_appcontext
def bot_account(address, owner, unmark):
    """Mark the account with ADDRESS a bot played from outside through the API."""
    from . import bots

    player = _player(address)
    bots.mark(player, not unmark, _player(owner, "--owner") if owner else None)
    click.echo(_("%(address)s is no longer a bot account", address=address) if unmark
               else _("%(address)s is a bot account", address=address))
