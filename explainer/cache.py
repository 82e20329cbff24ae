"""A small on-disk cache for results that take long to compute and depend only on files.

Entries live in the user's cache folder (``$XDG_CACHE_HOME/explainer/``, else
``~/.cache/explainer/``), never in the project, each under the digest of every input it
was computed from, so a changed input simply misses. Writes are atomic (a temporary file
renamed into place); an entry that cannot be read or parsed is ignored and computed
again; a cache folder that cannot be written only costs the time. Each folder keeps its
:data:`KEEP` newest entries.

:class:`ByIdentity` is the in-memory counterpart for one run: values computed from an
object that is read once and then handed around (a catalog, a glossary's terms), kept by
that object's identity.

>>> digest(b"a", "b") == digest(b"a", "b") != digest(b"ab")
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Final, Generic, TypeVar

__all__ = [
    "KEEP",
    "ByIdentity",
    "by_identity",
    "cache_dir",
    "digest",
    "read_bytes_entry",
    "read_entry",
    "write_bytes_entry",
    "write_entry",
]

V = TypeVar("V")

KEEP: Final = 16
"""How many entries each cache folder keeps (the newest ones)."""


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/explainer``, else ``~/.cache/explainer`` (not created here)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "explainer"


def digest(*parts: bytes | str) -> str:
    """The hex SHA-256 of ``parts``, each length-prefixed so that no two lists collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def _entry(folder: str, key: str, suffix: str = ".json") -> Path:
    return cache_dir() / folder / f"{key}{suffix}"


def read_entry(folder: str, key: str) -> object | None:
    """The JSON value stored under ``key`` in ``folder``, or ``None`` (absent, unreadable
    or corrupt: the caller computes it again)."""
    try:
        value: object = json.loads(_entry(folder, key).read_text(encoding="utf-8"))
        return value
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def write_entry(folder: str, key: str, value: object, *, keep: int = KEEP) -> None:
    """Store ``value`` (JSON) under ``key``, atomically; failures are silent. The folder
    keeps its ``keep`` newest entries (a folder with one entry per scenario, like the
    laws', needs more than :data:`KEEP`, or its entries would evict each other)."""
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    write_bytes_entry(folder, key, data, keep=keep, suffix=".json")


def read_bytes_entry(folder: str, key: str, suffix: str = ".bin") -> bytes | None:
    """The bytes stored under ``key`` in ``folder``, or ``None`` (absent or unreadable)."""
    try:
        return _entry(folder, key, suffix).read_bytes()
    except OSError:
        return None


def write_bytes_entry(
    folder: str, key: str, data: bytes, *, keep: int = KEEP, suffix: str = ".bin"
) -> None:
    """Store ``data`` under ``key``, atomically (a temporary file renamed into place);
    failures are silent. The folder keeps its ``keep`` newest entries."""
    path = _entry(folder, key, suffix)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=suffix)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _prune(path.parent, keep, suffix)
    except OSError:
        return


def _prune(folder: Path, keep: int, suffix: str) -> None:
    """Remove all but the ``keep`` newest entries of ``folder``."""
    entries = []
    for p in folder.glob(f"*{suffix}"):
        with contextlib.suppress(OSError):
            entries.append((p.stat().st_mtime_ns, p))
    for _, p in sorted(entries, reverse=True)[keep:]:
        with contextlib.suppress(OSError):
            p.unlink()


class ByIdentity(Generic[V]):
    """Values computed from objects, kept by each object's identity and a ``key``.

    Hashing the object itself would cost what the memo saves (a catalog, a tuple of a
    hundred terms), and an identity alone could be reused by a new object once the old one
    is gone: each entry holds its object, so the identity stays taken, and is compared with
    ``is``. A ``stamp`` (say, the bytes of a file the value also depends on) must be equal
    too. At most ``limit`` entries are kept: a run uses a handful.

    >>> memo: ByIdentity[int] = ByIdentity()
    >>> terms = ("a", "bb")
    >>> memo.get(terms, "len", b"", lambda: len(terms)), memo.get(terms, "len", b"", lambda: 0)
    (2, 2)
    """

    def __init__(self, limit: int = KEEP) -> None:
        self._limit = limit
        self._kept: dict[tuple[int, Hashable], tuple[object, Hashable, V]] = {}

    def get(self, held: object, key: Hashable, stamp: Hashable, compute: Callable[[], V]) -> V:
        """The value kept for ``held`` and ``key`` with this ``stamp``, else ``compute()``."""
        known = self._kept.get((id(held), key))
        if known is not None and known[0] is held and known[1] == stamp:
            return known[2]
        if len(self._kept) >= self._limit:
            self._kept.clear()
        value = compute()
        self._kept[(id(held), key)] = (held, stamp, value)
        return value

    def keys(self) -> list[Hashable]:
        """The ``key`` of each value kept, oldest first (what a run has computed)."""
        return [key for _, key in self._kept]

    def clear(self) -> None:
        """Forget every value (a test that counts computations starts from none)."""
        self._kept.clear()


H = TypeVar("H")


def by_identity(table: dict[int, tuple[H, V]], held: H, make: Callable[[H], V]) -> V:
    """``make(held)``, kept in ``table`` by ``held``'s identity for as long as the table
    lives: ``held`` is kept with its value, so its identity is never another object's
    (:class:`ByIdentity` without its limit or stamp, for a table of one value per
    object of a run, such as a view or the notes of each example)."""
    known = table.get(id(held))
    if known is None or known[0] is not held:
        known = table[id(held)] = (held, make(held))
    return known[1]
