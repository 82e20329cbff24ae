"""Clean exits on Ctrl-C and ``kill``: one line, exit 130 or 143, never a traceback.

Python turns SIGINT into :class:`KeyboardInterrupt` and by default dies of SIGTERM at
once, without running a single ``finally``. :func:`run_interruptible` runs a command
with both signals raising an exception at the point the program has reached, so every
cleanup runs (the build removes its temporary folder, ``--fill`` its temporary file),
then prints one line and returns the shell's code for the signal: 128 + 2 = 130 for
SIGINT, 128 + 15 = 143 for SIGTERM. Once a signal has arrived, further ones are ignored
until the command has cleaned up, so pressing Ctrl-C twice cannot cut a cleanup short.

Files are never left half-written because the commands write all-or-nothing: the build
swaps a whole folder in, and the check's ``--fill`` and ``--report`` write through
:func:`write_whole` (a temporary file beside the target, renamed over it). This module
makes sure the cleanups run and the exit is quiet.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, Final, TextIO

__all__ = [
    "EXIT_SIGINT",
    "EXIT_SIGPIPE",
    "EXIT_SIGTERM",
    "Terminated",
    "run_interruptible",
    "write_whole",
]

EXIT_SIGINT: Final = 128 + signal.SIGINT
"""The exit code after Ctrl-C (130), as a shell reports a command killed by SIGINT."""
EXIT_SIGTERM: Final = 128 + signal.SIGTERM
"""The exit code after ``kill`` (143), as a shell reports a command killed by SIGTERM."""
EXIT_SIGPIPE: Final = 141
"""The exit code when the reader of our output closed the pipe (128 + SIGPIPE)."""


class Terminated(BaseException):
    """SIGTERM arrived. A :class:`BaseException`, like :class:`KeyboardInterrupt`, so that
    the commands' ``except Exception`` (which turns faults into one-line diagnostics) lets
    it through while their ``finally`` blocks still run."""


def _ignore(signum: int, frame: FrameType | None) -> None:
    """A repeated signal while the first one's cleanups run: ignored."""


def _on_signal(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGINT, _ignore)
    signal.signal(signal.SIGTERM, _ignore)
    if signum == signal.SIGTERM:
        raise Terminated
    raise KeyboardInterrupt


@contextmanager
def _handlers(*, keep: bool = False) -> Iterator[None]:
    """Install :func:`_on_signal` for SIGINT and SIGTERM (main thread only: Python runs
    handlers there), and put the previous handlers back afterwards (with ``keep``,
    ignore both signals from then on instead)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[signal.Signals, Any] = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) is not signal.SIG_IGN:  # nohup: keep ignoring
            previous[sig] = signal.signal(sig, _on_signal)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, _ignore if keep else handler)


def run_interruptible(
    command: Callable[[], int],
    *,
    name: str,
    err: TextIO | None = None,
    to_the_end: bool = False,
) -> int:
    """Run ``command`` and return its exit code; on SIGINT or SIGTERM print one line
    ``NAME: stopped by SIGINT; no file was left half-written`` to ``err`` (default
    stderr) and return 130 or 143.

    ``to_the_end``: the process exits right after (the command line): once the command
    is done, SIGINT and SIGTERM are ignored instead of given back to the previous
    handlers, so a signal that arrives after the last line cannot kill the process
    without its exit code (it did: a Ctrl-C just after ``built 19 pages``)."""
    stream = err if err is not None else sys.stderr
    with _handlers(keep=to_the_end):  # still ours while the line is printed
        try:
            return command()
        except KeyboardInterrupt:
            return _stopped(stream, name, "SIGINT", EXIT_SIGINT)
        except Terminated:
            return _stopped(stream, name, "SIGTERM", EXIT_SIGTERM)
        except BrokenPipeError:
            return _closed_pipe()


def _closed_pipe() -> int:
    """The reader of our output went away (``explainer check | head -1``): as a shell
    tool does, stop quietly with 141 (128 + SIGPIPE). Python would print a traceback when
    it flushes stdout at exit, so stdout is pointed at /dev/null first."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_SIGPIPE


def _stopped(stream: TextIO, name: str, signame: str, code: int) -> int:
    print(f"{name}: stopped by {signame}; no file was left half-written", file=stream, flush=True)
    return code


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` all or nothing: into a
    temporary file beside it, then renamed over it, so a reader, a crash or a signal sees
    the old file or the new one, never half of one. The file keeps its permissions (a new
    one gets 0644); a symbolic link is written through, as ``open()`` would."""
    target = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        mode = target.stat().st_mode & 0o7777 if target.exists() else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
