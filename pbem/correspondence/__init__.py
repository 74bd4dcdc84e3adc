"""Playing by correspondence: the mail players get about their games (turns, invitations,
proposals, results) and the moves they send back by replying to it.

``messages`` writes the mail for play's events (connected in ``subscriptions``) and sends it
through ``pbem.notifications``; ``ingest`` reads an emailed move and plays it with the same
command as a move made on the web (``pbem.play.commands.play_turn``), or holds it for the
player's confirmation (``held``); ``answers`` writes what a reply is answered with. Imports play,
clocks (deadlines in turn emails), notifications and mail.
"""
