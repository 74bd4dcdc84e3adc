"""Games between players: setup, invitations, moves, signed move links and the game pages."""
