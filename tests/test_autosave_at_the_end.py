"""The autosave holds the finished game once the final scores show (QA playtest of issue 30): at the
last Aging the session decides for a player whose Mystical Healer's choice changes nothing, and that
decision was never autosaved; the title screen then offered to "Resume the last game", and the New
game form warned that an unfinished game was autosaved, for a game whose final scores had been shown."""

from __future__ import annotations

from conftest import goto, new_game, put
from test_tui_support import SIZE, play_to_end

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.modals import HealModal
from papertales_tui.tui.screens.title import autosave_label, unfinished_autosave


async def test_the_autosave_is_the_finished_game_when_the_final_scores_show(data_dir, catalog):
    game = goto(new_game(2, seed=2), "construction", turn=4)
    game.state.phase = "construction"
    put(game, 0, 3, "mystical_healer", age=1)
    put(game, 0, 0, "knight", age=1)  # both die at the last Aging, whatever the Healer does
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human", "human"])
        seen = await play_to_end(pilot, app)  # the Constructions, then the pages: no Healer question
        assert HealModal not in seen and isinstance(app.screen, FinalScreen)
        assert unfinished_autosave() is None
        assert autosave_label() == "See the last game's final scores (it is finished)"
