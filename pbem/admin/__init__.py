"""Administration pages (admins only)."""
