"""A narrated sentence wraps between its words, never inside a card's name, a spot's ("Arrière 1"), a
player's, or a number and its glyph (issue 40: "Singe / chapardeur" on the results pages in French, Rich
breaking lines at any space, the no-break ones included). Checked in French and Polish, where names run to
two or three words, through Rich and through a Textual widget (Textual wraps a Text in its own way)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from papertales_tui.rules.random_play import play_random_game
from papertales_tui.text.i18n import set_language
from papertales_tui.text.narrator import SPOTS, Names, narrate, spot
from papertales_tui.tui.screens.summary import sentences
from papertales_tui.tui.widgets import Prose

PLAYERS = ["Anne Marie", "Bo", "Cy"]  # a player's name of two words too


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


def rendered(renderable, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return [line.rstrip().replace("\xa0", " ") for line in console.export_text().splitlines()]


def named_sentences(lang: str):
    """(the public view, an event, the names of more than one word its sentence holds), for every event
    of a seeded game whose sentence names one."""
    set_language(lang)
    game = play_random_game(PLAYERS, 5)
    view = game.view(None)
    names = Names.of(game)
    long = {n for n in [*names.keys.values(), *names.players] if " " in n} | {
        spot(k) for k in range(len(SPOTS)) if " " in spot(k)}
    out = []
    for e in game.state.log:
        said = narrate(e, names)
        if said:
            held = sorted(n for n in long if n in said)
            if held:
                out.append((view, e, said, held))
    return out


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_a_sentence_wraps_between_words_and_never_inside_a_name(lang):
    found = named_sentences(lang)
    assert len(found) >= 10, found  # (the game names such cards and spots often)
    broken_before = 0
    for view, e, said, held in found:
        glued = said
        for name in held:
            glued = glued.replace(name, name.replace(" ", "\xa0"))
        longest = max(len(w) for w in glued.split(" "))  # (a word, or a name with what clings to it, wider
        # than the line is folded)
        for width in range(longest + 1, 61, 3):
            lines = rendered(sentences(view, [e]), width)
            assert all(len(line) <= width for line in lines)
            assert " ".join(lines).split() == said.split(), (said, lines)  # every word, in order
            for name in held:
                assert any(name in line for line in lines), (name, width, lines)
            plain = rendered(Text(said), width)  # what Rich did before: at any space
            broken_before += any(not any(name in line for line in plain) for name in held)
    assert broken_before > 0  # (the widths tried do part names when the sentence is wrapped as it was)


@pytest.mark.parametrize("lang", ["fr", "pl"])
async def test_a_sentence_in_a_widget_keeps_its_names_whole(lang):
    """Through a Static (as the results pages, the log and the hint show them), at a width that parts a name
    when the widget wraps a Text."""
    def parting(view, e, said, held):  # the width at which a wrapped Text breaks at the name's first space
        name = held[-1]
        width = said.index(name) + name.index(" ") + 1
        if width > max(len(w) for w in said.replace(name, name.replace(" ", "\xa0")).split(" ")):
            return view, e, said, name, width
        return None

    view, e, said, name, width = next(f for f in (parting(*found) for found in named_sentences(lang)) if f)

    class One(App):
        def compose(self) -> ComposeResult:
            yield Static(sentences(view, [e]), id="prose")
            yield Static(Text(said), id="text")

    app = One()
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        shown = {}
        for wid in ("prose", "text"):
            widget = app.query_one(f"#{wid}", Static)
            shown[wid] = [widget.render_line(y).text.rstrip().replace("\xa0", " ") for y in range(widget.size.height)]
    assert any(name in line for line in shown["prose"]), shown["prose"]
    assert " ".join(shown["prose"]).split() == said.split()
    assert not any(name in line for line in shown["text"]), shown["text"]  # (a Text is parted there)


@pytest.mark.parametrize(("lang", "sentence", "whole"), [
    ("fr", "Anne Marie : Chevalier 3 ★, Singe chapardeur ◷ 2 et ¤ 12 pour la Caserne.", ["3 ★", "◷ 2", "¤ 12"]),
    ("pl", "Anne Marie: Wielki Architekt 3 ★, Duch Lasu ◷ 2 i ¤ 12 za Koszary.", ["3 ★", "◷ 2", "¤ 12"]),
])
def test_a_number_stays_with_its_glyph_and_a_colon_with_its_word(lang, sentence, whole):
    set_language(lang)
    text = sentence.replace(" :", "\xa0:")  # (the French typography's no-break space)
    for width in range(12, len(sentence)):  # (wider than the longest word)
        lines = rendered(Prose(text), width)
        assert " ".join(lines).split() == sentence.split(), lines
        for part in whole:
            assert any(part in line for line in lines), (part, width, lines)
        assert not any(line.startswith(":") for line in lines), (width, lines)
