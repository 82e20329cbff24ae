"""Two builds of the same sources are byte-identical, whatever the hash seed, the order in
which the file system lists the files, or the folder the command runs from; a date
shown comes from ``SOURCE_DATE_EPOCH``, never from the clock.

The listing order is varied twice: the copies are created in opposite orders (which
changes ``os.scandir``'s order on file systems that list in creation order), and one
build runs in-process with ``os.scandir``/``os.listdir`` answering in reverse or
shuffled order (which changes it everywhere).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import run_cli, site_files


def _copy_in_order(src: Path, dest: Path, *, reverse: bool) -> None:
    """Copy ``src`` creating every folder's entries in sorted or reversed order, so that
    the file system lists them differently (directory order follows creation order on
    most file systems)."""
    dest.mkdir(parents=True)
    entries = sorted(src.iterdir(), key=lambda p: p.name, reverse=reverse)
    for entry in entries:
        if entry.is_dir():
            _copy_in_order(entry, dest / entry.name, reverse=reverse)
        else:
            shutil.copy2(entry, dest / entry.name)


def _build(root: Path, out: Path, *, cwd: Path, seed: str, epoch: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", "PYTHONHASHSEED")}
    env["PYTHONHASHSEED"] = seed
    if epoch is not None:
        env["SOURCE_DATE_EPOCH"] = epoch
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "explainer",
            "--root",
            str(root),
            "build",
            "--out",
            str(out),
            "--base-url",
            "https://rules.example/",
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def _listing(folder: Path) -> list[str]:
    return [p.name for p in os.scandir(folder)]


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory, pristine: Path) -> tuple[Path, Path, Path]:
    base = tmp_path_factory.mktemp("determinism")
    a, b = base / "a" / "project", base / "b" / "project"
    _copy_in_order(pristine, a, reverse=False)
    _copy_in_order(pristine, b, reverse=True)
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    _build(a, base / "out-a", cwd=a, seed="1", epoch="1700000000")
    _build(b, base / "out-b", cwd=elsewhere, seed="4242", epoch="1700000000")
    _build(b, base / "out-c", cwd=Path("/"), seed="random", epoch=None)
    return base / "out-a", base / "out-b", base / "out-c"


def test_builds_are_byte_identical(two_builds: tuple[Path, Path, Path]) -> None:
    a, b, _ = two_builds
    files_a, files_b = site_files(a), site_files(b)
    assert sorted(files_a) == sorted(files_b)
    different = [name for name in files_a if files_a[name] != files_b[name]]
    assert different == []


def test_the_date_comes_from_source_date_epoch(two_builds: tuple[Path, Path, Path]) -> None:
    a, _, c = two_builds
    with_epoch, without = site_files(a), site_files(c)
    assert b"<lastmod>2023-11-14</lastmod>" in with_epoch["sitemap.xml"]
    assert b"<lastmod>" not in without["sitemap.xml"]
    # apart from the sitemap's dates, the same bytes; the local stamp (the inputs' digest,
    # never committed) differs too: a build under another date is not "up to date"
    assert sorted(with_epoch) == sorted(without)
    assert [n for n in with_epoch if with_epoch[n] != without[n]] == [
        ".explainer-build",
        "sitemap.xml",
    ]
    # the clock shows nowhere
    today = [
        time.strftime(fmt, time.gmtime()).encode() for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y")
    ]
    for name, data in without.items():
        for stamp in today:
            assert stamp not in data, (name, stamp)


class _Listing:
    """What ``os.scandir`` returns, in an order of our choosing."""

    def __init__(self, entries: list[os.DirEntry[str]]) -> None:
        self._it = iter(entries)

    def __iter__(self) -> _Listing:
        return self

    def __next__(self) -> os.DirEntry[str]:
        return next(self._it)

    def __enter__(self) -> _Listing:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.mark.parametrize("order", ["reversed", "shuffled"])
def test_listing_order_does_not_matter(
    order: str,
    two_builds: tuple[Path, Path, Path],
    pristine: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a, _, _ = two_builds
    rng = random.Random(7)

    def arrange(items: list) -> list:  # type: ignore[type-arg]
        items = sorted(items, key=lambda e: getattr(e, "name", e), reverse=True)
        if order == "shuffled":
            rng.shuffle(items)
        return items

    real_scandir, real_listdir = os.scandir, os.listdir

    def scandir(path: object = ".") -> _Listing:
        with real_scandir(path) as it:  # type: ignore[call-overload]
            return _Listing(arrange(list(it)))

    def listdir(path: object = ".") -> list[str]:
        return arrange(real_listdir(path))  # type: ignore[call-overload]

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "listdir", listdir)
    code, lines = run_cli(
        ["--root", str(pristine), "build", "--out", str(tmp_path / "site")]
        + ["--base-url", "https://rules.example/"],
        cwd=tmp_path,
    )
    monkeypatch.undo()
    assert code == 0, lines
    assert site_files(tmp_path / "site") == site_files(a)
