"""Load the card YAML files, validate them, and build the frozen `Catalog` of `cards.py`.

Pydantic models describe the files; checks Pydantic cannot express (effect parameters against
`EFFECTS`, duplicate ids, copy totals) run afterwards. Every problem is a `CardFileError`
naming the file, the card and the field.
"""

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, cast

import yaml
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from ..files import FileProblem, read_limited
from ..words import N_, Said, Term
from .card_paths import MAX_FILE_BYTES, CardFileError, _shown, card_files, default_cards_dir  # noqa: F401
from .cards import (
    EFFECTS,
    LICH_EFFECTS,
    LICH_EFFECTS_WITH_QUEST,
    NAME_LANGUAGES,
    PHASES,
    PILES,
    PRODUCTION_CONDITIONS,
    QUEST_CONDITIONS,
    RESOURCES,
    SHORT_NAME,
    Ability,
    BuildingLevel,
    BuildingType,
    Catalog,
    LichKingCard,
    NecropolisCard,
    Params,
    Production,
    Quest,
    UnitType,
)
from .names import unsafe_problem

# Safe loading only; the C version of the safe loader when PyYAML has it (much faster start-up).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_DIGITS = 12  # digits of a number on a card file (the ranges of the schema need 2)
MAX_DEPTH = 16  # mappings and lists inside each other; the card files need 5


class _StrictLoader(_SAFE_LOADER):  # type: ignore[misc, valid-type]
    """Safe loading that refuses a key given twice in one mapping (YAML would keep the last silently)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                if key in seen:
                    raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
                seen.add(key)
            except TypeError:  # an unhashable key: the base class reports it
                pass
        return super().construct_mapping(node, deep)


def _line(event: yaml.Event) -> int | str:
    """The 1-based line where a parser event starts ("?" if the parser did not say)."""
    mark = event.start_mark
    return "?" if mark is None else mark.line + 1


# A plain scalar YAML would read as a number, with more digits than any card needs (int() refuses
# 4,300 digits with a ValueError, and shorter ones are only slow).
_NUMBER = re.compile(r"[-+]?(0[xob])?[0-9][0-9a-fA-F_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?")


def _too_long_number(value: str) -> bool:
    return len(value) > MAX_DIGITS and _NUMBER.fullmatch(value) is not None and \
        sum(c.isdigit() for c in value) > MAX_DIGITS


class _ShapeError(yaml.YAMLError):
    """A card file refused for its shape: the reason (marked N_) and its values."""

    def __init__(self, reason: str, **data: Any) -> None:
        super().__init__(reason % data)
        self.reason, self.data = reason, data


# PyYAML's problems (English) in our words, which the catalogs translate: the player reads no English
_YAML_PROBLEMS = (
    (re.compile(r"mapping values are not allowed"),
     N_("a ':' where none may be (a value not indented, or a text with ': ' that needs quotes)")),
    (re.compile(r"could not find expected ':'"), N_("a ':' is missing")),
    (re.compile(r"found character .* that cannot start any token"),
     N_("a character that cannot start a value (a tab? indent with spaces)")),
    (re.compile(r"did not find expected node content|expected the node content"), N_("a value is missing")),
    (re.compile(r"did not find expected (key|'-' indicator)|expected <block end>"),
     N_("the indentation does not line up")),
    (re.compile(r"found unexpected end of stream|found unexpected end"),
     N_("the file ends too soon (a quote or a bracket not closed?)")),
    (re.compile(r"expected ',' or '[\]}]'"), N_("a list or mapping in brackets is not closed properly")),
    (re.compile(r"unknown escape character"), N_("an unknown escape (\\) in a quoted text")),
    (re.compile(r"found duplicate key"), N_("a key given twice")),
)


def _yaml_problem(problem: str) -> Said:
    """A PyYAML problem in our words (marked N_); one we have not worded: that the syntax is wrong."""
    duplicate = re.fullmatch(r"duplicate key (.+)", problem)  # (our loader's: _StrictLoader)
    if duplicate:
        return Said(N_("duplicate key %(key)s"), key=duplicate.group(1))
    for pattern, words in _YAML_PROBLEMS:
        if pattern.search(problem):
            return Said(words)
    return Said(N_("the YAML syntax is wrong here"))


def _check_shape(text: str) -> None:
    """Refuse, before building anything, what safe loading would still choke on: nesting deep enough
    to overflow the parser's stack, and anchors and aliases (`&a`, `*a`: a few lines can expand to
    billions of values)."""
    depth = 0
    for event in yaml.parse(text, Loader=_SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise _ShapeError(N_("anchors and aliases (& and *) are not allowed (line %(line)s)"), line=_line(event))
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise _ShapeError(N_("nested more than %(depth)s levels deep (line %(line)s)"), depth=MAX_DEPTH,
                                  line=_line(event))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent) and event.implicit[0] and _too_long_number(event.value):
            raise _ShapeError(N_("a number of more than %(digits)s digits (line %(line)s)"), digits=MAX_DIGITS,
                              line=_line(event))


# ---- file schema (loading only) ----

# Literals built from the schema's tuples: Pydantic checks them at run time, mypy cannot read them.
Resource = Literal[RESOURCES]  # type: ignore[valid-type]
Condition = Literal[tuple(c for c in PRODUCTION_CONDITIONS if c is not None)]  # type: ignore[valid-type]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


def _shown_as_is(text: str) -> str:
    """Card texts are shown on terminals: refused when they hold what a player name may not (control
    characters, bidi overrides, zero-width spaces, line breaks: the one rule of `names.unsafe`)."""
    problem = unsafe_problem(text)
    if problem:
        raise ValueError(f"holds {problem}, which a terminal cannot show as it is")
    return text


Shown = AfterValidator(_shown_as_is)
Name = Annotated[str, Field(min_length=1, max_length=40), Shown]
Text = Annotated[str, Field(min_length=1, max_length=400), Shown]
# A card's official names in other languages (optional; a pack may have none): {fr: ..., pl: ...}
Names = dict[Literal[NAME_LANGUAGES], Name]  # type: ignore[valid-type]
Genders = dict[Literal[NAME_LANGUAGES], Literal["masculine", "feminine"]]  # type: ignore[valid-type]
# Ranges of the numbers on cards: wide enough for any sensible expansion, narrow enough that a game
# always goes on (no negative Gold or strength, no absurd numbers).
Small = Annotated[int, Field(ge=0, le=20)]


# The parameters of effects, by name (and by effect where one name means different things). LP may be
# lost (the printed cards have -3), Gold never: a negative Gold amount could leave a player unable to
# pay for anything, ever.
PARAM_RANGES: dict[str, tuple[int, int]] = {
    "amount": (-10, 10), "value": (-3, 20), "max_cost": (-3, 20), "min_strength": (0, 30), "min_age": (1, 10),
    "age": (0, 10), "per": (1, 10), "black": (0, 20), "purple": (0, 20), "count": (1, 10), "min": (0, 20),
}
GOLD_EFFECTS = ("gold", "gold_per_resource", "gold_if_aged", "gold_per_war_won", "gold_per_own_age_on_death")
NON_NEGATIVE_EFFECTS = (*GOLD_EFFECTS, "age_self", "age_other_units", "age_one_unit", "strength_per_resource",
                        "strength_per_own_age", "strength_per_kingdom_age", "strength_per_income")


def _param_range(effect: str, name: str) -> tuple[int, int]:
    low, high = PARAM_RANGES.get(name, (-20, 20))
    if effect in NON_NEGATIVE_EFFECTS:
        low = max(low, 0)
    return low, high


def _expand_shorthand(value: Any) -> Any:
    # `- ore` is shorthand for `- {resource: ore}`
    if isinstance(value, list):
        return [{"resource": v} if isinstance(v, str) else v for v in value]
    return value


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Production(_Model):
    resource: Resource
    count: int = Field(1, ge=1, le=10)
    condition: Condition | None = None  # type: ignore[valid-type]


Productions = Annotated[list[_Production], BeforeValidator(_expand_shorthand)]


class _Ability(_Model):
    effect: str
    phase: Literal[PHASES]  # type: ignore[valid-type]
    reveal: bool = False
    params: dict[str, Any] = {}
    text: Text


Short = Annotated[str, Field(min_length=1, max_length=SHORT_NAME), Shown]


class _Unit(_Model):
    id: Id
    name: Name
    genders: Genders = {}  # the official names' grammatical gender where it is not masculine
    names: Names = {}
    short: Short | None = None
    shorts: dict[Literal[NAME_LANGUAGES], Short] = {}  # type: ignore[valid-type]  # of `names`: {fr: ...}
    copies: int = Field(ge=1, le=20)
    cost: int = Field(ge=-3, le=20)  # the Monkey's -1 brings in Gold
    strength: Small | None
    produces: Productions = []
    abilities: list[_Ability] = []


class _Level(_Model):
    legend_points: Small
    cost: Annotated[list[Resource], Field(max_length=10)]
    gold_alternative: int | None = Field(None, ge=1, le=20)
    produces: Productions = []
    abilities: list[_Ability] = []


class _Building(_Model):
    id: Id
    name: Name
    names: Names = {}
    level1: _Level
    level2: _Level


class _Quest(_Model):
    condition: str
    params: dict[str, Any] = {}
    lp: int = Field(ge=1, le=20)
    text: Text


class _Necropolis(_Model):
    id: Id
    name: Name
    short: Annotated[str, Field(min_length=1, max_length=SHORT_NAME), Shown] | None = None
    pile: Literal[PILES]  # type: ignore[valid-type]
    gain: Small
    black: Small
    purple: Small
    quest: _Quest | None = None


class _LichKing(_Model):
    id: Id
    name: Name
    effect: str
    params: dict[str, Any] = {}
    quest: _Quest | None = None
    text: Text


class _CardFile(_Model):
    expected_copies: int | None = Field(None, ge=0)
    units: list[_Unit] = []
    buildings: list[_Building] = []
    necropolis: list[_Necropolis] = []
    lich_king: list[_LichKing] = []


CARD_LISTS = ("units", "buildings", "necropolis", "lich_king")


# ---- loading ----


def _read(path: Path) -> dict[str, Any]:
    try:
        text = read_limited(path, MAX_FILE_BYTES, "card file").decode("utf-8")
        _check_shape(text)
        data = yaml.load(text, Loader=_StrictLoader)
    except FileProblem as p:  # missing (a dangling link), not a regular file, too large, no permission
        raise CardFileError(path, None, None, N_("%(problem)s"), problem=p) from None
    except UnicodeDecodeError as e:
        raise CardFileError(path, None, None, N_("not UTF-8 text (byte %(byte)s)"), byte=e.start) from None
    except _ShapeError as e:
        raise CardFileError(path, None, None, N_("invalid YAML: %(problem)s"), line=e.data.get("line"),
                            problem=Said(e.reason, **e.data)) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problem = _yaml_problem(getattr(e, "problem", None) or str(e))
        if mark:
            raise CardFileError(path, None, None, N_("invalid YAML at line %(row)s, column %(column)s: %(problem)s"),
                                line=line, row=line, column=mark.column + 1, problem=problem) from None
        raise CardFileError(path, None, None, N_("invalid YAML: %(problem)s"), line=line, problem=problem) from None
    if data is None:
        raise CardFileError(path, None, None, N_("the top level must be a mapping (units:, buildings:), found an "
                                                 "empty file"))
    if not isinstance(data, dict):
        raise CardFileError(path, None, None, N_("the top level must be a mapping (units:, buildings:), found a "
                                                 "value of type %(type)s"), type=type(data).__name__)
    return data


def _parse(path: Path) -> _CardFile:
    data = _read(path)
    try:
        return _CardFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc, card = err["loc"], None
        # Inside a card entry: name the card by its id and give the field relative to the card.
        if len(loc) >= 2 and loc[0] in CARD_LISTS and isinstance(loc[1], int):
            entry = data[loc[0]][loc[1]]
            ident = entry.get("id") if isinstance(entry, dict) else None
            if isinstance(ident, str) and len(loc) > 2:
                card, loc = ident, loc[2:]
        more = exc.error_count() - 1
        msg = Term(N_("unknown field")) if err["type"] == "extra_forbidden" else err["msg"]
        reason = (N_("%(problem)s (and %(more)s more errors)") if more > 1 else
                  N_("%(problem)s (and %(more)s more error)") if more else N_("%(problem)s"))
        raise CardFileError(path, card, ".".join(map(str, loc)), reason, problem=msg, more=more) from None


# A card file's problems said in more than one place (their words: words.py)
UNKNOWN_PARAMETER = N_("unknown parameter for %(kind)s (expected: %(expected)s)")
MISSING_PARAMETER = N_("missing parameter for %(kind)s")
WRONG_TYPE = N_("should be %(type)s, got %(got)s %(value)r")


def _check_abilities(abilities: list[_Ability], path: Path, card: str, prefix: str = "") -> None:
    for i, ab in enumerate(abilities):
        where = f"{prefix}abilities.{i}"
        spec = EFFECTS.get(ab.effect)
        if spec is None:
            raise CardFileError(path, card, f"{where}.effect", N_("unknown effect kind %(effect)r"), effect=ab.effect)
        for name in ab.params:
            if name not in spec:
                raise CardFileError(path, card, f"{where}.params.{name}", UNKNOWN_PARAMETER, kind=ab.effect,
                                    expected=", ".join(spec) or Term(N_("none")))
        for name, typ in spec.items():
            if name not in ab.params:
                raise CardFileError(path, card, f"{where}.params.{name}", MISSING_PARAMETER, kind=ab.effect)
            value = ab.params[name]
            if type(value) is not typ:  # `type is`, so that a bool is not taken for an int
                raise CardFileError(path, card, f"{where}.params.{name}", WRONG_TYPE, type=typ.__name__,
                                    got=type(value).__name__, value=value)
            _check_range(value, ab.effect, name, path, card, f"{where}.params.{name}")
            allowed = RESOURCES + ("any",) * (ab.effect == "gold_for_resource")
            if name == "resource" and value not in allowed:
                raise CardFileError(path, card, f"{where}.params.{name}",
                                    N_("unknown resource %(value)r (expected one of: %(expected)s)"), value=value,
                                    expected=", ".join(allowed))


def _check_params(params: dict[str, Any], spec: dict[str, type], kind: str, path: Path, card: str, where: str) -> None:
    for name in params:
        if name not in spec:
            raise CardFileError(path, card, f"{where}.{name}", UNKNOWN_PARAMETER, kind=kind,
                                expected=", ".join(spec) or Term(N_("none")))
    for name, typ in spec.items():
        if name not in params:
            raise CardFileError(path, card, f"{where}.{name}", MISSING_PARAMETER, kind=kind)
        value = params[name]
        if type(value) is not typ:
            raise CardFileError(path, card, f"{where}.{name}", WRONG_TYPE, type=typ.__name__,
                                got=type(value).__name__, value=value)
        _check_range(value, kind, name, path, card, f"{where}.{name}")
        allowed = {"resource": RESOURCES + ("any",), "phase": PHASES, "army": ("black", "purple", "any")}.get(name)
        if allowed and value not in allowed:
            raise CardFileError(path, card, f"{where}.{name}", N_("unknown %(name)s %(value)r (expected one of: "
                                                                  "%(expected)s)"), name=name, value=value,
                                expected=", ".join(allowed))


def _check_range(value: Any, effect: str, name: str, path: Path, card: str, where: str) -> None:
    if type(value) is not int:
        return
    low, high = _param_range(effect, name)
    if not low <= value <= high:
        raise CardFileError(path, card, where, N_("should be from %(low)s to %(high)s, got %(value)s"), low=low,
                            high=high, value=value)


def _check_unique(entry: _Unit | _Building | _Necropolis | _LichKing, path: Path, seen: dict[str, Path],
                  names: dict[str, tuple[str, Path]]) -> None:
    if entry.id in seen:
        raise CardFileError(path, entry.id, "id", N_("duplicate id (already used in %(file)s)"),
                            file=str(_shown(seen[entry.id])))
    seen[entry.id] = path
    key = entry.name.casefold()
    if key in names:
        other, where = names[key]
        raise CardFileError(path, entry.id, "name", N_("duplicate name %(name)r (card %(other)r in %(file)s)"),
                            name=entry.name, other=other, file=str(_shown(where)))
    names[key] = (entry.id, path)


def _check_short(unit: _Unit | _Necropolis, path: Path, names: dict[str, tuple[str, Path]],
                 shorts: dict[str, tuple[str, Path]]) -> None:
    """A Unit's short name (its name when it has none) is unique among the Units' short names, and a
    `short` is no other card's name: compact lines tell Units apart by it (and the Necropolis row its
    cards, among the Necropolis cards)."""
    short = unit.short or unit.name
    key = short.casefold()
    if key in shorts:
        other, where = shorts[key]
        raise CardFileError(path, unit.id, "short" if unit.short else "name",
                            N_("short name %(short)r already used by card %(other)r in %(file)s"), short=short,
                            other=other, file=str(_shown(where)))
    if unit.short is not None and key in names and names[key][0] != unit.id:
        other, where = names[key]
        raise CardFileError(path, unit.id, "short", N_("short name %(short)r is the name of card %(other)r in "
                                                       "%(file)s"), short=short, other=other, file=str(_shown(where)))
    shorts[key] = (unit.id, path)


def _check_shorts(unit: _Unit, path: Path, shorts: dict[tuple[str, str], tuple[str, Path]]) -> None:
    """A Unit's short names in other languages (`shorts: {fr: ...}`) shorten its official names there,
    and each is unique among that language's short names."""
    for lang, short in unit.shorts.items():
        if lang not in unit.names:
            raise CardFileError(path, unit.id, f"shorts.{lang}", f"a short name for no name in {lang} (names.{lang})")
        key = (lang, short.casefold())
        if key in shorts:
            other, where = shorts[key]
            raise CardFileError(path, unit.id, f"shorts.{lang}",
                                f"short name {short!r} already used by card {other!r} in {_shown(where)}")
        shorts[key] = (unit.id, path)


def _quest(q: _Quest | None, path: Path, card: str, where: str = "quest") -> Quest | None:
    if q is None:
        return None
    spec = QUEST_CONDITIONS.get(q.condition)
    if spec is None:
        raise CardFileError(path, card, f"{where}.condition", N_("unknown quest condition %(condition)r (expected "
                                                                 "one of: %(expected)s)"), condition=q.condition,
                            expected=", ".join(QUEST_CONDITIONS))
    _check_params(q.params, spec, q.condition, path, card, f"{where}.params")
    return Quest(q.condition, _params(q.params), q.lp, q.text)


def _necropolis_card(n: _Necropolis, path: Path) -> NecropolisCard:
    if n.pile == "end" and n.quest is not None:
        raise CardFileError(path, n.id, "quest", N_("an END card's quest would never be scored: remove it"))
    if n.pile != "end" and n.quest is None:
        raise CardFileError(path, n.id, "quest", N_("a Necropolis card of pile %(pile)s needs a quest"), pile=n.pile)
    return NecropolisCard(n.id, n.name, n.pile, n.gain, n.black, n.purple, _quest(n.quest, path, n.id), str(path),
                          n.short or "")


def _lich_king_card(c: _LichKing, path: Path) -> LichKingCard:
    spec = LICH_EFFECTS.get(c.effect)
    if spec is None:
        raise CardFileError(path, c.id, "effect", N_("unknown Lich King effect %(effect)r (expected one of: "
                                                     "%(expected)s)"), effect=c.effect,
                            expected=", ".join(LICH_EFFECTS))
    _check_params(c.params, spec, c.effect, path, c.id, "params")
    if (c.quest is not None) != (c.effect in LICH_EFFECTS_WITH_QUEST):
        raise CardFileError(path, c.id, "quest", N_("effect %(effect)s needs a quest") if c.quest is None
                            else N_("effect %(effect)s takes no quest"), effect=c.effect)
    return LichKingCard(c.id, c.name, c.effect, _params(c.params), _quest(c.quest, path, c.id), c.text, str(path))


def _productions(items: list[_Production]) -> tuple[Production, ...]:
    # `[wood, wood, wood]` and `{resource: wood, count: 3}` give the same single entry.
    counts: dict[tuple[str, str | None], int] = {}
    for p in items:
        counts[p.resource, p.condition] = counts.get((p.resource, p.condition), 0) + p.count
    return tuple(Production(r, n, c) for (r, c), n in counts.items())


def _abilities(items: list[_Ability]) -> tuple[Ability, ...]:
    return tuple(Ability(a.effect, a.phase, a.reveal, _params(a.params), a.text) for a in items)


def _params(read: dict[str, Any]) -> Params:
    """A card's parameters as read from YAML, once checked against their effect's spec (names and
    types: `_check_params`, `_check_ability`)."""
    return cast(Params, dict(read))


def load_catalog(  # noqa: C901 (one check after another)
    extra_dirs: Sequence[Path] = (), *, base_dir: Path | None = None) -> Catalog:
    """Load units.yaml and buildings.yaml from `base_dir` (default: the shipped cards), and the solo
    cards necropolis.yaml and lich_king.yaml when present there, then every *.yaml / *.yml file of
    each extra directory, in name order. Raises CardFileError."""
    files = card_files(extra_dirs, base_dir)
    units: dict[str, UnitType] = {}
    buildings: dict[str, BuildingType] = {}
    necropolis: dict[str, NecropolisCard] = {}
    lich_king: dict[str, LichKingCard] = {}
    seen: dict[str, Path] = {}  # one id space for every card
    names: dict[str, tuple[str, Path]] = {}  # and one name space: players tell cards apart by name
    shorts: dict[str, tuple[str, Path]] = {}  # the Units' names in compact lines, unique too
    lang_shorts: dict[tuple[str, str], tuple[str, Path]] = {}  # and in each other language
    necropolis_shorts: dict[str, tuple[str, Path]] = {}  # and the Necropolis cards' in their row
    for path in files:
        parsed = _parse(path)
        entries: list[_Unit | _Building | _Necropolis | _LichKing] = [
            *parsed.units, *parsed.buildings, *parsed.necropolis, *parsed.lich_king]
        for entry in entries:
            _check_unique(entry, path, seen, names)
        for u in parsed.units:
            _check_abilities(u.abilities, path, u.id)
            if u.strength is None and not any(a.effect == "shapeshift" for a in u.abilities):
                raise CardFileError(path, u.id, "strength", N_("strength may be null only on a shapeshift Unit"))
            _check_short(u, path, names, shorts)
            _check_shorts(u, path, lang_shorts)
            units[u.id] = UnitType(u.id, u.name, u.copies, u.cost, u.strength, _productions(u.produces),
                                   _abilities(u.abilities), str(path), u.short or "", tuple(u.names.items()),
                                   tuple(u.genders.items()), tuple(u.shorts.items()))
        for b in parsed.buildings:
            levels = []
            for n, lv in enumerate((b.level1, b.level2), start=1):
                _check_abilities(lv.abilities, path, b.id, prefix=f"level{n}.")
                levels.append(BuildingLevel(n, lv.legend_points, tuple(lv.cost), lv.gold_alternative,
                                            _productions(lv.produces), _abilities(lv.abilities)))
            buildings[b.id] = BuildingType(b.id, b.name, (levels[0], levels[1]), str(path), tuple(b.names.items()))
        for nc in parsed.necropolis:
            _check_short(nc, path, names, necropolis_shorts)
            necropolis[nc.id] = _necropolis_card(nc, path)
        for c in parsed.lich_king:
            lich_king[c.id] = _lich_king_card(c, path)
        total = sum(u.copies for u in parsed.units)
        if parsed.expected_copies is not None and total != parsed.expected_copies:
            raise CardFileError(path, None, "expected_copies", N_("the copies of the units add up to %(total)s, not "
                                                                  "%(expected)s"), total=total,
                                expected=parsed.expected_copies)
    return Catalog(units, buildings, necropolis, lich_king)
