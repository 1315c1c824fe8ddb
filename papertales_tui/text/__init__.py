"""Words shown to people, for the CLI and the app alike: the narrator of events (`narrator.py`), the
one describer of decisions (`decisions.py`), the coach's words (`coach.py`) and the game's glyphs
(`glyphs.py`). The rules core never
imports this package: the engine emits typed events and decisions, and these modules tell them."""
