"""``serve``'s watcher (issue 27): told by the kernel which files changed (inotify on
Linux), its listing is the one a full poll takes, after any sequence of edits."""

from __future__ import annotations

import os
import random
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from explainer.site.watch import Watcher, snapshot

LINUX = sys.platform.startswith("linux")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    for page in ("alpha", "beta"):
        folder = root / "scenarios" / page / "part"
        folder.mkdir(parents=True)
        (root / "scenarios" / page / "page.yaml").write_text(f"id: {page}\n")
        for n in range(3):
            (folder / f"{n:02d}.yaml").write_text(f"id: {page}-{n}\n")
    (root / "templates").mkdir()
    (root / "templates" / "page.html").write_text("<p>")
    (root / "locales" / "fr").mkdir(parents=True)
    (root / "locales" / "fr" / "messages.po").write_text('msgid ""\n')
    (root / "pyproject.toml").write_text("[tool.explainer]\n")
    return root


def _settled(watcher: Watcher) -> dict[str, float]:
    """The watcher's listing once every event queued so far is read (a polling watcher
    always says something may have changed)."""
    while not watcher.polling and watcher.wait(0):
        pass
    return watcher.listing()


def _files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "scenarios").rglob("*.yaml") if p.is_file())


def _later(path: Path) -> None:
    """A modification time no earlier one equals (a second save in one clock tick
    keeps it: no watcher sees that one, :mod:`explainer.site.incremental` says)."""
    stamp = path.stat().st_mtime_ns + 10_000_000
    os.utime(path, ns=(stamp, stamp))


def _in_place(rng: random.Random, root: Path) -> None:
    path = rng.choice(_files(root))
    path.write_text(path.read_text() + "title: again\n")
    _later(path)


def _renamed_over(rng: random.Random, root: Path) -> None:
    """As editors save: a new file renamed over the old one."""
    path = rng.choice(_files(root))
    tmp = path.with_name(".save.tmp")
    tmp.write_text("id: saved\n")
    os.replace(tmp, path)


def _created(rng: random.Random, root: Path) -> None:
    folder = rng.choice(_files(root)).parent
    (folder / f"new-{rng.randrange(10**6)}.yaml").write_text("id: new\n")


def _removed(rng: random.Random, root: Path) -> None:
    rng.choice(_files(root)).unlink()


def _folder_made(rng: random.Random, root: Path) -> None:
    folder = root / "scenarios" / f"page-{rng.randrange(10**6)}" / "deep"
    folder.mkdir(parents=True)
    (folder / "01.yaml").write_text("id: deep\n")


def _folder_renamed(rng: random.Random, root: Path) -> None:
    folders = sorted(p for p in (root / "scenarios").rglob("*") if p.is_dir())
    folder = rng.choice(folders)
    folder.rename(folder.with_name(folder.name + "-moved"))


def _folder_removed(rng: random.Random, root: Path) -> None:
    folders = sorted(p for p in (root / "scenarios").glob("*/*") if p.is_dir())
    if folders:
        shutil.rmtree(rng.choice(folders))


def _touched(rng: random.Random, root: Path) -> None:
    _later(rng.choice([*_files(root), root / "templates" / "page.html"]))


def _settings(rng: random.Random, root: Path) -> None:
    path = root / "pyproject.toml"
    path.write_text(path.read_text() + f"# {rng.random()}\n")
    _later(path)


def _catalog(rng: random.Random, root: Path) -> None:
    path = root / "locales" / "fr" / "messages.po"
    path.write_text(path.read_text() + f"# {rng.random()}\n")
    _later(path)


def _not_an_input(rng: random.Random, root: Path) -> None:
    """What the project's folder holds besides its inputs: the output, notes."""
    site = root / "site"
    if site.exists():
        site.rename(root / f".site-old-{rng.randrange(10**6)}")
    (root / "site" / "en").mkdir(parents=True)
    (root / "notes.txt").write_text(str(rng.random()))


def _hard_link(rng: random.Random, root: Path) -> None:
    """A second name for a file (the watcher then polls: a change made through one
    name is reported by that name only), and the two made one again."""
    path = rng.choice(_files(root))
    other = path.with_name(f"linked-{rng.randrange(10**6)}.yaml")
    os.link(path, other)
    _later(other)
    if rng.random() < 0.5:
        other.unlink()


EDITS: tuple[Callable[[random.Random, Path], None], ...] = (
    _in_place,
    _renamed_over,
    _created,
    _removed,
    _folder_made,
    _folder_renamed,
    _folder_removed,
    _touched,
    _settings,
    _catalog,
    _not_an_input,
    _hard_link,
)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_watchers_listing_is_a_full_polls_after_random_edits(project: Path, seed: int) -> None:
    rng = random.Random(seed)
    watcher = Watcher(project)
    try:
        assert watcher.listing() == snapshot(project)
        assert watcher.polling is not LINUX  # inotify where there is one
        for step in range(40):
            edits = rng.sample(EDITS, rng.choice([1, 1, 2]))
            for edit in edits:
                if _files(project) or edit in (_created, _folder_made, _not_an_input):
                    edit(rng, project)
            assert _settled(watcher) == snapshot(project), (step, edits)
        for path in _files(project):  # no second names left: events again
            if path.stat().st_nlink > 1:
                path.unlink()
        watcher.listing()
        assert watcher.polling is not LINUX
    finally:
        watcher.close()


def test_a_file_still_being_written_is_listed_once_closed(project: Path) -> None:
    """A rebuild never reads half a new file: the kernel reports it when it is closed."""
    watcher = Watcher(project)
    try:
        seen = watcher.listing()
        path = project / "scenarios" / "alpha" / "part" / "99.yaml"
        with path.open("w") as f:
            f.write("id: half")
            f.flush()
            if LINUX:
                assert _settled(watcher) == seen
        assert _settled(watcher) == snapshot(project) != seen
    finally:
        watcher.close()


def test_a_link_among_the_inputs_makes_the_watcher_poll(project: Path, tmp_path: Path) -> None:
    """A link's target may change where nothing is watched: every file is looked at."""
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("id: elsewhere\n")
    link = project / "scenarios" / "alpha" / "linked.yaml"
    watcher = Watcher(project)
    try:
        assert watcher.listing() == snapshot(project)
        assert watcher.polling is not LINUX
        link.symlink_to(outside)
        assert _settled(watcher) == snapshot(project)
        assert watcher.polling
        outside.write_text("id: elsewhere-again\n")
        _later(outside)
        assert watcher.wait(0) and watcher.listing() == snapshot(project)
        link.unlink()
        assert watcher.listing() == snapshot(project)
        assert watcher.polling is not LINUX  # the link gone, events again
    finally:
        watcher.close()


def test_a_watcher_without_events_polls(project: Path) -> None:
    watcher = Watcher(project, use_events=False)
    assert watcher.polling and watcher.listing() == snapshot(project)
    _in_place(random.Random(0), project)
    assert watcher.wait(0) and watcher.listing() == snapshot(project)
