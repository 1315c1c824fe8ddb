"""Errors the rules core raises for bad decisions."""


class IllegalDecision(ValueError):
    """A decision the rules refuse. The game state is left untouched; `str()` gives the reason."""
