"""Ratings: a skill per player and game, moved by every rated game's result.

``model`` is the pure heart (the Plackett–Luce update and the number shown); ``results``
reads which games count and each player's place; ``service`` rates one game as it finishes
(``subscriptions`` connects it to play's "game finished" event); ``rebuild`` recomputes
every rating from the stored results (``cli``: ``pbem ratings rebuild``); ``queries``,
``chart`` and ``views`` make the leaderboards, the player page's history and the page about
ratings.
"""
