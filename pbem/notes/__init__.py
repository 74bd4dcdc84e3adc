"""Private notes: a player's plain-text notes on a game, seen by nobody else."""
