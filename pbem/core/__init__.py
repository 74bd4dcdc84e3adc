"""The small core every domain stands on: configuration, the extension objects, database
helpers, the error family and its pages, signed tokens, absolute URLs, shared validators and
the Atom builder. It imports no domain."""
