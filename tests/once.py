"""Something slow made once per test run and shared by its xdist workers (the built wheel,
the built site, a new site installed from the wheel), instead of once per worker; and the
checkout's compiled bytecode given to a copy of it, instead of compiled again."""

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


def with_bytecode(source: Path, copy: Path) -> None:
    """Give the Python files of ``copy`` (a copy of the folder ``source`` made with its
    files' modification times, as ``shutil.copytree`` makes it) the bytecode Python already
    compiled for ``source``'s, where it keeps it (``__pycache__`` or the run's
    ``PYTHONPYCACHEPREFIX``), so that the commands a test runs in the copy do not compile
    the package again (measured: 0.7 s of CPU per document in tests/test_docs_commands.py).
    Python checks each file's bytecode against its source's time and size and recompiles a
    stale one; pytest's own rewritten test modules are left out (they would keep the
    checkout's file names)."""
    import importlib.util
    import sys

    tag = sys.implementation.cache_tag
    for folder in [copy, *(p for p in copy.rglob("*") if p.is_dir())]:
        rel = folder.relative_to(copy)
        compiled = Path(importlib.util.cache_from_source(str(source / rel / "x.py"))).parent
        if not compiled.is_dir() or folder.name == "__pycache__":
            continue
        target = Path(importlib.util.cache_from_source(str(folder / "x.py"))).parent
        for pyc in compiled.glob(f"*.{tag}.pyc"):
            if (folder / f"{pyc.name.removesuffix(f'.{tag}.pyc')}.py").is_file():
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(pyc, target / pyc.name)
