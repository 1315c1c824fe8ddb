"""What the app's keys do on every screen: the reference screens (F1 the rules, F2 the cards, F3 the
log, F4 the scores; one at a time), a card opened from a hint or review line, Save as (Ctrl+S, when
the flow offers it) and quitting (Ctrl+Q: the question says what quitting would lose, and offers Save
as first). What they ask of the game is the conductor's (tui/conductor.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import messages as msg
from .flow import Summary
from .host import Host

if TYPE_CHECKING:
    from ..persistence import SaveFileError
    from .conductor import Conductor
    from .screens.common import GameScreen


class Actions(Host):
    """The app's own actions (its BINDINGS), and the messages of its screens that ask for them."""

    conductor: Conductor

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_as":
            if not self.offers.save_as:  # before importing the modals: the title screen asks this at start
                return False
            from .screens.modals import SaveAsModal

            return not isinstance(self.screen, SaveAsModal)
        if action in ("log", "scores"):
            return self.conductor.flow is not None
        return True

    def action_save_as(self) -> None:
        from .screens.modals import SaveAsModal

        if self.offers.save_as and not isinstance(self.screen, SaveAsModal):
            self.push_screen(SaveAsModal(self.conductor.save_name()))

    def save_as(self, path: str, overwrite: bool = False) -> SaveFileError | OSError | None:
        """Save the game to `path` (`SavePolicy.save_as`): None when saved, else the error."""
        return self.conductor.save_as(path, overwrite)

    def on_save_as_asked(self, m: msg.SaveAsAsked) -> None:
        m.answer(m.path, self.save_as(m.path, overwrite=m.overwrite))

    def on_rules_asked(self, m: msg.RulesAsked) -> None:
        self.action_rules()

    def on_show_card(self, m: msg.ShowCard) -> None:
        self.show_card(m.key)

    def on_learn(self, m: msg.Learn) -> None:
        self.learn(m.cards)

    async def on_quit_asked(self, m: msg.QuitAsked) -> None:
        await self.action_quit()

    def _open(self, screen: GameScreen) -> None:
        from .screens.info import InfoScreen

        if isinstance(self.screen, InfoScreen):  # one reference screen at a time
            self.pop_screen()
        self.push_screen(screen)

    def action_rules(self) -> None:
        from .screens.info import RulesScreen

        self._open(RulesScreen())

    def action_cards(self) -> None:
        self.show_card(None)

    def show_card(self, key: str | None) -> None:
        from .screens.info import CardBrowser

        self._open(CardBrowser(self.catalog, key))

    def learn(self, cards: list[tuple[str, str]]) -> None:
        """Open the card browser on a card a hint or review line mentions: straight away when it names
        one, else after asking which (`cards`: (key, name) pairs)."""
        from .screens.modals import LearnModal

        if len(cards) == 1:
            self.show_card(cards[0][0])
        elif cards:
            self.push_screen(LearnModal(cards), lambda key: self.show_card(key) if key is not None else None)

    def action_log(self) -> None:
        from .screens.info import LogScreen

        flow = self.conductor.flow
        if flow is not None:
            page = flow.scene if isinstance(flow.scene, Summary) else None
            until = page.as_of if page else None
            screen = LogScreen(flow.view(None), None, until, seed_shown=flow.seed_shown)
            screen.entries = flow.public_log(until, screen.came)  # (None: they come, then shown)
            screen.notes = flow.take_back_notes()
            self._open(screen)

    def action_scores(self) -> None:
        from .screens.info import ScoreboardScreen

        flow = self.conductor.flow
        if flow is not None:
            page = flow.scene if isinstance(flow.scene, Summary) else None
            then = flow.figures_at(page.as_of) if page else None
            self._open(ScoreboardScreen(flow.view(None), page, flow.seats, then, seed_shown=flow.seed_shown))

    async def action_quit(self) -> None:
        from .screens.modals import SAVE_FIRST, ConfirmQuit, SaveAsModal

        if isinstance(self.screen, ConfirmQuit):
            self.exit()
            return

        def ask_again(path: object) -> None:
            self.call_later(self.action_quit)

        def done(answer: bool | str | None) -> None:
            if answer == SAVE_FIRST:  # Save as, then the question again (saying where the game went)
                self.push_screen(SaveAsModal(self.conductor.save_name()), ask_again)
            elif answer:
                self.exit()

        self.push_screen(ConfirmQuit(self.conductor.quit_question(), offer_save=self.conductor.unsaved() is not None),
                         done)
