"""pbem.bots is pure like pbem.games: the standard library, pbem.games and itself."""

from __future__ import annotations

import subprocess
import sys


def test_the_bots_import_only_the_standard_library_and_the_rules():
    code = (
        "import sys\n"
        "from pbem.bots import choose_move\n"
        "from pbem.bots.arena import match_score\n"
        "from pbem.games import all_rules\n"
        "for r in all_rules():\n"
        "    choose_move(r, r.new_game(players=r.player_counts[0]), level=1, budget_s=0)\n"
        "pbem = sorted(m for m in sys.modules if m.split('.')[0] == 'pbem')\n"
        "names = {m.split('.')[0] for m in sys.modules}\n"
        "others = sorted(names - set(sys.stdlib_module_names) - {'pbem'})\n"
        "print(' '.join(n for n in others if not n.startswith('_')))\n"
        "print(' '.join(m for m in pbem if m.split('.')[:2] not in (['pbem'], ['pbem', 'bots'],"
        " ['pbem', 'games'])))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert out[0] == "", f"third-party modules imported: {out[0]}"
    assert out[1] == "", f"server modules imported: {out[1]}"
