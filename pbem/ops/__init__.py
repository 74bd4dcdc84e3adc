"""Running the server: the heartbeat of the periodic commands, the readiness check, the worker
loops, logging and backups. Imports the domains' models but nothing imports it back except
the app factory and the commands."""
