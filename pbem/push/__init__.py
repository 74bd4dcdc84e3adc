"""Push notifications (Web Push with VAPID): a player's browsers as a channel beside mail.

A browser subscribes on the account's push page; its subscription (the push service's endpoint
and the browser's keys) is kept with the notification kinds it wants. A push goes when the mail
it stands beside goes, so the same settings, quiet hours and digests decide it: the mail sender
announces each delivery (``pbem.mail.events.delivered``) and this package pushes to the
recipient's browsers that want its kind. The payload is encrypted for the browser (RFC 8291,
``aes128gcm``) and says only which game and what happened; a subscription the push service
answers 404 or 410 for is gone and is removed.

It sits above ``play`` beside the reacting domains: it reads accounts and mail's events.
"""
