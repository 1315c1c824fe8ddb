"""The registry of effect kinds (rules/effects.py): every kind of the card schema is handled."""

import typing

import pytest

from papertales_tui.rules import effects
from papertales_tui.rules.cards import EFFECTS, LICH_EFFECTS, QUEST_CONDITIONS, Params
from papertales_tui.rules.effects import HANDLERS, RESOLVED_ELSEWHERE, Hook, handled_kinds, handler
from papertales_tui.rules.solo import LICH_RESOLVED


def test_every_effect_kind_of_the_schema_has_a_handler():
    assert set(EFFECTS) - handled_kinds() == set()
    assert handled_kinds() - set(EFFECTS) == set()  # no handler for a kind the card files cannot use


def test_the_params_type_names_every_parameter_of_the_schema_with_its_type():
    specs = [spec for table in (EFFECTS, QUEST_CONDITIONS, LICH_EFFECTS) for spec in table.values()]
    used = {(name, kind) for spec in specs for name, kind in spec.items()}
    assert used == set(typing.get_type_hints(Params).items())  # one type a name, none left over


def test_every_lich_king_effect_is_resolved_by_the_solo_mode():
    assert set(LICH_RESOLVED) == set(LICH_EFFECTS)


def test_a_kind_is_handled_once_per_hook_and_never_both_handled_and_resolved_elsewhere():
    with pytest.raises(ValueError, match="already has"):
        handler(Hook.INCOME, "gold")(lambda p, u, ctx: 0)
    assert not set(RESOLVED_ELSEWHERE) & {k for table in HANDLERS.values() for k in table}


def test_productions_yield_the_same_through_the_one_rule():
    from papertales_tui.rules.cards import Production
    from papertales_tui.rules.state import Unit

    out = effects.empty_resources()
    effects.produced((Production("food", 1, "in_front"), Production("ore", 2, "per_own_age"),
                      Production("wood", 1, "aged")), Unit(0, age=2), 3, out)
    assert out == {"food": 0, "ore": 4, "wood": 1}
