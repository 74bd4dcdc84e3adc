"""Playing by correspondence: the mail players get about their games (turns, invitations,
proposals, results) and the moves they send back by replying to it.

``messages`` receives play's events and sends through ``pbem.notifications``; ``ingest``
reads an emailed move and plays it with the same command as a move made on the web
(``pbem.play.commands.play_turn``), or holds it for the player's confirmation
(``models.PendingMove``); ``answers`` writes what a reply is answered with. Imports play,
clocks (deadlines in turn emails), notifications and mail.
"""
