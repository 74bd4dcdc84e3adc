"""The lobby: open challenges anyone may join, and standing challenges that keep posting them.

A player posts a challenge (a game, its options, a player count, a time control, rated or not,
an optional rating range, the seat order); others join it from ``/challenges``; the join that
fills the table starts the game through play's own setup, so every seat gets its turn email as
usual. ``models`` are the tables; ``service`` posts, joins, withdraws and expires (the last
seat is taken by a conditional UPDATE, so two players racing for it cannot both get it);
``standing`` keeps a player's "N games of this kind going" topped up (``subscriptions``:
when one of its games ends); ``queries`` reads the list, the home page's section and the feed;
``views`` and ``forms`` are the pages; ``tick`` expires old challenges and tops up standing
ones as a safety net. Nothing imports the lobby but the application, its models list and tick.
"""
