"""Spike for computer opponents (``pbem.games.engine("spike")``): the board's geometry the
endgame solver of ``pbem.bots`` works with. These names are a promise to the bots: change them
together.

- ``FORWARD``: for each facing, the step forward; ``RAYS``: the rays from each square.
"""

from .board import FORWARD, RAYS

__all__ = ["FORWARD", "RAYS"]
