"""The glyphs and short labels the narrator and the app share (a light module: the app's first
screen needs them before anything about events is loaded)."""

GOLD = "¤"
LP = "★"
AGE = "◷"
STRENGTH = "⚔"
ARMY_NAMES = {"black": "Black", "purple": "Purple"}


def necropolis_label(position: int) -> str:
    return "END" if position == 4 else str(position + 1)
