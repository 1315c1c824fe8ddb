"""A hosted table's journal: every accepted decision saved, durable, in one write and one `fdatasync`.

Rewriting the save file atomically (a new temporary file, fsync, rename, fsync of the folder) costs
two commits of the file system's journal: 8-12 ms on a loaded disk, most of a decision's round trip
(benchmarks/bench_host.py). So the server saves each change here first, and tells the seats once it
is on disk: `<save>.journal` holds two slots, written in turn in place (the file is filled with zeros
once, so a write changes no metadata and `fdatasync` flushes the data alone); each slot holds a whole
save file's bytes behind a header (a counter, the length, their SHA-256). A write cut short spoils one
slot: the other still holds the save before. The save file itself is rewritten from the same bytes
afterwards, in the background (hosting/server.py), so that the app and `--resume` open it as ever.

`newest(save)` gives the bytes of the newest whole slot (None: no journal, or nothing whole in it);
`HostedTable.load` prefers them to the save file: they are never older than it (the save file is
only ever written with bytes the journal held first, and the journal is removed once the save file
holds the newest state: `TableServer.save`, `HostedTable.save`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
from pathlib import Path

from ..persistence.atomic import fsync_dir

MAGIC = b"PTJ1"
HEADER = struct.Struct(">4sQQ32s")  # magic, counter, length, SHA-256 of the bytes
MIN_SLOT = 64 * 1024
MAX_SLOT = 64 * 1024 * 1024  # far above any save file (persistence.format.MAX_BYTES)


def journal_path(save: Path | str) -> Path:
    save = Path(save)
    return save.with_name(save.name + ".journal")



def _slots(raw: bytes) -> list[tuple[int, bytes]]:
    """(counter, bytes) of each whole slot of a journal file's contents."""
    out = []
    half = len(raw) // 2
    for start in (0, half) if half >= HEADER.size else ():
        magic, counter, length, digest = HEADER.unpack_from(raw, start)
        data = raw[start + HEADER.size:start + HEADER.size + length]
        if magic == MAGIC and start + HEADER.size + length <= start + half and len(data) == length \
                and hashlib.sha256(data).digest() == digest:
            out.append((counter, data))
    return out


def newest(save: Path | str) -> bytes | None:
    """The bytes of the newest whole slot of `save`'s journal; None when there is none."""
    path = journal_path(save)
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > 2 * (MAX_SLOT + HEADER.size):
                return None
            raw = f.read()
    except OSError:
        return None
    slots = _slots(raw)
    return max(slots)[1] if slots else None


class Journal:
    """The journal of one save file, written by one thread at a time (`write`, `remove`)."""

    def __init__(self, save: Path | str):
        self.path = journal_path(save)
        self.fd: int | None = None
        self.slot = 0  # the size of a slot (the file holds two)
        self.counter = 0
        self.next = 0  # the slot written next

    def write(self, data: bytes) -> None:
        """`data` durable in the older slot (raises OSError; the other slot is left whole)."""
        if len(data) > MAX_SLOT - HEADER.size:
            raise ValueError(f"a save of {len(data)} bytes is too large for the journal")
        if self.fd is None or HEADER.size + len(data) > self.slot:
            self._make(data)
            return
        self.counter += 1
        record = HEADER.pack(MAGIC, self.counter, len(data), hashlib.sha256(data).digest()) + data
        os.pwrite(self.fd, record, self.next * self.slot)
        os.fdatasync(self.fd)
        self.next = 1 - self.next

    def _make(self, data: bytes) -> None:
        """A new journal file, large enough (its first slot holding `data`), put in place atomically:
        at every moment the journal on disk holds the newest save or the one before."""
        size = max(MIN_SLOT, 1 << (2 * (HEADER.size + len(data)) - 1).bit_length())
        self.counter += 1
        record = HEADER.pack(MAGIC, self.counter, len(data), hashlib.sha256(data).digest()) + data
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, record + bytes(2 * size - len(record)))
            os.fsync(fd)
            os.replace(tmp, self.path)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        fsync_dir(self.path.parent)
        self.close()
        self.fd, self.slot, self.next = fd, size, 1

    def catch_up(self, data: bytes) -> None:
        """Before the save file is written straight (`data`): a journal there holds `data` too, or is
        gone, so that it never holds an older save than the file (at any moment of a crash)."""
        if self.fd is None and not self.path.exists() and not self.path.is_symlink():
            return
        try:
            self.write(data)
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                self.remove()

    def remove(self) -> None:
        """The journal gone (the save file holds the newest state)."""
        self.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            return
        fsync_dir(self.path.parent)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
