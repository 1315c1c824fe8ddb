"""A short run of scripts/audit_screens.py: seeded games through the app at 80x24 (one human seat
driven by keys, bots in the others), nothing cut with "…", no list hiding its cursor or last rows,
no results page that scrolls, no text below AA contrast; also with the coach's hint open on every
decision screen, and at 120x40. The full audit (2, 3, 5, 7 players and solo, 4 turns, `--hints`,
`--size 120x40`): run the script."""

from __future__ import annotations

import pytest
from helpers.scripts import load_script


def audit_module():
    return load_script("scripts/audit_screens.py")


@pytest.mark.parametrize("players, seed, turns", [(7, 2, 2), (1, 3, 4)])
async def test_a_short_audit_finds_nothing_cut_or_hidden(players, seed, turns):
    """7 players (the tightest table) for two turns; a whole solo game, to its final scores (each
    page of them)."""
    audit = audit_module()
    report = await audit.audit_game(players, seed, turns=turns)
    assert {"DraftScreen", "DeployScreen", "SummaryScreen"} <= set(report.screens), report.screens
    if turns == 4:
        assert report.screens["FinalScreen"] == 2  # its two pages: the scores, the Kingdom at the end
    assert report.problems() == 0, "\n".join(report.lines())
    assert report.pages  # the results pages were read and counted


@pytest.mark.parametrize("players, seed, turns, size", [(7, 1, 1, (80, 24)), (1, 3, 2, (80, 24)),
                                                       (5, 1, 1, (120, 40))])
async def test_with_the_hints_open_and_at_120x40_the_audit_finds_nothing(players, seed, turns, size, monkeypatch):
    """The hint panel takes the card details' rows: with it open nothing is cut or hidden (7 players,
    the tightest table; solo, the Necropolis row); a larger terminal too. (The coach's search shortened:
    the panel's lines are the same.) The search ends on its count of samples, never on the clock, so that
    the hints, and the rows they take, are the same on a busy machine."""
    from papertales_tui.rules import coach

    monkeypatch.setattr(coach, "HINT_BUDGET", 600.0)
    monkeypatch.setattr(coach, "MAX_SAMPLES", 3)
    audit = audit_module()
    report = await audit.audit_game(players, seed, turns=turns, size=size, hints=True)
    assert report.hints >= 3  # the draft, the deployment and (solo) Construction, with the hint open
    assert {"DraftScreen", "DeployScreen"} <= set(report.screens)
    assert report.problems() == 0, "\n".join(report.lines())


async def test_the_audit_sees_a_cut_line_and_hidden_rows():
    """The audit is not blind: a line cut with "…" and a list taller than its room are counted."""
    from rich.text import Text
    from textual.app import App

    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.widgets import Lines, RowList

    audit = audit_module()

    class One(App):
        def compose(self):
            yield Lines(id="table")
            yield RowList("Hand", id="hand")

    app = One()
    async with app.run_test(size=(80, 6)) as pilot:
        app.query_one("#table", Lines).set_lines([Text("Ben ★3 ¤2 ⚔4: Woodcu… ⚔2")])
        hand = app.query_one("#hand", RowList)
        hand.set_rows([Text(f"card {k}") for k in range(8)])
        hand.move_to(7)
        await pilot.pause()
        report = audit.Report()
        audit.check_screen(app, report, audit.card_name_prefixes(PaperTalesApp()))
        hand.top = 0  # (as if it had not scrolled to the cursor)
        audit.check_widgets(app.screen, "Screen", report)
    assert len(report.cut_lines) == 1 and report.cut_names == [("Screen", "Woodcu…")]
    assert report.hidden_cursor == [("Screen", "hand")]  # the list scrolls to its cursor: seen once it did not
    assert report.hidden_rows == [("Screen", "hand")] * 2  # rows out of sight, scrolled or not


async def test_the_audit_sees_a_card_name_split_across_two_lines(catalog):
    """A sentence wrapped inside a card's name ("Forest / Child") or a spot's ("Front / 1") is a cut name; the
    same words on one line, or a name's first word alone at a line's end, are not."""
    from rich.text import Text
    from textual.app import App

    from papertales_tui.tui.widgets import Lines

    audit = audit_module()

    class One(App):
        def compose(self):
            yield Lines(id="log")

    app = One()
    app.catalog = catalog  # (what the audit reads the card names from)
    async with app.run_test(size=(60, 8)) as pilot:
        app.query_one("#log", Lines).set_lines([Text(line) for line in (
            "Ann reveals Knight (Front 1), Forest", "Child (Front", "2). Bo keeps Forest Child whole.",
            "A Forest", "fire.")])
        await pilot.pause()
        report = audit.Report()
        audit.check_screen(app, report, set())
    assert sorted(name for _, name in report.cut_names) == [
        "Forest / Child (split across two lines)", "Front / 2 (split across two lines)"]


def test_the_audit_sees_english_and_a_colour_a_256_colour_terminal_draws_below_aa(catalog):
    """In French, a solo card's English name, a message of the catalogs left in English and a game word
    are English; a player's name and the French card names are not; a text at 4.64:1 in truecolour that
    xterm's nearest colour draws at 4.46:1 is low contrast in 256 colours, and the app's lift keeps it
    readable in both."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.color import Color
    from textual.strip import Strip

    from papertales_tui.tui.contrast import contrast, in_256, readable_color, unreadable

    audit = audit_module()
    screen = "Ann : Légion d'os ★1, Legion of Bone ★1\nSearch for commands…\nTavern\nChevalier, Taverne"
    found = audit.english_on(screen, "fr", catalog, ("Ann",))
    assert {"Legion of Bone", "Search for commands", "card Legion of Bone", "card Tavern"} <= set(found), found
    assert not any("Légion" in f or "Chevalier" in f or "Taverne" in f or "Ann" in f for f in found), found
    assert audit.english_on("Ann : Légion d'os ★1\nChevalier, Taverne", "fr", catalog, ("Ann",)) == []
    text, ground = Color(0x78, 0x91, 0x00), Color(30, 30, 30)
    strip = Strip([Segment("(with ◷)", Style(color=text.rich_color, bgcolor=ground.rich_color))])
    assert unreadable([strip]) == [] and len(unreadable([strip], colors=256)) == 1
    lifted = readable_color(text, ground)
    assert contrast(lifted, ground) >= 4.5 and contrast(in_256(lifted), in_256(ground)) >= 4.5
