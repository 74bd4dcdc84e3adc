"""Built positions for the bots' judgement: per game, a two-player game (its seed and plies)
whose seat to move has lost beyond doubt (``HOPELESS``: found by letting a level-1 bot play a
uniform-random player until the random side's search gave it nothing), and one whose seat to
move stands about even (``EVEN``: two level-1 bots, past the first moves)."""

from __future__ import annotations

HOPELESS = {
    "stawvs": (1, [
        "b5", "b3", "d1", "f2", "b4", "h7", "b4-a4/a2", "b3-d3/f1", "a4-a5/a6", "f2-e2/e7",
        "a5-a4/d4", "d3-e4/e3", "a4-a5/a3", "h7-h4/f4", "a5-a4/b4", "h4-g5/h6", "a4-b3/b1",
        "e4-f5/f7", "b3-a4/c2", "g5-f6/h4", "a4-b3/d5", "f5-h7/g7", "b3-a4/a5", "h7-f5/h5",
        "a4-b3/a4", "e2-g4/f3", "b3-c3/b2", "f5-d7/c8", "b5-b6/c5", "g4-f5/g4", "b6-a7/b7",
        "d7-c6/b5", "a7-b6/c7", "f5-g5/f5", "b6-a7/b8", "f6-d6/e5", "c3-e1/c3", "c6-b6/c6",
        "d1-d2/d1", "g5-f6/g6", "d2-d3/d2", "d6-d8/f8", "d3-c4/d3", "d8-e8/d8", "e1-e2/e1",
        "f6-d6/d7", "c4-b3/c4", "d6-f6/g5", "e2-f2/e2",
    ]),
    "stax": (4, [
        "~NE+SE@0,0", "NE+NW@-1,0", "NE+SW+SE@0,-1", "NW+SE@1,-1", "Q@1,0", "E+W+SE@0,1",
        "SW+SE@1,-2", "~NW+SE@2,-1", "~NW@2,-2", "~SW+SE@-1,-1", "~NE+NW@-2,0", "NE+SE@3,-2",
        "~E+W@-2,-1", "E@2,-3", "NE+W@1,1", "E+NE+SE@2,0", "E+NE+NW@3,-1", "E+NW+SW@0,2",
        "NE+W+SE@-1,2", "~NW+SW@1,-3", "NW@-1,3", "~SE@0,-2", "NW+SE@2,-4", "K@2,1", "K@0,3",
        "2,-3>4,-3=SW", "2,-4>2,-1=NE+SW", "2,0>3,0=E+NE+SE", "3,-1>3,-2=E+SW+SE",
        "-1,-1>0,-1=~NW+W", "3,-2>3,0=NW+W+SW",
    ]),
    "spike": (2, [
        "M@d2:S", "L@b6:W", "L@g3:N", "L@d6:W", "S@e1:N", "L@e6:S", "L@h3:E", "S@d8:S", "S@d1:S",
        "M@g7:N", "e1-e2:N", "M@c2:N", "S@g8:W", "S@a1:S", "M@f7:W", "g3-g6:N", "f7-d7:E",
        "c2-c4:N", "e6-e3:W", "c4-c6:N", "e3-b3:E", "c6-c8:N",
    ]),
    "triumvirate": (1, [
        "T:3u/1u/2f", "g1-f3", "f3-d2", "d2-b1", "T:1u/2f/3f", "b8-d6", "d6-f8", "+2b8",
        "T:3f/2u/1f", "+2g1", "h1-h3", "f1-e3", "T:2f/1f/3f", "a8-c7", "c8-e6", "f8-d8",
        "T:1f/2u/3u", "+1h1", "+3f1", "e3-e2", "T:2u/3f/1f", "e6-g7", "g7-e6", "e6-f4",
        "T:2f/3u/1f", "b1-c1", "e2xf4", "c1-d1", "P:1", "T:1u/3f/2u", "+1c8", "c7-a5", "+1a8",
        "T:2u/1u/3u", "T:2u/1f/3f", "c8-a6", "a6-c4", "+1c8", "T:2u/3u/1u", "T:3u/2f/1f",
        "c8-d6", "c4-b6", "b6-d7", "T:3f/1f/2f", "f4xd6", "d1-e3", "h1-f3", "H:1Of",
        "T:3f/2f/1u", "+3c8", "d8-f6", "c8-c7", "T:2f/3u/1f", "+3h1", "f3-h2", "d6-b7", "b7-d6",
        "T:1f/2f/3u", "+2c8", "a8-a6", "f6-g7", "T:2f/3u/1f", "h2-f3", "d6-b7", "b7xb8", "b8xd7",
        "P:2", "H:1Ou<1Of", "T:1f/2f/3f", "c7-a8", "a6-a7", "g7-e5", "T:3u/1f/2f", "e3-c4",
        "f3-d5", "d7xc8", "c4xa5", "P:2", "P:3",
    ]),
    "pylon": (1, [
        "Mc3", "Ld4", "Lb3", "Se2", "Lc5", "Lb5", "Lb4", "Mc4", "Lb2", "Lc2", "Lb1", "Me4",
        "Md5", "Sf3", "Sc1", "Mf4", "Sa1", "Sd1", "Sa5", "Sa4", "Mf2", "Sf1", "Se5", "Ld3",
        "Sd2", "La3", "Me1", "Me3", "Ma2", "Mf5", "e3-d3", "a1-a2", "c4-b4", "a4-a5", "e5-f5",
        "b4-b3", "a2-a3", "d1-e1", "e4-d4", "b2-b1", "e2-e1", "c1-c2", "c5-b5", "c3-b3", "d5-d4",
        "a5-b5", "f3-f2", "d2-c2",
    ]),
}

EVEN = {
    "stawvs": (1, [
        "b5", "c2", "a2", "f5", "a5", "c1", "a2-a3/b3", "c1-d1/d2", "a3-a2/a3", "c2-b2/c1",
        "a5-a6/a7", "b2-c3/c5", "a6-a4/a5", "c3-c2/b2", "a4-b4/h4", "c2-b1/e4", "b4-a4/c4",
        "b1-d3/d5", "a2-b1/c2", "d1-e1/d1", "b5-d7/e6", "d3-c3/b4", "a4-b5/b6", "c3-d3/f3",
        "b1-a2/b1", "d3-c3/d3", "b5-a6/b7", "c3-d4/c3", "a6-b5/a4", "d4-e3/g1", "b5-c6/b5",
        "e1-e2/f1", "c6-c7/c6", "e2-f2/e2", "c7-b8/c8", "e3-f4/g5", "b8-d6/b8", "f2-d4/g7",
        "d7-c7/d7", "d4-f6/f8",
    ]),
    "stax": (1, [
        "~NE+SE@0,0", "~W+SW@-1,0", "~SE@0,-1", "E+W+SE@-1,-1", "E+NE@0,-2", "NE+W@-1,1",
        "~NW+W@-2,1", "W+SW+SE@1,-2", "SE@1,-3", "~E@1,-1", "~NE+SW@-2,0", "~NE+W@-2,2",
        "NE+SW+SE@-3,2", "~NW+SE@0,-3",
    ]),
    "spike": (1, [
        "M@d2:S", "S@c8:N", "M@a2:N", "M@d7:S", "L@h3:N", "S@a8:W", "L@e3:W", "L@f6:S", "L@f3:N",
        "M@b7:S", "L@b3:W", "S@h8:W", "M@b2:N", "b7-b5:N", "S@f8:S",
    ]),
    "triumvirate": (1, [
        "T:3u/1u/2f", "g1-f3", "f3-d2", "d2-b1", "T:1f/2u/3u", "c8-e8", "e8-g8", "g8-h8",
        "T:3u/1f/2f", "b1-d2", "d2-e4", "+3g1", "T:2f/1f/3f", "h8-f6", "b8-b6", "f6-e5",
        "T:2f/1f/3f", "f1-g2", "e4xe5", "g1-e2", "P:1",
    ]),
    "pylon": (1, [
        "Mc3", "Ld5", "Le3", "Lb1", "La1", "La2", "Lc2", "La3", "La4", "Mf2", "Ld1", "Lf3",
        "Sc1", "Mb4", "Mc4", "Mb3", "Sa5", "Sf5", "Sb2", "Me4", "Mf4", "Se5", "Sb5",
    ]),
}


def built(rules, seed: int, moves: list[str]):
    """The position after ``moves`` of the two-player game set up from ``seed``."""
    state = rules.new_game(players=2, options={}, seed=seed)
    for move in moves:
        state = rules.play(state, move)
    return state
