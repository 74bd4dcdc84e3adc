"""Computer opponents on the server: their accounts and the worker that plays their turns.

The thinking is ``pbem.bots`` (pure); this package gives each level an account people can
challenge (:mod:`.accounts`) and plays the bots' turns (:mod:`.worker`) through play's own
command for a move, as a human's move is played.
"""
