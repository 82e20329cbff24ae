"""Checking the laws in several processes, so that a cold check uses both cores.

A cold ``explainer check`` spends most of its time checking laws (seconds each, over
positions and random deals); the rest (reading, the other kinds, the catalogs) is
quick. :func:`prefetch_laws` reads the law files first, without checking them, then
checks those that are not cached in ``jobs`` processes: this one and ``jobs - 1``
forked children, each given whole groups of laws that share their work (the deal laws
share their random deals, play laws with the same premises their positions), the
heaviest groups first, to the least loaded process. The results come back through a
pipe and go into the law cache (:func:`~.law.checked_result`), so the check that follows
finds every law checked and prints exactly what it prints in one process: a law's
result does not depend on the process or the company it was checked in.

Where ``fork`` does not exist, only one CPU is available, or ``jobs`` is 1 (the default
of :func:`~explainer.check.run_check`, and of the command line under the test suite,
which sets :data:`JOBS_VARIABLE`), nothing is forked: the laws not cached are checked
here, all together, before the check reads them (their random deals are played once
for all). A child
that fails in any way is replaced by checking its laws here; on Ctrl-C (which reaches
the children too) or SIGTERM, each child exits at once without a word and this process
stops them and waits for them before the command prints its one line.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Final, TypeVar

from ..yamlsource import MAX_BYTES, read_bounded

__all__ = [
    "GRACE",
    "JOBS_VARIABLE",
    "Worker",
    "available_cpus",
    "default_jobs",
    "prefetch_laws",
    "split_work",
    "start_worker",
]

T = TypeVar("T")
R = TypeVar("R")


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system says, else all)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


GRACE: Final = 2.0
"""Seconds a child stopped by SIGTERM has to end before it is killed (:meth:`Worker.stop`)."""

JOBS_VARIABLE: Final = "EXPLAINER_JOBS"
"""The environment variable that sets the default of ``--jobs`` (the test suite sets 1)."""


def default_jobs() -> int:
    """Processes for the laws: :data:`JOBS_VARIABLE` where it holds a whole number of at
    least 1, else two where two CPUs are available and ``fork`` exists (the laws fall in
    two groups of about equal work), else one."""
    text = os.environ.get(JOBS_VARIABLE, "").strip()
    if text.isdecimal() and int(text) >= 1:
        return int(text)
    return min(2, available_cpus()) if hasattr(os, "fork") else 1


def split_work(
    units: Sequence[T], weights: Sequence[float], work: Callable[[T], R], jobs: int
) -> list[R]:
    """``[work(u) for u in units]``, the units shared among ``jobs`` processes (greedily,
    heaviest first, each to the process with the least weight so far): the first share
    here, each other one in a forked child. The results in the order of ``units``."""
    shares: list[list[int]] = [[] for _ in range(max(1, min(jobs, len(units))))]
    loads = [0.0] * len(shares)
    for i in sorted(range(len(units)), key=lambda i: -weights[i]):
        least = loads.index(min(loads))
        shares[least].append(i)
        loads[least] += weights[i]
    results: dict[int, R] = {}
    children: list[Worker] = []
    try:
        for share in shares[1:]:
            start_worker(children, partial(_share, work, units, share))
        for i in shares[0]:
            results[i] = work(units[i])
        for worker, share in zip(children, shares[1:], strict=True):
            theirs = worker.result()
            done = theirs if theirs is not None else _share(work, units, share)
            results.update(zip(share, done, strict=True))
    finally:
        for worker in children:  # interrupted: stop them, leave no zombie (done: nothing)
            worker.stop()
    return [results[i] for i in range(len(units))]


def start_worker(started: list[Worker], work: Callable[[], object]) -> Worker:
    """:meth:`Worker.start`, the worker put in ``started`` before a signal can interrupt,
    so that the caller's ``finally`` over ``started`` stops it: SIGINT and SIGTERM are held
    back until it is there. Started first and recorded after, a signal landing in between
    (on a loaded machine, a ``kill`` just as the child was forked) left the child working
    with nobody to stop it, the command's output held open until its work was done."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        started.append(Worker.start(work))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a signal held back lands here
    return started[-1]


def _share(work: Callable[[T], R], units: Sequence[T], share: Sequence[int]) -> list[R]:
    return [work(units[i]) for i in share]


_STOPPING: Final = frozenset({signal.SIGINT, signal.SIGTERM})
"""The signals that stop a check (:mod:`explainer.signals`), blocked across a fork."""


@dataclass(slots=True)
class Worker:
    """A forked child doing one piece of work, its result to come through a pipe."""

    pid: int
    fd: int
    done: bool = False

    @classmethod
    def start(cls, work: Callable[[], object]) -> Worker:
        """Fork a child that runs ``work`` and writes its pickled result to a pipe. The
        child never returns, prints nor flushes anything of this process: it leaves by
        ``os._exit`` (1 if ``work`` raised or a signal stopped it).

        SIGINT and SIGTERM are blocked across the fork: a signal that reaches the child
        while CPython's after-fork hooks run would have its inherited handler raise there,
        outside the child's ``try`` (a traceback on the shared stderr, the child left
        running). Blocked, it waits until the child unblocks it inside its ``try``."""
        read_end, write_end = os.pipe()
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
        try:
            pid = os.fork()
        except BaseException:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            os.close(read_end)
            os.close(write_end)
            raise
        if pid:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            os.close(write_end)
            return cls(pid, read_end)
        code = 1  # pragma: no cover - the child's side, run in the forked process
        try:  # pragma: no cover
            # unblocked even where the caller held them (start_worker): a pending one lands here
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)
            os.close(read_end)
            data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(data)
            code = 0
        except BaseException:  # noqa: BLE001 - the parent does this work itself, or stops
            pass
        finally:
            os._exit(code)

    def result(self) -> Any:
        """Wait for the child; its result, or ``None`` if it failed (the caller then does
        the work itself)."""
        chunks = []
        with os.fdopen(self.fd, "rb") as pipe:
            while chunk := pipe.read(1 << 16):
                chunks.append(chunk)
        _, status = os.waitpid(self.pid, 0)
        self.done = True
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return None
        try:
            return pickle.loads(b"".join(chunks))
        except Exception:  # noqa: BLE001 - a truncated result: the caller does the work
            return None

    def stop(self) -> None:
        """Stop the child if it still works, and wait for it (no zombie is left).

        SIGTERM first, so that the child's cleanups run (a child stopped before it ran
        any code of its own gets it once it unblocks it: :meth:`start`); a child still
        there after :data:`GRACE` seconds, its work deaf to SIGTERM, is killed rather than
        waited for as long as that work takes. A child waited for already (:meth:`result`
        interrupted just after its wait) is not waited for again."""
        if self.done:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGTERM)
        with contextlib.suppress(ChildProcessError):
            if not self._ended_within(GRACE):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        with contextlib.suppress(OSError):  # closed already if reading was interrupted
            os.close(self.fd)
        self.done = True

    def _ended_within(self, seconds: float) -> bool:
        """Whether the child ends (and is waited for) within ``seconds``."""
        deadline = time.monotonic() + seconds
        while os.waitpid(self.pid, os.WNOHANG)[0] == 0:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        return True


def prefetch_laws(
    files: Iterable[Path], jobs: int, *, beside: Callable[[], object] | None = None
) -> None:
    """Check the laws of ``files`` that are not cached yet in ``jobs`` processes (module
    docstring), into the law cache; a file that is not a law, or not a valid one, is
    left to the check that follows. ``beside``: other work for the cache (the catalog
    report), done meanwhile in a child of its own; only when there are laws to check,
    since it then runs beside them (with every law cached there is nothing to overlap).

    In one process (``jobs`` 1, or no ``fork``) the laws are checked here, all together,
    when two or more are missing: checked together, laws that read the same random deals
    have them played once for all (:func:`~.law.check_all`); checked one by one as the
    loader reads them, a law whose rule sets play otherwise than those before it would
    have its deals dealt and played again."""
    if jobs <= 1 or not hasattr(os, "fork"):
        jobs, beside = 1, None
    from . import law

    found = read_laws([f for f in files if _may_be_law(f)])
    missing = {law.law_key(lw, rs): (lw, rs) for lw, rs in found if not law.is_cached(lw, rs)}
    if jobs == 1:
        if len(missing) > 1:
            _check_here(list(missing.values()))
        return
    groups: dict[object, list[tuple[Any, Any]]] = {}
    for item in missing.values():
        groups.setdefault(law.shared_work(*item), []).append(item)
    units = list(groups.values())
    if not units or (len(units) < 2 and beside is None):
        return
    others: list[Worker] = []
    try:
        if beside is not None:
            start_worker(others, beside)
        results = split_work(units, [law.weight(u) for u in units], law.check_all, jobs)
        for other in others:
            other.result()  # its work is in the cache; a failure leaves it to the check
    finally:
        for other in others:
            other.stop()
    for unit, done in zip(units, results, strict=True):
        for (lw, rs), result in zip(unit, done, strict=True):
            law.remember(lw, rs, result)


def _check_here(laws: list[tuple[Any, Any]]) -> None:
    """Check ``laws`` in this process, in one call, into the law cache."""
    from . import law

    for (lw, rs), result in zip(laws, law.check_all(laws), strict=True):
        law.remember(lw, rs, result)


def read_laws(files: Sequence[Path]) -> list[tuple[Any, Any]]:
    """The valid laws of ``files`` with their rule sets (:data:`~.law.AnyLaw`), read as the
    check reads them but not checked."""
    from ..loader import load_file
    from . import law

    with law.collecting() as found:
        for f in files:
            load_file(f)
    return found


def _may_be_law(path: Path) -> bool:
    """Whether the file says ``kind: law`` on a line of its own (a law written otherwise
    is checked by the check itself, in this process). A file larger than the loader
    reads is never read here."""
    try:
        data = read_bounded(path)
    except OSError:
        return False
    # the substring first (one pass in C): most files are no law, and a project may have
    # thousands of them
    return (
        len(data) <= MAX_BYTES
        and b"kind: law" in data
        and any(line.strip() == b"kind: law" for line in data.splitlines())
    )
