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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

from .. import __version__
from ..rules.cards import Catalog
from ..rules.engine import Game
from ..rules.games import load_game
from ..rules.state import PHASE_NAMES

FORMAT = "papertales-save"
FORMAT_VERSION = 4  # 2: events have a phase, and card keys as causes; 3: war_strength parts by key;
# 4: solo, the last Aging's Lich King gains in the phase "aging"
MAX_BYTES = 16 * 1024 * 1024  # a finished 7-player game is well under 1 MB


class SaveFileError(Exception):
    """A save file that cannot be used. `kind` is one of: missing, unreadable, truncated, corrupted,
    not_a_save, future_version, tampered, invalid, unknown_cards, mismatch, exists, in_use.
    `str()` is the message."""

    def __init__(self, path: Path | str, kind: str, message: str):
        super().__init__(path, kind, message)
        self.path, self.kind, self.message = Path(path), kind, message

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass
class Save:
    """A loaded save file: the game, ready to play on, and what the file says about it."""

    game: Game
    path: Path | None
    version: int  # the format version the file was written in (the game is migrated to today's)
    saved_at: datetime
    players: list[str]
    seed: int
    decisions: list[dict]
    settings: dict[str, Any]
    stored_state: dict  # the state exactly as stored (after migration), for replay checks
    catalog_changed: bool  # the card data differs from the catalog the game was saved with
    app_version: str = ""
    notes: list[str] = field(default_factory=list)


# ---- migrations --------------------------------------------------------------------------------

# MIGRATIONS[v](payload, catalog) turns the payload of a version-v file into a version-(v+1) payload
# (the "version" key is set by `migrate`). It runs after the checksum and the schema checks (the schema
# is loose where formats differ, e.g. the event log). To change the format: write the step, register
# it here under the old version, raise FORMAT_VERSION by one, and keep tests/test_old_saves.py (files
# written by older releases, never regenerated) green.
Migration = Callable[[dict[str, Any], Catalog], dict[str, Any]]


def _events_with_phases(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """1 -> 2: the event log gets phases and card keys (rules/events.py)."""
    from ..rules.events import upgrade_log

    return dict(payload, state=dict(payload["state"], log=upgrade_log(payload["state"]["log"], catalog)))


def _war_parts_by_key(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """2 -> 3: the parts of `war_strength` events name cards and Buildings by key, not by label."""
    from ..rules.events import parts_by_key

    return dict(payload, state=dict(payload["state"], log=parts_by_key(payload["state"]["log"], catalog)))


def _solo_last_aging(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """3 -> 4: solo games log the Lich King's gains for the Units that died at the last turn's Aging,
    and the Time token's last move, in the phase "aging" (as turns 1-3 do), not "end". Before, the
    phase "end" was set first: those events are the run of "end" events up to that move."""
    state = payload["state"]
    log = state["log"]
    last = [k for k, e in enumerate(log) if e.get("type") == "time_moved" and e.get("turn") == state["turns"]]
    if state.get("mode") != "solo" or not last:
        return payload
    log = [dict(e) for e in log]
    k = last[0]
    while k >= 0 and log[k].get("phase") == "end":
        log[k]["phase"] = "aging"
        k -= 1
    return dict(payload, state=dict(state, log=log))


MIGRATIONS: dict[int, Migration] = {1: _events_with_phases, 2: _war_parts_by_key, 3: _solo_last_aging}


def migrate(payload: dict[str, Any], catalog: Catalog, path: Path) -> dict[str, Any]:
    """The payload brought up to FORMAT_VERSION, one registered step at a time (checksum checked before)."""
    version = payload["version"]
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveFileError(path, "invalid", f"save format version {version} cannot be read any more")
        try:
            payload = dict(step(payload, catalog), version=version + 1)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise SaveFileError(path, "invalid", f"the saved game could not be brought up to date from "
                                                 f"format version {version} ({type(exc).__name__}: {exc})") from None
        version += 1
    return payload


# ---- file schema -------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Count = Annotated[int, Field(ge=0)]
CardId = Annotated[int, Field(ge=0)]
NO_CONTROL_CHARS = r"^[^\x00-\x1f\x7f-\x9f]*$"  # names are shown on terminals


class _Unit(_Model):
    card: CardId
    age: Count


class _Open(_Model):
    model_config = ConfigDict(extra="allow", strict=True)  # the engine may add fields; it checks them


class _Player(_Open):
    name: Annotated[str, Field(min_length=1, max_length=100, pattern=NO_CONTROL_CHARS)]
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
    mode: str = "standard"
    solo: dict[str, Any] | None = None


class _Seat(_Model):
    seat: Count
    name: str


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
    settings: dict[str, Any]
    decisions: list[dict[str, Any]]
    state: _State
    checksum: str


# ---- writing -----------------------------------------------------------------------------------


_identities: dict[int, tuple[Catalog, dict]] = {}  # id(catalog) -> (catalog kept alive, identity)


def catalog_identity(catalog: Catalog) -> dict:
    """Unit and building keys plus a SHA-256 of all card data (file paths left out)."""
    known = _identities.get(id(catalog))
    if known is None or known[0] is not catalog:
        known = _identities[id(catalog)] = (catalog, _identity(catalog))
    return dict(known[1])


def _identity(catalog: Catalog) -> dict:
    data = {f.name: [_without_source(card) for card in getattr(catalog, f.name).values()]
            for f in dataclasses.fields(catalog)}  # every kind of card: units, buildings, solo cards
    return {"units": list(catalog.units), "buildings": list(catalog.buildings), "sha256": _sha256(data)}


def _without_source(card) -> dict:
    d = dataclasses.asdict(card)
    d.pop("source", None)
    return d


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _sha256(data: Any) -> str:
    return hashlib.sha256(_canonical(data)).hexdigest()


def _checksum(payload: dict) -> str:
    return "sha256:" + _sha256({k: v for k, v in payload.items() if k != "checksum"})


def encode_save(game: Game, settings: dict[str, Any] | None = None) -> bytes:
    """The bytes of a save file for this game."""
    state = json.loads(game.to_json())
    payload = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
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
        raise SaveFileError(path, "invalid", f"the file is too large for a save file ({len(data)} bytes)")
    payload = _parse_json(data, path)
    _check_format(payload, path)
    if payload.get("checksum") != _checksum(payload):
        raise SaveFileError(path, "tampered", "the checksum does not match the contents: "
                                              "the file was changed after it was saved")
    try:
        model = _SaveFile.model_validate(payload)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(map(str, err["loc"])) or "top level"
        raise SaveFileError(path, "invalid", f"the saved game is not valid ({where}: {err['msg']})") from None
    problem = _invariant_problem(payload)
    if problem:
        raise SaveFileError(path, "invalid", f"the saved game is not valid ({problem})")
    if catalog is None:
        from ..rules.card_files import default_catalog

        catalog = default_catalog()
    written = payload["version"]
    payload = migrate(payload, catalog, path)
    game = _build_game(payload["state"], catalog, path)
    return Save(
        game=game, path=path, version=written, saved_at=model.saved_at,
        players=[s.name for s in model.players], seed=model.seed, decisions=payload["decisions"],
        settings=payload["settings"], stored_state=payload["state"],
        catalog_changed=payload["catalog"]["sha256"] != catalog_identity(catalog)["sha256"],
        app_version=model.app_version,
    )


def _parse_json(data: bytes, path: Path) -> Any:
    if not data.strip():
        raise SaveFileError(path, "truncated", "the file is empty (it was cut off)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveFileError(path, "corrupted", f"the file is corrupted (not UTF-8 text at byte {e.start})") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise SaveFileError(path, "corrupted", "the file is corrupted (JSON nested too deeply)") from None
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()):
            raise SaveFileError(path, "truncated", "the file ends too early (it was cut off)") from None
        raise SaveFileError(path, "corrupted", f"the file is corrupted (bad JSON at line {e.lineno}, "
                                               f"column {e.colno}: {e.msg})") from None
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise SaveFileError(path, "corrupted", f"the file is corrupted ({e})") from None


def _check_format(payload: Any, path: Path) -> None:
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise SaveFileError(path, "not_a_save", "this is not a Paper Tales save file")
    version = payload.get("version")
    if type(version) is not int or version < 1:
        raise SaveFileError(path, "invalid", f"unknown save format version {version!r}")
    if version > FORMAT_VERSION:
        raise SaveFileError(path, "future_version",
                            f"this save was written by a newer papertales (save format version {version}, "
                            f"this version reads up to {FORMAT_VERSION}); please upgrade papertales")


def _invariant_problem(payload: dict) -> str | None:
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
    for k, d in enumerate(s["decisions"]):
        if type(d.get("player")) is not int or not 0 <= d["player"] < n or not isinstance(d.get("kind"), str):
            return f"decision {k + 1} is malformed"
    places: list[int] = [*s["deck"], *s["discard"]]
    for p in s["players"]:
        places += [*p["hand"], *p["draft"], *([p["kept"]] if p["kept"] is not None else [])]
        places += [u["card"] for u in p["slots"] if u is not None]
    if isinstance(s.get("solo"), dict) and isinstance(s["solo"].get("underworld"), list):
        places += s["solo"]["underworld"]
    count = Counter(places)
    if any(type(c) is not int or not 0 <= c < len(s["cards"]) for c in count):
        return "a card id is out of range"
    twice = sorted(c for c, v in count.items() if v > 1)
    if twice:
        return f"card {twice[0]} is in two places at once"
    if not s["over"] and s["turn"] > s["turns"]:
        return "the turn is past the end of the game"
    return None


def _build_game(state: dict, catalog: Catalog, path: Path) -> Game:
    unknown = sorted(set(state["cards"]) - set(catalog.units)) + sorted(
        {b for p in state["players"] for b in p["buildings"]} - set(catalog.buildings))
    solo = state.get("solo")
    if isinstance(solo, dict):
        unknown += sorted({k for k in solo.get("necropolis", []) if k not in catalog.necropolis}
                          | {k for k in solo.get("lich_cards", []) if k not in catalog.lich_king})
    if unknown:
        raise SaveFileError(path, "unknown_cards", f"this game uses cards that are not loaded: {', '.join(unknown)} "
                                                   f"(add their card files with --cards DIR)")
    try:
        game = load_game(json.dumps(state), catalog)
        game.pending()  # the position must be playable
    except Exception as exc:  # any failure here means a state the engine cannot use
        raise SaveFileError(path, "invalid", f"the saved game is not valid ({type(exc).__name__}: {exc})") from None
    return game
