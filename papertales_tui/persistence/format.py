"""The save file format: versioned, checksummed JSON, its schema, and the chain of migrations that
brings a file written by an older release up to the current format version.

A save file is one JSON object (see docs/saves.md): format, version, app_version, saved_at, players,
seed, catalog identity, settings, the decision list, the game state (`Game.to_json()`) and a SHA-256
checksum of all the rest. `read_save` checks, in order: size, JSON syntax (truncated / corrupted),
format and version (not a save / future version), checksum (tampered), then migrates the payload to
the current version, then checks the structure with Pydantic and the game's invariants (invalid), then
the cards (unknown cards). No pickle, no eval: only `json`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

from .. import __version__
from ..files import MAX_SAVE_BYTES, loads_json, too_large_words
from ..rules.cards import BuildingType, Catalog, UnitType
from ..rules.engine import Game
from ..rules.games import MODE_TYPES, load_game
from ..rules.names import check_name, same_names
from ..rules.state import PHASE_NAMES
from ..words import N_, Worded, told
from .migrations import FORMAT_VERSION, OLD_SIDE_KEY, MigrationError, migrate

if TYPE_CHECKING:
    from ..rules.coach import KeptHint
    from ..rules.modes import ModeType

FORMAT = "papertales-save"
MAX_BYTES = MAX_SAVE_BYTES  # 16 MB; a finished 7-player game is well under 1 MB


class SaveFileError(Worded, Exception):
    """A save file that cannot be used. `kind` is one of: missing, unreadable, truncated, corrupted,
    not_a_save, future_version, tampered, invalid, unknown_cards, mismatch, exists, in_use.
    `message` is the problem in English: its `reason` (marked `N_`) with its `data` (words.py); `str()`
    is the file's name and the problem, in the player's language once text/ is loaded."""

    def __init__(self, path: Path | str, kind: str, message: str, **data: Any):
        super().__init__(path, kind, self.worded(message, data))
        self.path, self.kind, self.message = Path(path), kind, self.english()

    def __str__(self) -> str:
        return told(N_("%(file)s: %(problem)s"), file=str(self.path), problem=self)


@dataclass
class Save:
    """A loaded save file: the game, ready to play on, and what the file says about it."""

    game: Game
    path: Path | None
    version: int  # the format version the file was written in (the game is migrated to today's)
    saved_at: datetime
    players: list[str]
    seed: int
    decisions: list[dict[str, Any]]
    settings: Settings  # the table's settings, typed (the file's "settings", checked)
    stored_state: dict[str, Any]  # the state exactly as stored (after migration), for replay checks
    catalog_changed: bool  # the card data differs from the catalog the game was saved with
    app_version: str = ""
    notes: list[str] = field(default_factory=list)


# ---- file schema -------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Count = Annotated[int, Field(ge=0)]
CardId = Annotated[int, Field(ge=0)]
Name = Annotated[str, AfterValidator(check_name)]  # the rule of rules/names.py, the form's too


class _Unit(_Model):
    card: CardId
    age: Count


class _Open(_Model):
    model_config = ConfigDict(extra="allow", strict=True)  # the engine may add fields; it checks them


class _Player(_Open):
    name: Name
    gold: Count
    lp: Count
    hand: list[CardId]
    kept: CardId | None
    draft: list[CardId]
    slots: Annotated[list[_Unit | None], Field(min_length=5, max_length=5)]
    buildings: dict[str, Annotated[int, Field(ge=1, le=2)]]
    choices: list[dict[str, Any]]
    submitted: dict[str, Any] | None
    revealed: list[Annotated[int, Field(ge=0, le=4)]]


class _State(_Open):
    seed: int
    cards: list[str]
    players: Annotated[list[_Player], Field(min_length=1, max_length=7)]
    deck: list[CardId]
    discard: list[CardId]
    turn: Annotated[int, Field(ge=1)]
    phase: Literal[(*PHASE_NAMES, "end")]  # type: ignore[valid-type]  # Pydantic reads it at run time
    step: Literal["", "pick", "deploy", "age_target", "construction", "heal"]
    draft_round: Count
    turns: Annotated[int, Field(ge=1)]
    over: bool
    rng: list[Any]
    log: list[dict[str, Any]]
    decisions: list[dict[str, Any]]
    mode: str = "standard"  # a mode of `games.MODE_TYPES` (checked with its side: `_side_problem`)
    mode_state: dict[str, Any] | None = None  # the mode's own side, checked by the schema the mode declares


class _Seat(_Model):
    seat: Count
    name: Name


# What a seat is: a human, or a bot of a level of rules/bots (LEVELS, not imported here: the bots are
# heavy, and tests/test_unusable_files.py checks the two lists agree). Bare levels ("easy") were written by
# the scripts of the first release and mean a human seat, as the app has always read them.
BOT_LEVELS = ("easy", "medium", "hard")
SeatType = Literal[("human", *(f"bot:{level}" for level in BOT_LEVELS), *BOT_LEVELS)]  # type: ignore[valid-type]


# A take-back as the session keeps it: (length of the log when it happened, player, step).
_TakeBack = Annotated[tuple[Count, Count, Literal["pick", "deploy", "age_target", "construction", "heal"]],
                      Field(strict=False)]  # a JSON list


class _KeptHint(_Model):
    """A coach's hint kept for the review (rules/coach.py `KeptHint`)."""

    player: Count
    ordinal: Count
    turn: Annotated[int, Field(ge=1)]
    kind: Literal["pick", "deploy", "age_target", "construction", "heal"]
    choice: dict[str, Any]
    samples: Count
    playouts: Count


class Settings(_Model):
    """The app's settings kept with the game: each seat's type and the coach's hints each seat asked
    for, one entry per player (checked with the state). Their one typed home: a loaded `Save` holds
    one, and the app, the session and the review read its attributes."""

    seats: list[SeatType] | None = None  # type: ignore[valid-type]
    hints: list[Annotated[int, Field(ge=0, le=1_000_000)]] | None = None
    coach: list[_KeptHint] | None = None  # optional: the hints given (older saves have none)
    take_backs: list[_TakeBack] | None = None  # optional: the take-backs announced (tui/session.py)
    seed_typed: bool | None = None  # optional: a player typed the seed (shown during play); older saves: not

    def kept_hints(self) -> list[KeptHint]:
        """The hints given, as the coach keeps them (rules/coach.py `KeptHint`)."""
        from ..rules.coach import KeptHint

        return [KeptHint.from_dict(h.model_dump()) for h in self.coach or []]

    def take_back_list(self) -> list[list[Any]]:
        """The take-backs announced: [log length, player, step] each."""
        return [list(t) for t in self.take_backs or []]


class _CatalogId(_Model):
    units: list[str]
    buildings: list[str]
    sha256: str


class _SaveFile(_Model):
    format: Literal["papertales-save"]
    version: int  # 1..FORMAT_VERSION (checked before), migrated afterwards
    app_version: str
    saved_at: Annotated[AwareDatetime, Field(strict=False)]
    players: list[_Seat]
    seed: int
    catalog: _CatalogId
    settings: Settings
    decisions: list[dict[str, Any]]
    state: _State
    checksum: str


# ---- writing -----------------------------------------------------------------------------------


_identities: dict[int, tuple[Catalog, dict[str, Any]]] = {}  # id(catalog) -> (catalog kept alive, identity)


def catalog_identity(catalog: Catalog) -> dict[str, Any]:
    """Unit and building keys plus a SHA-256 of all card data (file paths left out)."""
    known = _identities.get(id(catalog))
    if known is None or known[0] is not catalog:
        known = _identities[id(catalog)] = (catalog, _identity(catalog))
    return dict(known[1])


def _identity(catalog: Catalog) -> dict[str, Any]:
    data = {f.name: [_without_source(card) for card in getattr(catalog, f.name).values()]
            for f in dataclasses.fields(catalog)}  # every kind of card: units, buildings, a mode's
    return {"units": list(catalog.units), "buildings": list(catalog.buildings), "sha256": _sha256(data)}


def _without_source(card: UnitType | BuildingType) -> dict[str, Any]:
    d = dataclasses.asdict(card)
    d.pop("source", None)
    return d


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _sha256(data: Any) -> str:
    return hashlib.sha256(_canonical(data)).hexdigest()


def _checksum(payload: dict[str, Any]) -> str:
    return "sha256:" + _sha256({k: v for k, v in payload.items() if k != "checksum"})


def encode_save(game: Game, settings: dict[str, Any] | None = None, saved_at: datetime | None = None) -> bytes:
    """The bytes of a save file for this game. `settings` must be what a save may hold (`Settings`,
    one entry per player): ValueError otherwise, as the file could not be loaded. `saved_at`: the time
    the file says it was saved (now by default)."""
    state = game.state.to_dict()  # (JSON's own types, str keys: the same bytes as read back from `to_json`)
    checked = Settings.model_validate(settings or {})  # a ValidationError is a ValueError
    for key in ("seats", "hints"):
        if getattr(checked, key) is not None and len(getattr(checked, key)) != len(game.players):
            raise ValueError(f"settings.{key} needs one entry per player")
    payload = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "saved_at": (saved_at or datetime.now(UTC)).isoformat(timespec="seconds"),
        "players": [{"seat": i, "name": p.name} for i, p in enumerate(game.players)],
        "seed": game.state.seed,
        "catalog": catalog_identity(game.catalog),
        "settings": dict(settings or {}),
        "decisions": state["decisions"],
        "state": state,
    }
    payload["checksum"] = _checksum(payload)
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"



# ---- reading -----------------------------------------------------------------------------------


def read_save(data: bytes, path: Path | str, catalog: Catalog | None = None) -> Save:
    """Decode and check the bytes of a save file (everything but the replay, see `replay.verify`);
    raise SaveFileError with a clear message if they cannot be used."""
    path = Path(path)
    if len(data) > MAX_BYTES:
        reason, values = too_large_words(len(data), MAX_BYTES, "save file")
        raise SaveFileError(path, "invalid", reason, **values)
    payload = _parse_json(data, path)
    _check_format(payload, path)
    try:
        checksum = _checksum(payload)
    except UnicodeEncodeError as e:  # a lone surrogate written as a JSON escape ("\ud800"): not text
        raise SaveFileError(path, "corrupted", N_("the file is corrupted (it holds a lone surrogate, %(code)s: not "
                                                  "Unicode text)"), code=f"U+{ord(e.object[e.start]):04X}") from None
    if payload.get("checksum") != checksum:
        raise SaveFileError(path, "tampered", N_("the checksum does not match the contents: the file was changed "
                                                 "after it was saved"))
    try:
        model = _SaveFile.model_validate(payload)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(map(str, err["loc"])) or "top level"
        raise SaveFileError(path, "invalid", N_("the saved game is not valid (%(problem)s)"),
                            problem=f"{where}: {err['msg']}") from None
    problem = _side_problem(payload["state"]) or _invariant_problem(payload)
    if problem:
        raise SaveFileError(path, "invalid", N_("the saved game is not valid (%(problem)s)"), problem=problem)
    if catalog is None:
        from ..card_cache import default_catalog

        catalog = default_catalog()
    written = payload["version"]
    try:
        payload = migrate(payload, catalog)
    except MigrationError as exc:
        raise SaveFileError(path, "invalid", N_("%(problem)s"), problem=exc) from None
    game = _build_game(payload["state"], catalog, path)
    return Save(
        game=game, path=path, version=written, saved_at=model.saved_at,
        players=[s.name for s in model.players], seed=model.seed, decisions=payload["decisions"],
        settings=model.settings, stored_state=payload["state"],
        catalog_changed=payload["catalog"]["sha256"] != catalog_identity(catalog)["sha256"],
        app_version=model.app_version,
    )


def _parse_json(data: bytes, path: Path) -> Any:
    if not data.strip():
        raise SaveFileError(path, "truncated", N_("the file is empty (it was cut off)"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveFileError(path, "corrupted", N_("the file is corrupted (not UTF-8 text at byte %(byte)s)"),
                            byte=e.start) from None
    try:
        return loads_json(text)  # bounded nesting and numbers: never a RecursionError later
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()):
            raise SaveFileError(path, "truncated", N_("the file ends too early (it was cut off)")) from None
        raise SaveFileError(path, "corrupted", N_("the file is corrupted (bad JSON at line %(line)s, column "
                                                  "%(column)s: %(problem)s)"),
                            line=e.lineno, column=e.colno, problem=e.msg) from None
    except ValueError as e:  # nested too deeply, an integer of thousands of digits, NaN
        raise SaveFileError(path, "corrupted", N_("the file is corrupted (%(problem)s)"), problem=e) from None


def _check_format(payload: Any, path: Path) -> None:
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise SaveFileError(path, "not_a_save", N_("this is not a Paper Tales save file"))
    version = payload.get("version")
    if type(version) is not int or version < 1:
        raise SaveFileError(path, "invalid", N_("unknown save format version %(version)r"), version=version)
    if version > FORMAT_VERSION:
        raise SaveFileError(path, "future_version",
                            N_("this save was written by a newer papertales (save format version %(version)s, this "
                               "version reads up to %(newest)s); please upgrade papertales"),
                            version=version, newest=FORMAT_VERSION)


def _names_problem(names: list[str]) -> str | None:
    """Two players of one name (as the New game form compares them: rules/names.py `same_names`)."""
    twins = same_names(names)
    if twins is None:
        return None
    a, b = (names[k] for k in twins)
    return (f"players {twins[0] + 1} and {twins[1] + 1} have the same name, "
            + (repr(a) if a == b else f"{a!r} and {b!r}") + ": names must differ")


def side_key(state: dict[str, Any]) -> str:
    """Where a saved state keeps its mode's own side ("mode_state"; before format 5, `OLD_SIDE_KEY`)."""
    return "mode_state" if "mode_state" in state or OLD_SIDE_KEY not in state else OLD_SIDE_KEY


def mode_state(state: dict[str, Any]) -> Any:
    """The mode's own side of a saved state (None: none)."""
    return state.get(side_key(state))


def mode_type(state: dict[str, Any]) -> ModeType:
    """The mode a checked state names, declared whole (`_side_problem` made sure it is known)."""
    return MODE_TYPES[state.get("mode", "standard")]


def _side_problem(state: dict[str, Any]) -> str | None:
    """The mode a state names is one this version plays, and its own side fits the schema that mode
    declares (`ModeType.saved`): the save format names no mode of its own."""
    name = state.get("mode", "standard")
    if name not in MODE_TYPES:
        *others, last = [repr(n) for n in MODE_TYPES]
        return "state.mode: Input should be " + (f"{', '.join(others)} or " if others else "") + last
    saved, side = MODE_TYPES[name].saved, mode_state(state)
    if saved is None or side is None:
        return None  # (a side where the mode has none, or none where it has one: `_table_problem`)
    try:
        saved.schema().model_validate(side)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(map(str, ("state", side_key(state), *err["loc"])))
        return f"{where}: {err['msg']}"
    return None


def _invariant_problem(payload: dict[str, Any]) -> str | None:
    """What the schema cannot say: the file's parts agree, and no card is in two places at once."""
    s = payload["state"]
    n = len(s["players"])
    if payload["decisions"] != s["decisions"]:
        return "the decision list does not match the game state"
    if payload["seed"] != s["seed"]:
        return "the seed does not match the game state"
    seats = [{"seat": i, "name": p["name"]} for i, p in enumerate(s["players"])]
    if payload["players"] != seats:
        return "the players do not match the game state"
    problem = _names_problem([p["name"] for p in s["players"]]) or _table_problem(payload)
    if problem:
        return problem
    for k, d in enumerate(s["decisions"]):
        if type(d.get("player")) is not int or not 0 <= d["player"] < n or not isinstance(d.get("kind"), str):
            return f"decision {k + 1} is malformed"
    places: list[int] = [*s["deck"], *s["discard"]]
    for p in s["players"]:
        places += [*p["hand"], *p["draft"], *([p["kept"]] if p["kept"] is not None else [])]
        places += [u["card"] for u in p["slots"] if u is not None]
    side, saved = mode_state(s), mode_type(s).saved
    if saved is not None and side is not None:  # (checked by its schema and `_table_problem`)
        places += saved.cards(side)
    count = Counter(places)
    if any(type(c) is not int or not 0 <= c < len(s["cards"]) for c in count):
        return "a card id is out of range"
    twice = sorted(c for c, v in count.items() if v > 1)
    if twice:
        return f"card {twice[0]} is in two places at once"
    if not s["over"] and s["turn"] > s["turns"]:
        return "the turn is past the end of the game"
    return None


def _table_problem(payload: dict[str, Any]) -> str | None:
    """The players, the mode, its own side (`ModeType`) and the settings agree (what `Game.new` and the
    app's seats would otherwise refuse only when the game is replayed or resumed)."""
    s = payload["state"]
    n, kind, side = len(s["players"]), mode_type(s), mode_state(s)
    players = f"{n} player{'s' * (n != 1)}"
    problem = kind.players_problem(n, side is not None)
    if problem is None and kind.saved is not None:
        problem = kind.saved.problem(n, side)
    if problem:
        return problem
    for key in ("seats", "hints"):
        value = payload["settings"].get(key)
        if value is not None and len(value) != n:
            return f"settings.{key} has {len(value)} entries for {players}"
    return None


def _build_game(state: dict[str, Any], catalog: Catalog, path: Path) -> Game:
    unknown = sorted(set(state["cards"]) - set(catalog.units)) + sorted(
        {b for p in state["players"] for b in p["buildings"]} - set(catalog.buildings))
    side, saved = mode_state(state), mode_type(state).saved
    if saved is not None and side is not None:
        unknown += saved.unknown_cards(side, catalog)
    if unknown:
        raise SaveFileError(path, "unknown_cards", N_("this game uses cards that are not loaded: %(cards)s (add their "
                                                      "card files with --cards DIR)"), cards=", ".join(unknown))
    try:
        game = load_game(json.dumps(state), catalog)
        game.pending()  # the position must be playable
    except Exception as exc:  # any failure here means a state the engine cannot use
        raise SaveFileError(path, "invalid", N_("the saved game is not valid (%(problem)s)"),
                            problem=f"{type(exc).__name__}: {exc}") from None
    return game
