"""Save files: versioned, checksummed JSON; atomic autosaves; loading that refuses damaged files; replays.

A save file is one JSON object (see docs/saves.md): format, version, app_version, saved_at, players,
seed, catalog identity, settings, the decision list, the game state (`Game.to_json()`) and a SHA-256
checksum of all the rest. Loading checks, in order: JSON syntax (truncated / corrupted), format and
version (not a save / future version), checksum (tampered), structure with Pydantic and the game's
invariants (invalid), then the cards (unknown cards). Nothing here ever writes over a damaged file.
No pickle, no eval: only `json`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

from . import __version__
from .dirs import AUTOSAVE, BACKUP, DATA_DIR_ENV, autosave_path, backup_path, data_dir  # noqa: F401
from .rules.cards import Catalog
from .rules.engine import Game
from .rules.errors import IllegalDecision
from .rules.games import load_game
from .rules.state import PHASE_NAMES

FORMAT = "papertales-save"
FORMAT_VERSION = 2  # 2: events have a phase, and card keys as causes (rules/events.py)


class SaveFileError(Exception):
    """A save file that cannot be used. `kind` is one of: missing, unreadable, truncated, corrupted,
    not_a_save, future_version, tampered, invalid, unknown_cards, exists. `str()` is the message."""

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
    version: int
    saved_at: datetime
    players: list[str]
    seed: int
    decisions: list[dict]
    settings: dict[str, Any]
    stored_state: dict  # the state exactly as stored, for replay checks
    catalog_changed: bool  # the card data differs from the catalog the game was saved with
    app_version: str = ""
    notes: list[str] = field(default_factory=list)


# ---- file schema -------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Count = Annotated[int, Field(ge=0)]
CardId = Annotated[int, Field(ge=0)]


class _Unit(_Model):
    card: CardId
    age: Count


class _Open(_Model):
    model_config = ConfigDict(extra="allow", strict=True)  # the engine may add fields; it checks them


class _Player(_Open):
    name: Annotated[str, Field(min_length=1)]
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
    phase: Literal[(*PHASE_NAMES, "end")]
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
    version: Literal[1, 2]
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


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable (POSIX); not possible, nor needed, on Windows."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, tmp: Path | None = None) -> None:
    """Write `data` to `path` so that `path` holds either the old or the new bytes, never a mix:
    temporary file in the same directory, flush, fsync, rename, fsync of the directory."""
    path = Path(path)
    tmp = tmp or path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        _write_synced(tmp, data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def save_as(game: Game, path: Path | str, settings: dict[str, Any] | None = None, *,
            overwrite: bool = False) -> Path:
    """Save the game to `path` (manual "save as"). An existing file is replaced only with
    `overwrite=True` and only if it is itself a good save file; anything else raises SaveFileError."""
    path = Path(path)
    if path.exists():
        if not overwrite:
            raise SaveFileError(path, "exists", "the file already exists")
        try:
            load_save(path, game.catalog)
        except SaveFileError as err:
            raise SaveFileError(path, "exists", f"will not replace this file, it is not a good save file "
                                                f"({err.message})") from None
    write_atomic(path, encode_save(game, settings))
    return path


def autosave(game: Game, settings: dict[str, Any] | None = None, directory: Path | str | None = None) -> Path:
    """Write the autosave (call after every confirmed decision). The previous autosave, if good,
    becomes autosave.prev.json; a damaged autosave or backup is first moved aside
    (autosave.damaged-<time>.json), never overwritten. Returns the autosave's path."""
    d = data_dir(directory)
    d.mkdir(parents=True, exist_ok=True)
    current, backup = d / AUTOSAVE, d / BACKUP
    tmp = d / f".{AUTOSAVE}.tmp"
    try:
        _write_synced(tmp, encode_save(game, settings))
    except BaseException:  # e.g. a full disk: the autosave on disk stays as it was
        tmp.unlink(missing_ok=True)
        raise
    old = _read_if_exists(current)
    if old is not None:
        if _is_good(old, current, game.catalog):
            _move_aside_if_damaged(backup, game.catalog)
            backup_tmp = d / f".{BACKUP}.tmp"
            _write_synced(backup_tmp, old)
            os.replace(backup_tmp, backup)  # made durable with the rename below
        else:
            _move_aside(current)
    os.replace(tmp, current)
    _fsync_dir(d)
    return current


def _read_if_exists(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _is_good(data: bytes, path: Path, catalog: Catalog) -> bool:
    try:
        _decode(data, path, catalog)
        return True
    except SaveFileError as err:
        return err.kind == "unknown_cards"  # a good file of a game with other cards: keep it as usual


def _move_aside_if_damaged(path: Path, catalog: Catalog) -> None:
    data = _read_if_exists(path)
    if data is not None and not _is_good(data, path, catalog):
        _move_aside(path)


def _move_aside(path: Path) -> Path:
    """Rename a damaged file to <stem>.damaged-<UTC time>[-n].json next to it, keeping its bytes."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.damaged-{stamp}{f'-{n}' if n > 1 else ''}.json")
        if not target.exists():
            break
        n += 1
    os.rename(path, target)
    _fsync_dir(path.parent)
    return target


# ---- reading -----------------------------------------------------------------------------------


def load_save(path: Path | str, catalog: Catalog | None = None) -> Save:
    """Load and check a save file; raise SaveFileError with a clear message if it cannot be used.
    The file is only read."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(path, "missing", "no such file") from None
    except IsADirectoryError:
        raise SaveFileError(path, "unreadable", "this is a directory, not a save file") from None
    except OSError as e:
        raise SaveFileError(path, "unreadable", f"cannot read the file: {e.strerror or e}") from None
    save = _decode(data, path, catalog)
    save.path = path
    return save


def load_autosave(directory: Path | str | None = None, catalog: Catalog | None = None) -> Save:
    """The last autosave (raises SaveFileError: kind "missing" when there is none)."""
    path = autosave_path(directory)
    if not path.exists():
        raise SaveFileError(path, "missing", "there is no autosaved game")
    return load_save(path, catalog)


def latest_good_autosave(directory: Path | str | None = None, catalog: Catalog | None = None) -> Save | None:
    """The newest autosave that loads: autosave.json, else the previous one (autosave.prev.json)."""
    for path in (autosave_path(directory), backup_path(directory)):
        try:
            return load_save(path, catalog)
        except SaveFileError:
            continue
    return None


def _decode(data: bytes, path: Path, catalog: Catalog | None) -> Save:
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
        from .rules.card_files import default_catalog

        catalog = default_catalog()
    _migrate(payload, catalog, path)
    game = _build_game(payload["state"], catalog, path)
    return Save(
        game=game, path=path, version=model.version, saved_at=model.saved_at,
        players=[s.name for s in model.players], seed=model.seed, decisions=payload["decisions"],
        settings=payload["settings"], stored_state=payload["state"],
        catalog_changed=payload["catalog"]["sha256"] != catalog_identity(catalog)["sha256"],
        app_version=model.app_version,
    )


def _migrate(payload: dict, catalog: Catalog, path: Path) -> None:
    """Bring a checked save written in an older format up to today's, one version at a time."""
    if payload["version"] < 2:  # 1 -> 2: the event log gets phases and card keys
        from .rules.events import upgrade_log

        try:
            payload["state"]["log"] = upgrade_log(payload["state"]["log"], catalog)
        except (KeyError, TypeError) as err:
            raise SaveFileError(path, "invalid", f"the saved game's event log is not valid ({err})") from None


def _parse_json(data: bytes, path: Path) -> Any:
    if not data.strip():
        raise SaveFileError(path, "truncated", "the file is empty (it was cut off)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveFileError(path, "corrupted", f"the file is corrupted (not UTF-8 text at byte {e.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()):
            raise SaveFileError(path, "truncated", "the file ends too early (it was cut off)") from None
        raise SaveFileError(path, "corrupted", f"the file is corrupted (bad JSON at line {e.lineno}, "
                                               f"column {e.colno}: {e.msg})") from None


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


# ---- replays -----------------------------------------------------------------------------------


class ReplayError(Exception):
    """A replay that does not reproduce the stored game: a refused decision or a different state."""


@dataclass
class ReplayStep:
    index: int  # 1-based number of the decision; 0 for the setup before any decision
    decision: dict | None
    events: list[dict]  # events this decision caused (for the setup: the opening events)
    game: Game


def iter_replay(save: Save) -> Iterator[ReplayStep]:
    """Re-play the game from its seed: the setup, then each decision with the events it caused.
    Raises ReplayError if a decision is refused."""
    game = _new_game(save)
    yield ReplayStep(0, None, list(game.state.log), game)
    for k, d in enumerate(save.decisions, start=1):
        before = len(game.state.log)
        decision = {key: v for key, v in d.items() if key != "player"}
        try:
            game.apply(d["player"], decision)
        except IllegalDecision as err:
            raise ReplayError(f"decision {k} ({d.get('kind')} by {_name(save, d['player'])}) "
                              f"was refused: {err}") from None
        yield ReplayStep(k, d, game.state.log[before:], game)


def _new_game(save: Save) -> Game:
    """The game at its start, set up as the saved one was."""
    mode, catalog = save.stored_state.get("mode", "standard"), save.game.catalog
    if mode == "standard":
        return Game.new(save.players, seed=save.seed, catalog=catalog)
    if mode == "solo":
        from .rules.solo import SoloGame

        return SoloGame.new(save.players, seed=save.seed, catalog=catalog,
                            lich_cards=list(save.stored_state["solo"]["lich_cards"]))
    raise ReplayError(f"cannot replay a game of mode {mode!r}")


def replay_game(save: Save) -> Game:
    """Re-play the game from its seed and decisions; raise ReplayError unless the result equals the
    stored state."""
    game = None
    for step in iter_replay(save):
        game = step.game
    diffs = state_differences(json.loads(game.to_json()), save.stored_state)
    if diffs:
        raise ReplayError("the stored game differs from what the rules produce: " + "; ".join(diffs))
    return game


# Event fields added since saves were first written: an older save's events lack them, and its replay
# is compared without them.
ADDED_EVENT_FIELDS = {"war_strength": ("units", "buildings")}


def state_differences(replayed: dict, stored: dict, limit: int = 5) -> list[str]:
    """Where two states differ, as readable paths (at most `limit`); event fields added since the save
    was written do not count."""
    log, stored_log = replayed.get("log", []), stored.get("log", [])
    replayed = dict(replayed, log=[_as_stored(e, stored_log[k]) if k < len(stored_log) else e
                                   for k, e in enumerate(log)])
    out: list[str] = []
    _diff(replayed, stored, "state", out, limit)
    return out


def _as_stored(replayed: dict, stored: dict) -> dict:
    """A replayed event without the fields added since the stored one was written."""
    added = [k for k in ADDED_EVENT_FIELDS.get(replayed.get("type"), ()) if k in replayed and k not in stored]
    return {k: v for k, v in replayed.items() if k not in added} if added else replayed


def _diff(a: Any, b: Any, where: str, out: list[str], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                out.append(f"{where}.{k} is {'missing' if k not in b else 'extra'} in the save")
            else:
                _diff(a[k], b[k], f"{where}.{k}", out, limit)
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{where}[{i}]", out, limit)
        if len(a) != len(b) and len(out) < limit:
            out.append(f"{where} has {len(b)} entries in the save, {len(a)} in the replay")
    elif a != b or type(a) is not type(b):
        out.append(f"{where} is {_short(b)} in the save, {_short(a)} in the replay")


def _short(v: Any) -> str:
    text = json.dumps(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _name(save: Save, player: Any) -> str:
    return save.players[player] if isinstance(player, int) and 0 <= player < len(save.players) else f"player {player}"


# ---- `papertales --resume` ---------------------------------------------------------------------

LAST_AUTOSAVE = "last"


def resume_from_cli(which: str, catalog: Catalog, ask=input, interactive: bool | None = None) -> Save | None:
    """The save `papertales --resume [FILE]` starts from, or None after printing why there is none.
    When the last autosave is damaged, offers the previous good one (asks on a terminal)."""
    if interactive is None:
        interactive = sys.stdin.isatty()
    try:
        if which != LAST_AUTOSAVE:
            return load_save(which, catalog)
        return load_autosave(catalog=catalog)
    except SaveFileError as err:
        print(f"papertales: cannot resume: {err}", file=sys.stderr)
        if which != LAST_AUTOSAVE or err.kind == "missing":
            return None
    fallback = latest_good_autosave(catalog=catalog)
    if fallback is None:
        print("papertales: there is no earlier good autosave either.", file=sys.stderr)
        return None
    where = f"{fallback.path} (turn {fallback.game.state.turn}, saved {fallback.saved_at:%Y-%m-%d %H:%M} UTC)"
    print(f"papertales: the damaged file is left as it is. The previous good autosave is {where}.", file=sys.stderr)
    if not interactive:
        print(f"papertales: to resume it, run: papertales --resume {fallback.path}", file=sys.stderr)
        return None
    answer = ask("Resume the previous autosave? [y/N] ").strip().lower()
    return fallback if answer in ("y", "yes") else None
