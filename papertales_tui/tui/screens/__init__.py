"""The app's screens: one per step of a turn, modals for choices, and reference screens."""
