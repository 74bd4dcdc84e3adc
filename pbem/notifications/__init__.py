"""Notifications: how and when players hear from pbem, and the one way every domain mails them
(:func:`.delivery.message`).

The pure part (no Flask, no database, ``now`` passed in) is :mod:`.logic` (kinds, modes, quiet
hours, the digest hour). Beside it, the stored side: ``models`` and
``settings`` (players' settings), ``delivery`` (the decision and the message API), ``digest``
(the daily digest, whose list of waiting games the domains that know them fill in through
:func:`.digest.say_with`) and ``views`` (the settings page and one-click unsubscribe).
Imports only ``accounts``, ``mail`` and the core.
"""
