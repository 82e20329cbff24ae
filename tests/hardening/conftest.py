"""Shared helpers: a throw-away copy of the real project, and the command line in-process.

A copy holds ``scenarios/``, ``templates/``, ``locales/`` (with its ``babel.cfg``) and
``pyproject.toml``: a site whose templates override the installed theme's, its catalogs
layered over the theme's. The theme's own catalogs and their sources stay in the package.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from explainer.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"

_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


def copy_project(dest: Path) -> Path:
    """A copy of the real project's inputs in ``dest`` (created); returns ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("scenarios", "templates", "locales"):
        shutil.copytree(ROOT / name, dest / name, ignore=_IGNORE)
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")
    return dest


@pytest.fixture(scope="session")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One clean copy per session; tests copy it again before changing anything."""
    root = copy_project(tmp_path_factory.mktemp("pristine") / "project")
    code, lines = run_cli(["--root", ".", "check"], cwd=root)
    assert code == 0, "\n".join(lines)  # the copy itself is clean
    return root


@pytest.fixture
def project(pristine: Path, tmp_path: Path) -> Path:
    """A clean copy of the project that the test may change."""
    root = tmp_path / "project"
    shutil.copytree(pristine, root, symlinks=True)
    return root


@contextlib.contextmanager
def chdir(path: Path | None) -> Iterator[None]:
    if path is None:
        yield
        return
    old = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def run_cli(argv: Sequence[str], *, cwd: Path | None = None) -> tuple[int, list[str]]:
    """``explainer.cli.main(argv)`` in this process: the exit code and every output line
    (stdout, then stderr). An exception escaping ``main`` fails the calling test."""
    out, err = io.StringIO(), io.StringIO()
    with chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text, text
    return code, text.splitlines()


def site_files(out: Path) -> dict[str, bytes]:
    """Every file under ``out``, by relative posix path."""
    return {
        p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
    }
