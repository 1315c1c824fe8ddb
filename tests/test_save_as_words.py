"""The Save as dialog of a served game says which names it takes, as the rule does (QA playtest in
Chromium): it said "letters, digits, spaces, - and _" while its own default name held a dot and the
rule also takes . , ( ) +."""

from __future__ import annotations

from test_tui_support import SIZE, start

from papertales_tui.persistence.store import saves_dir
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.modals import SaveAsModal


async def test_the_served_save_as_dialog_names_every_character_a_name_may_hold(data_dir, catalog):
    app = PaperTalesApp(catalog, served=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Cy", "Di"], seed=9)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal)
        said = " ".join(str(app.screen.query_one(".hint").render()).split())
        for mark in "-_.,()+":
            assert f" {mark} " in said or f" {mark}(" in said or f" {mark}," in said, (mark, said)
        default = app.screen.query_one("#save-path").value
        await pilot.press("escape")
        assert app.save_as(default) is None and app.save_as("Friday (2), v1.5 + Cy") is None
    assert sorted(p.name for p in saves_dir().glob("*.json")) == sorted([default, "Friday (2), v1.5 + Cy.json"])
