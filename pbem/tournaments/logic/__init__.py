"""Tournaments' pure heart (no Flask, no database; players are opaque ints): the plain values
(``model``), game scoring, standings, the history a pairing reads, and the pairings.
:mod:`pbem.tournaments` exports what the service layer uses."""
