"""Notifications' pure part: kinds, modes, quiet hours and the digest hour (``schedule``); no
Flask, no database, ``now`` passed in."""
