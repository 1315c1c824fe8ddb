"""Save files: the format (`format`), its migrations (`migrations`), atomic writing and the data directory's lock
(`atomic`), the files on disk (`store`: autosave, save as, loading with every check) and replays
(`verify`: the replay every loaded save goes through). See docs/saves.md."""

from ..dirs import AUTOSAVE, BACKUP, DATA_DIR_ENV, autosave_path, backup_path, data_dir
from .atomic import LOCK, DataDirLock, write_atomic
from .format import (
    FORMAT,
    Save,
    SaveFileError,
    Settings,
    _checksum,
    catalog_identity,
    encode_save,
    read_save,
)
from .migrations import FORMAT_VERSION, MIGRATIONS, migrate
from .store import autosave, clean_temp_files, latest_good_autosave, load_autosave, load_save, read_save_file, save_as
from .verify import ADDED_EVENT_FIELDS, ReplayError, ReplayStep, iter_replay, replay_game, state_differences, verify

__all__ = [
    "ADDED_EVENT_FIELDS",
    "AUTOSAVE", "BACKUP", "DATA_DIR_ENV", "FORMAT", "FORMAT_VERSION", "LOCK", "MIGRATIONS",
    "DataDirLock", "ReplayError", "ReplayStep", "Save", "SaveFileError", "Settings",
    "_checksum", "autosave", "clean_temp_files", "autosave_path", "backup_path", "catalog_identity", "data_dir",
    "encode_save", "iter_replay", "latest_good_autosave", "load_autosave", "load_save", "migrate",
    "read_save", "read_save_file", "replay_game", "save_as", "state_differences", "verify", "write_atomic",
]
