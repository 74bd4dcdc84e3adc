"""Site-wide pages: the home page and, in development, the mailbox."""
