"""The glyphs and short labels the narrator and the app share (a light module: the app's first
screen needs them before anything about events is loaded). The labels are messages of the catalogs,
marked here and translated where they are shown (text/solo.py `army_name`, `necropolis`)."""

from .i18n import N_

GOLD = "¤"
LP = "★"
AGE = "◷"
STRENGTH = "⚔"
ARMY_NAMES = {"black": N_("Black"), "purple": N_("Purple")}


def necropolis_label(position: int) -> str:
    return N_("END") if position == 4 else str(position + 1)
