"""The words of the game (the narrator, the decisions, the coach, `replay` and `review`) in French, Polish
and Spanish: no English sentence left in a seeded game's narration, the cards' official names agreed
with in gender, the reports of `papertales replay` and `papertales review` in French; English unchanged
(tests/test_old_saves.py holds the English narration word for word)."""

from __future__ import annotations

import random
import re

import pytest

from papertales_tui.cli import main
from papertales_tui.persistence import save_as
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import play_random_game, random_decision
from papertales_tui.rules.solo import play_random_solo_game
from papertales_tui.text import i18n
from papertales_tui.text.i18n import set_language
from papertales_tui.text.narrator import Names, narrate

LANGS = ["fr", "pl", "es"]
GLYPHS = "¤★◷⚔—"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


@pytest.fixture(scope="module")
def games():
    return [play_random_game(["Ann", "Bob", "Cy"], 5), play_random_game(["Ann", "Bob"], 11),
            play_random_solo_game("Sam", 3, difficulty=4)]


def told(game, lang: str) -> list[str]:
    set_language(lang)
    names = Names.of(game)
    return [narrate(e, names, full=True) or "" for e in game.state.log]


def words_left(line: str, game) -> str:
    """What a line says besides names and numbers: the card names of every language, the players'."""
    cat = game.catalog
    names = {n for table in (cat.units, cat.buildings) for c in table.values() for n in c.every_name}
    names |= {c.name for table in (cat.necropolis, cat.lich_king) for c in table.values()}
    names |= {p.name for p in game.state.players}
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, " ")
    return re.sub(rf"[\d\s{GLYPHS}+\-−.,:;()]+", " ", line).strip()


@pytest.mark.parametrize("lang", LANGS)
def test_a_seeded_game_is_narrated_with_no_english_sentence_left(games, lang):
    for game in games:
        english, other = told(game, "en"), told(game, lang)
        assert len(english) == len(other)
        same = [e for e, o, d in zip(english, other, game.state.log, strict=True)
                if e == o and words_left(e, game) and not e.startswith(f"{d['type']}: ")]
        assert same == [], same[:5]  # (an event with nothing to tell, e.g. no Unit to age, shows its fields)


def test_french_sentences_agree_with_a_feminine_card(games):
    game = games[0]
    set_language("fr")
    names = Names.of(game)
    assert "Forgeronne" in names.feminine and "Chevalier" not in names.feminine
    unpaid = {"type": "unit_unpaid", "phase": "deployment", "player": 0}
    forgeronne = next(i for i, k in enumerate(game.state.cards) if k == "blacksmith")
    chevalier = next(i for i, k in enumerate(game.state.cards) if k == "knight")
    assert narrate({**unpaid, "card": forgeronne}, names) == (
        "Ann ne peut pas payer Forgeronne\u00a0: elle est défaussée.")
    assert narrate({**unpaid, "card": chevalier}, names) == "Ann ne peut pas payer Chevalier\u00a0: il est défaussé."


def test_polish_names_the_buildings_and_keeps_english_units(games):
    set_language("pl")
    lines = told(games[0], "pl")
    assert any("Karczma" in line or "Świątynia" in line or "Kopalnia" in line for line in lines)
    assert not any("Tavern" in line or "Temple " in line for line in lines)
    assert any("Knight" in line or "Veteran" in line for line in lines)  # Units: English until every one has a source


def test_an_area_follows_the_language_only_when_ready(monkeypatch, games):
    monkeypatch.setattr(i18n, "READY", frozenset({"cli"}))
    assert told(games[0], "fr") == told(games[0], "en")


@pytest.fixture(scope="module")
def finished_file(tmp_path_factory):
    return save_as(play_random_game(["Ann", "Bob"], 11), tmp_path_factory.mktemp("words") / "game.json")


def test_replay_speaks_french(finished_file, capsys):
    assert main(["--lang", "fr", "replay", str(finished_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Relecture de {finished_file}\u00a0: 2 joueurs (Ann, Bob), graine 11, ")
    assert out[1] == "Mise en place"
    assert any(line.startswith("#1 Ann\u00a0: prendre ") for line in out)
    assert out[-1].startswith("OK\u00a0: l'état enregistré correspond à la relecture (")
    assert out[-1].endswith(", partie terminée).")
    set_language("en")
    assert not any(" takes " in line or " reveals " in line for line in out)


def test_review_speaks_french(tmp_path, capsys):
    game = Game.new(["Ann", "Bob"], seed=8)
    rng = random.Random(8)
    while game.state.turn < 2:
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    path = save_as(game, tmp_path / "g.json")
    assert main(["--lang", "fr", "review", str(path), "--samples", "4", "--jobs", "1", "--seat", "Ann"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Analyse de {path}\u00a0: 2 joueurs\u00a0; pour Ann\u00a0; ")
    assert out[1].startswith("(la partie n'est pas finie\u00a0: tour 2, ")
    assert out[2] == "Décisions les plus coûteuses\u00a0:"
    assert any(line.startswith("Ann\u00a0: ") and "le coach est d'accord avec" in line for line in out)
    assert "intervalle à 95 %" in out[-1]
    assert not any("decisions" in line or "playouts" in line or " LP" in line for line in out)


# ---- refusals: typed data told in the player's language ------------------------------------------


def refused(game, player, decision):
    from papertales_tui.rules.errors import IllegalDecision

    with pytest.raises(IllegalDecision) as info:
        game.apply(player, decision)
    return info.value


def test_a_refusal_is_typed_data_told_in_french():
    import pickle

    from papertales_tui.rules import Pick

    game = Game.new(["Ann", "Bob", "Cy"], seed=3)
    pend = game.pending()[0]
    offered = set(pend.options.cards)
    other = next(c for c in range(len(game.state.cards)) if c not in offered)
    err = refused(game, pend.player, Pick(other))
    assert err.reason == "you can only pick a card from the cards in front of you" and err.data == {}
    assert str(err) == err.english() == err.reason  # English unless another language is chosen
    set_language("fr")
    assert str(err) == "vous ne pouvez prendre qu'une des cartes devant vous"
    assert game.pending()[0] == pend  # refused: nothing changed
    again = pickle.loads(pickle.dumps(err))  # (from a worker process: the data, not the words)
    assert type(again) is type(err) and again.reason == err.reason and str(again) == str(err)


def test_a_refusal_with_numbers_and_a_card_in_each_language():
    from papertales_tui.rules.card_files import default_catalog
    from papertales_tui.rules.errors import N_, IllegalDecision, Unaffordable
    from papertales_tui.text.errors import refusal

    short = Unaffordable(5, 3)
    blacksmith = default_catalog().units["blacksmith"]
    card = IllegalDecision(N_("you can pay for %(card)s, so it cannot be left unpaid"), card=blacksmith)
    said = {}
    for lang in ["en", *LANGS]:
        set_language(lang)
        said[lang] = (refusal(short), str(card))
    assert said["en"] == ("these Units cost 5 Gold and you have 3: choose which to give up",
                          "you can pay for Blacksmith, so it cannot be left unpaid")
    assert said["fr"] == ("ces Unités coûtent 5 Or et vous en avez 3\u00a0: choisissez celles à abandonner",
                          "vous pouvez payer Forgeronne\u00a0: vous ne pouvez donc pas y renoncer")
    assert "¤5" in said["pl"][0] and "Blacksmith" in said["pl"][1]  # Polish: Units keep their English names
    assert said["es"][0].startswith("estas Unidades cuestan 5 de oro")
    assert short.cost == 5 and short.gold == 3  # what a program reads


def test_a_refused_kind_lists_the_kinds_in_the_language():
    from papertales_tui.rules.errors import WrongKind

    err = WrongKind(("build", "upgrade", "pass"), "pick")
    assert str(err) == "expected a decision of kind build or upgrade or pass, got 'pick'"
    set_language("fr")
    assert str(err) == "décision attendue du type build, upgrade ou pass, reçu 'pick'"


# ---- files that cannot be used: their one line in the player's language, the file name as given ----


def test_an_unusable_save_file_is_told_in_french_with_its_name_literal(tmp_path, finished_file, capsys):
    missing = tmp_path / "nulle part [b].json"
    assert main(["--lang", "fr", "replay", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"papertales\u00a0: relecture impossible\u00a0: {missing}\u00a0: fichier introuvable\n"
    tampered = tmp_path / "changed.json"
    tampered.write_text(finished_file.read_text(encoding="utf-8").replace('"Ann"', '"Anne"'), encoding="utf-8")
    assert main(["--lang", "fr", "replay", str(tampered)]) == 2
    err = capsys.readouterr().err
    assert f"{tampered}\u00a0: la somme de contrôle ne correspond pas au contenu" in err and err.count("\n") == 1
    folder = tmp_path / "a folder.json"
    folder.mkdir()
    assert main(["--lang", "es", "replay", str(folder)]) == 2
    assert f"{folder}: esto es un directorio, no un archivo de partida guardada" in capsys.readouterr().err


def test_a_save_file_error_keeps_its_kind_and_english_words(tmp_path):
    from papertales_tui.persistence import SaveFileError, read_save_file

    with pytest.raises(SaveFileError) as info:
        read_save_file(tmp_path / "none.json")
    err = info.value
    assert err.kind == "missing" and err.message == "no such file"  # what a program reads
    assert str(err) == f"{tmp_path / 'none.json'}: no such file"
    set_language("pl")
    assert str(err) == f"{tmp_path / 'none.json'}: nie ma takiego pliku" and err.message == "no such file"


def test_a_card_file_error_is_told_in_french(tmp_path, capsys):
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "bad.yaml").write_text("units:\n- id: x\n  name: X\n  copies: 1\n  cost: 1\n  strength: 1\n"
                                     "  bogus: 2\n", encoding="utf-8")
    assert main(["--lang", "fr", "--cards", str(folder), "simulate", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.endswith("bad.yaml\u00a0: carte 'x', champ 'bogus'\u00a0: champ inconnu\n") and err.count("\n") == 1
    assert main(["--cards", str(folder), "simulate", "--games", "1"]) == 2  # English: as it was
    assert capsys.readouterr().err.endswith("bad.yaml: card 'x', field 'bogus': unknown field\n")


def test_a_card_gives_its_gender_in_its_file(tmp_path, capsys):
    from papertales_tui.rules.card_files import default_catalog

    units = default_catalog().units
    feminine = {u.name_in("fr") for u in units.values() if dict(u.genders).get("fr") == "feminine"}
    assert feminine == {"Aventurière", "Archère", "Forgeronne", "Milicienne", "Nécromancienne", "Pillarde",
                        "Sculptrice", "Maîtresse du temps", "Chiromancienne", "Négociante en bois"}
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "odd.yaml").write_text("units:\n- id: x\n  name: X\n  genders: {fr: neuter}\n  copies: 1\n  cost: 1\n"
                                     "  strength: 1\n", encoding="utf-8")
    assert main(["--cards", str(folder), "simulate", "--games", "1"]) == 2
    assert "odd.yaml: card 'x', field 'genders.fr': " in capsys.readouterr().err
