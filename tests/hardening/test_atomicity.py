"""Atomic output: a build killed mid-way, failing mid-way, or racing another build never
leaves a half-written or corrupt site, and the next build clears what a killed one left.

Each test starts from a copy of one project built once per module (a copy of a built
project is up to date where it lands: the build's keys are digests of contents), and
compares what its builds leave with one clean build of the retitled inputs, made once
too.

A killed process cannot clean up: its temporary folder (``.site-tmp-*`` beside the
output) stays until the next build, which removes it (and puts back a site a kill
caught between the two renames of the swap). The kill test watches for that temporary
folder and sends SIGKILL as soon as it appears, so the kill lands while pages are being
written; no timing decides a result.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from explainer.new import create_site

from .conftest import run_cli, site_files

PAGES = 40
EXAMPLES = 12

PLAY = """id: {ident}
page: {page}
section: main
order: {order}
title: A trick of spades
text: |
  North leads the ace of spades and everybody follows.
contract: {{trump: hearts}}
trick: [N: AS, E: 7S, S: 8S, W: 9S]
expect: {{winner: N}}
"""


def _grow(root: Path, tag: str = "a") -> None:
    """Make the project large: many pages of many examples, so writing takes a while."""
    for p in range(PAGES):
        page = f"synthetic-{p}"
        folder = root / "scenarios" / page
        folder.mkdir(exist_ok=True)
        (folder / "page.yaml").write_text(
            f"id: {page}\norder: {10 + p}\ntitle: A synthetic page ({tag})\n"
            "sections:\n  - id: main\n    title: Examples\n",
            encoding="utf-8",
        )
        for e in range(EXAMPLES):
            (folder / f"ex-{e}.yaml").write_text(
                PLAY.format(ident=f"{page}-ex-{e}", page=page, order=e), encoding="utf-8"
            )


def _retitle(root: Path, tag: str) -> None:
    for p in range(PAGES):
        path = root / "scenarios" / f"synthetic-{p}" / "page.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(
            text.split("title: ", 1)[0]
            + f"title: A synthetic page ({tag})\n"
            + text.split("\n", 3)[3],
            encoding="utf-8",
        )


def _debris(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name != out.name)


def _build_in_process(root: Path, out: Path) -> None:
    code, lines = run_cli(["--root", str(root), "build", "--out", str(out)], cwd=root)
    assert code == 0, lines


@pytest.fixture(scope="module")
def built_big(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """A new site (``explainer new``'s scaffold) grown large and built into ``out/site``:
    the shipped scenarios would add only checking and rendering time, none of it writing,
    which the kill must catch. With it, every file of a clean build of its retitled
    inputs (:func:`_retitle` ``"b"``), made in a copy: what a finished build must write."""
    root = tmp_path_factory.mktemp("big") / "project"
    create_site(root)
    _grow(root)
    _build_in_process(root, root / "out" / "site")
    retitled = tmp_path_factory.mktemp("big-b") / "project"
    shutil.copytree(root, retitled, ignore=lambda at, _: ["out"] if Path(at) == root else [])
    _retitle(retitled, "b")
    _build_in_process(retitled, retitled / "clean" / "site")
    return root, site_files(retitled / "clean" / "site")


@pytest.fixture
def big(built_big: tuple[Path, dict[str, bytes]], tmp_path: Path) -> Path:
    """A copy of :func:`built_big`'s project and its built site that the test may change."""
    root = tmp_path / "project"
    shutil.copytree(built_big[0], root, symlinks=True)
    return root


@pytest.fixture
def retitled_site(built_big: tuple[Path, dict[str, bytes]]) -> dict[str, bytes]:
    """Every file of a clean build of the big project retitled ``"b"``."""
    return built_big[1]


def test_a_killed_build_leaves_the_old_site_and_the_next_one_cleans_up(
    big: Path, retitled_site: dict[str, bytes]
) -> None:
    out = big / "out" / "site"
    before = site_files(out)
    _retitle(big, "b")
    landed = False
    for _attempt in range(5):
        proc = subprocess.Popen(
            [sys.executable, "-m", "explainer", "--root", str(big), "build", "--out", str(out)],
            cwd=big,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while proc.poll() is None:
                if any(name.startswith(".site-tmp-") for name in os.listdir(out.parent)):
                    os.kill(proc.pid, signal.SIGKILL)
                    break
                time.sleep(0.0005)
        finally:
            proc.wait(timeout=300)
        if proc.returncode == -signal.SIGKILL:
            landed = True
            break
        # the build finished first: put the old site back and try again
        assert proc.returncode == 0
        _retitle(big, "a")
        _build_in_process(big, out)
        assert site_files(out) == before
        _retitle(big, "b")
    assert landed, "no kill landed while the site was being written"
    assert any(name.startswith(".site-") for name in _debris(out))  # it could not clean up
    if out.exists():  # the swap is two renames; a kill between them is repaired below
        assert site_files(out) == before, "a killed build changed the site"
    # the next build clears the debris and writes the whole site
    _build_in_process(big, out)
    assert _debris(out) == []
    assert site_files(out) == retitled_site
    assert site_files(out) != before


def test_a_failure_while_writing_leaves_the_old_site(
    big: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = big / "out" / "site"
    before = site_files(out)
    _retitle(big, "b")
    real = Path.write_bytes
    written: list[Path] = []

    def failing(self: Path, data: bytes) -> int:
        if len(written) >= 50:
            raise OSError(28, "No space left on device")
        written.append(self)
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", failing)
    code, lines = run_cli(["--root", str(big), "build", "--out", str(out)], cwd=big)
    monkeypatch.undo()
    assert code == 2
    assert (
        len(lines) == 1
        and "internal error: OSError: [Errno 28] No space left on device" in lines[0]
    )
    assert len(written) == 50
    assert site_files(out) == before
    assert _debris(out) == []


def test_builds_started_at_once_give_one_clean_site(
    big: Path, retitled_site: dict[str, bytes]
) -> None:
    out = big / "out" / "site"
    _retitle(big, "b")
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "explainer", "--root", str(big), "build", "--out", str(out)],
            cwd=big,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(3)
    ]
    results = [(p.wait(timeout=300), p.stdout.read() if p.stdout else "") for p in procs]
    for p in procs:
        if p.stdout:
            p.stdout.close()
    assert [code for code, _ in results] == [0, 0, 0], results
    assert _debris(out) == []
    assert site_files(out) == retitled_site
