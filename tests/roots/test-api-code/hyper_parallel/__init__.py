"""A tiny stand-in for a parallel training library."""
