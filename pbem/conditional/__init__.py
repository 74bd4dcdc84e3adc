"""Conditional moves: "if they play X, I reply Y", set by a player whose opponent is to move,
and played for them in the same transaction as the move they answer (:mod:`.service`)."""
