"""Players and their accounts: passwordless sign-in by emailed link, display names, admins."""
