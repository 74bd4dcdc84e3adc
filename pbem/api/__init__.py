"""The JSON API under ``/api/``: personal access tokens, the game and move endpoints, the
OpenAPI document that describes them, and bot accounts run from outside.

It sits above ``play`` beside the reacting domains: a move through the API is the same command
(``pbem.play.commands.play_turn``), race guard and events as a move on the web page.
"""
