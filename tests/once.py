"""Something slow made once per test run and shared by its xdist workers (the built wheel,
the built site, a new site installed from the wheel), instead of once per worker."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def once_per_run(
    tmp_path_factory: pytest.TempPathFactory, name: str
) -> Iterator[tuple[Path, bool]]:
    """``(folder, made)``: a folder shared by the run's xdist workers (the run's own
    temporary folder, or the session's without xdist), held under a lock; ``made`` says
    whether a worker already filled it. The caller fills it when not ``made``; the lock
    keeps the others waiting until then, so something slow is made once per run, not once
    per worker."""
    import fcntl

    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # pytest-of-<user>/pytest-<n>: the workers' common parent
    folder, done = base / f"shared-{name}", base / f"shared-{name}.done"
    with open(base / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = done.exists()
        if not made:
            shutil.rmtree(folder, ignore_errors=True)  # a worker that failed half-way
            folder.mkdir()
        yield folder, made
        done.touch()
