"""Words shown to people, for the CLI and the app alike: the narrator of events (`narrator.py`), the
one describer of decisions (`decisions.py`), the coach's words (`coach.py`), what a refusal says
(`errors.py`) and the game's glyphs (`glyphs.py`). The rules core never imports this package: the
engine emits typed events, decisions and refusals, and these modules tell them. Loading any of them
makes a refusal's `str()` speak the player's language (errors.py, `tell_with`)."""

from . import errors as errors  # (installs the refusals' words)
