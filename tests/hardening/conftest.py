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
from collections.abc import Collection, Iterator, Sequence
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


def copy_pages(src: Path, dest: Path, pages: Collection[str]) -> Path:
    """A copy of the project ``src`` in ``dest`` whose ``scenarios/`` holds only the page
    folders named in ``pages`` (the same templates, catalogs and settings); returns
    ``dest``. A test whose input is one page or one catalog needs no other page: neither
    verb follows a link from one page to another, and the shipped catalogs check against
    any subset of the pages."""
    left_out = {p.name for p in (src / "scenarios").iterdir()} - set(pages)
    scenarios = src / "scenarios"
    shutil.copytree(
        src, dest, symlinks=True, ignore=lambda at, _: left_out if Path(at) == scenarios else ()
    )
    return dest


ONE_PAGE = "one-deal"
"""The page of :func:`one_page` (the bad-input corpus's duplicate page id names it)."""


@pytest.fixture(scope="session")
def one_page_pristine(tmp_path_factory: pytest.TempPathFactory, pristine: Path) -> Path:
    """:func:`pristine` with only the page :data:`ONE_PAGE`, checked clean, once per
    session."""
    root = copy_pages(pristine, tmp_path_factory.mktemp("one-page") / "project", [ONE_PAGE])
    code, lines = run_cli(["--root", ".", "check"], cwd=root)
    assert code == 0, "\n".join(lines)
    return root


@pytest.fixture
def one_page(one_page_pristine: Path, tmp_path: Path) -> Path:
    """A clean copy of :func:`one_page_pristine` that the test may change: for a test of
    one planted page, catalog or glossary, without checking every shipped page again."""
    root = tmp_path / "project"
    shutil.copytree(one_page_pristine, root, symlinks=True)
    return root


@pytest.fixture(scope="session")
def hostile_out(tmp_path_factory: pytest.TempPathFactory, pristine: Path) -> Path:
    """The project with test_injection.py's hostile page and translations, built once per
    session (test_injection.py reads its HTML, test_injection_browser.py serves it)."""
    from .test_injection import make_hostile

    root = tmp_path_factory.mktemp("hostile") / "project"
    shutil.copytree(pristine, root)
    make_hostile(root)
    code, lines = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=root)
    assert code == 0, "\n".join(lines)
    return root / "out" / "site"


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
