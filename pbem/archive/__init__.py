"""The archive: browse every game, replay it, export and import records, Atom feeds.

Built on the play domain's models; nothing here changes a game that is being played.
"""
