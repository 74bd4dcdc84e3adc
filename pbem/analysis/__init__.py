"""The analysis board: any reader explores lines from any ply of a game through the rules,
changing nothing (``/games/<id>/analysis`` and its JSON twin)."""
