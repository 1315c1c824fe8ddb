"""The public chapters of the event log: now in text/chapters.py (a hosted table makes its pages with
them too, without the app); the names stay importable from here."""

from ..text.chapters import (
    KINGDOM_CHANGES,
    LICH_RECRUITMENT,
    OWN_LICH,
    SHOWN,
    chapter,
    chapters,
    kingdoms_changed_since,
    label_events,
    own_lich,
    spans,
    totals_at,
    turn_at,
)

__all__ = ["KINGDOM_CHANGES", "LICH_RECRUITMENT", "OWN_LICH", "SHOWN", "chapter", "chapters",
           "kingdoms_changed_since", "label_events", "own_lich", "spans", "totals_at", "turn_at"]
