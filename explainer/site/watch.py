"""What ``serve``'s watcher sees of a project's inputs, and how it learns that they changed.

:func:`snapshot` lists every watched file with its modification time (``scenarios/``,
``templates/``, ``locales/`` and the settings file); ``serve`` compares two listings to
tell its memo which files changed (:func:`changes`). Taking one listing ``stat``-s every
file: in a site of ten thousand examples about a tenth of a second, which a poll every
tenth of a second adds to every save's wait.

On Linux a :class:`Watcher` is told by the kernel instead (inotify, through ``ctypes``:
no dependency). It keeps the last listing and, when the kernel reports events in a
watched folder, looks again only at the files named: a file written and closed, its
times or mode changed, created as a link, renamed or removed. Whatever it cannot follow
file by file makes it take the whole listing again (and watch every folder anew): a
folder created, removed or renamed, a watched folder or the project's own changed, the
kernel's queue overflowing, a symbolic link among the inputs (its target may change
where nothing is watched: the watcher then polls, as elsewhere). Its listing is
therefore the one :func:`snapshot` would take. Where inotify is missing (another
system, no ``libc``, no watches left) it polls.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import stat
import struct
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final

from explainer.scenarios.files import INPUTS

__all__ = ["POLL_SECONDS", "SETTINGS", "WATCHED", "Watcher", "changes", "snapshot"]

SETTINGS: Final = "pyproject.toml"
WATCHED: Final = tuple(name for name in INPUTS if name != SETTINGS)
"""The folders watched (every input of a project, :data:`~explainer.scenarios.files.INPUTS`,
with the settings file)."""
POLL_SECONDS: Final = 0.1
"""How often a polling watcher lists the inputs (and how long an inotify one waits
before it looks whether it should stop)."""

_CLOSE_WRITE: Final = 0x008
_ATTRIB: Final = 0x004
_MOVED_FROM: Final = 0x040
_MOVED_TO: Final = 0x080
_CREATE: Final = 0x100
_DELETE: Final = 0x200
_DELETE_SELF: Final = 0x400
_MOVE_SELF: Final = 0x800
_OVERFLOW: Final = 0x4000
_IGNORED: Final = 0x8000
_ISDIR: Final = 0x40000000
_ONLYDIR: Final = 0x1000000
_DONT_FOLLOW: Final = 0x2000000
_MASK: Final = (
    _CLOSE_WRITE | _ATTRIB | _MOVED_FROM | _MOVED_TO | _CREATE | _DELETE | _DELETE_SELF
) | (_MOVE_SELF | _ONLYDIR | _DONT_FOLLOW)
_AGAIN: Final = _DELETE_SELF | _MOVE_SELF | _OVERFLOW | _IGNORED
"""Events after which the whole listing is taken again."""
_EVENT: Final = struct.Struct("iIII")
_NONBLOCK_CLOEXEC: Final = os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def snapshot(root: Path) -> dict[str, float]:
    """``path -> mtime`` of every file under the watched folders, and of the settings;
    a symbolic link to a folder (or to nothing) by its own time: it is not followed,
    but its coming and going is a change (it may lead out of the project)."""
    return _Listing(root).seen


def changes(seen: dict[str, float], now: dict[str, float]) -> list[str]:
    """The files added, removed or modified between two listings (:func:`snapshot`), sorted."""
    return sorted(set(now) ^ set(seen) | {p for p in now if seen.get(p) != now[p]})


class _Listing:
    """One :func:`snapshot`, and whether any entry was a link (symbolic, or a file with
    other names: the kernel reports a change by the name it was made through); ``watch`` is
    called with each folder (the project's first) before it is listed, so nothing that
    changes in it afterwards goes unreported."""

    def __init__(self, root: Path, watch: Callable[[str], None] = lambda folder: None) -> None:
        self.seen: dict[str, float] = {}
        self.links = False
        self._watch = watch
        watch(str(root))
        with contextlib.suppress(OSError):
            self.seen[str(root / SETTINGS)] = (root / SETTINGS).stat().st_mtime
        for name in WATCHED:
            self._scan(str(root / name))

    def _scan(self, folder: str) -> None:
        """Add the files under ``folder``: one ``scandir`` per folder."""
        try:
            self._watch(folder)
            entries = list(os.scandir(folder))
        except (FileNotFoundError, NotADirectoryError):  # missing, or removed meanwhile
            return
        except OSError:
            if not os.path.isdir(folder):
                return
            raise  # unreadable, or no watch left: the watcher polls
        for entry in entries:
            try:
                if entry.is_symlink():
                    self.links = True
                if entry.is_dir(follow_symlinks=False):
                    self._scan(entry.path)
                elif entry.is_file():
                    st = entry.stat()
                    self.seen[entry.path] = st.st_mtime
                    self.links = self.links or st.st_nlink > 1
                elif entry.is_symlink():
                    self.seen[entry.path] = entry.stat(follow_symlinks=False).st_mtime
            except OSError:
                continue


class _Inotify:
    """The kernel's inotify interface, through ``ctypes``."""

    def __init__(self) -> None:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        self._add = libc.inotify_add_watch
        self._add.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32)
        self._add.restype = ctypes.c_int
        fd = libc.inotify_init1(_NONBLOCK_CLOEXEC)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.fd: int = fd

    def watch(self, folder: str) -> int:
        wd: int = self._add(self.fd, os.fsencode(folder), _MASK)
        if wd < 0:
            raise OSError(ctypes.get_errno(), f"inotify_add_watch {folder}")
        return wd

    def events(self) -> Iterator[tuple[int, int, str]]:
        """``(watch, mask, name)`` of the events queued, without waiting."""
        try:
            data = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return
        at = 0
        while at + _EVENT.size <= len(data):
            wd, mask, _cookie, size = _EVENT.unpack_from(data, at)
            at += _EVENT.size
            name = os.fsdecode(data[at : at + size].rstrip(b"\0"))
            at += size
            yield wd, mask, name

    def close(self) -> None:
        os.close(self.fd)


class Watcher:
    """The project's inputs as :func:`snapshot` lists them, kept up to date by the
    kernel's events where it can be (module docstring), else by polling.

    :meth:`wait` returns when something may have changed (or after
    :data:`POLL_SECONDS`), :meth:`listing` the listing now."""

    def __init__(self, root: Path, *, use_events: bool = True) -> None:
        self.root = Path(root)
        self._events = use_events and sys.platform.startswith("linux")
        self._kernel: _Inotify | None = None
        self._folders: dict[int, str] = {}
        self._seen: dict[str, float] = {}
        self._stale = True
        """Whether the next :meth:`listing` is taken whole."""
        self._names: set[str] = set()
        """The files the events named since the last :meth:`listing`."""

    @property
    def polling(self) -> bool:
        """Whether this watcher polls (no inotify, or a link among the inputs)."""
        return self._kernel is None

    def listing(self) -> dict[str, float]:
        """``path -> mtime`` of every watched file now (:func:`snapshot`'s listing)."""
        if self._stale or self._kernel is None or not self._looked():
            self._again()
        self._names = set()
        return dict(self._seen)

    def _looked(self) -> bool:
        """Look again at the files the events named; ``False`` if one turned out to be a
        link (the whole listing is then taken again)."""
        for path in self._names:
            try:
                st = os.stat(path, follow_symlinks=False)
            except OSError:
                self._seen.pop(path, None)
                continue
            if stat.S_ISLNK(st.st_mode) or st.st_nlink > 1:
                return False
            if stat.S_ISREG(st.st_mode):
                self._seen[path] = st.st_mtime
            else:
                self._seen.pop(path, None)
        return True

    def _again(self) -> None:
        """Take the whole listing, watching every folder it goes through."""
        self._close()
        self._stale = False
        kernel = self._open() if self._events else None
        if kernel is None:
            self._seen = _Listing(self.root).seen
            return
        folders: dict[int, str] = {}
        try:
            listing = _Listing(self.root, lambda folder: _add(folders, kernel, folder))
        except OSError:  # no watches left (fs.inotify.max_user_watches), a folder unreadable
            kernel.close()
            self._seen = _Listing(self.root).seen
            return
        self._seen = listing.seen
        if listing.links:  # a link's target may change where nothing is watched: poll
            kernel.close()
            return
        self._kernel, self._folders = kernel, folders

    def _open(self) -> _Inotify | None:
        try:
            return _Inotify()
        except (OSError, AttributeError):  # no inotify here: poll
            self._events = False
            return None

    def wait(self, timeout: float = POLL_SECONDS) -> bool:
        """Wait until an event may have changed the listing (``True``), or ``timeout``
        seconds (``False``); a polling watcher sleeps ``timeout`` and says ``True``."""
        kernel = self._kernel
        if kernel is None:
            time.sleep(timeout)
            return True
        waiting = select.poll()  # not select(): no limit on the descriptor's number
        waiting.register(kernel.fd, select.POLLIN)
        if not waiting.poll(timeout * 1000):
            return False
        for wd, mask, name in kernel.events():
            self._note(wd, mask, name)
        return True

    def _note(self, wd: int, mask: int, name: str) -> None:
        folder = self._folders.get(wd)
        if mask & _AGAIN or folder is None:
            self._stale = True
        elif folder == str(self.root):  # the project's own folder: the inputs only
            if name in WATCHED:
                self._stale = True
            elif name == SETTINGS:
                self._names.add(str(self.root / SETTINGS))
        elif mask & _ISDIR:
            self._stale = True
        elif mask & _CREATE and not _linked(os.path.join(folder, name)):
            pass  # a new file: listed once it is written and closed
        else:
            self._names.add(os.path.join(folder, name))

    def _close(self) -> None:
        if self._kernel is not None:
            self._kernel.close()
        self._kernel, self._folders = None, {}

    def close(self) -> None:
        """Stop watching (the watcher polls if used again)."""
        self._close()
        self._events = False


def _add(folders: dict[int, str], kernel: _Inotify, folder: str) -> None:
    folders[kernel.watch(folder)] = folder


def _linked(path: str) -> bool:
    """Whether a file just created is already whole: a symbolic link, or a hard link to
    a file that exists (a plain new file is reported again when it is closed)."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return True  # gone again: look
    return not stat.S_ISREG(st.st_mode) or st.st_nlink > 1
