"""Files are read only from inside the project.

A project's sources come from anyone who sends a pull request, and git stores symbolic
links: ``scenarios/x.yaml -> ~/.aws/credentials`` was read, and its whole content printed
in the error ("expected a scenario mapping, got 'AWS_SECRET=…'"); a link in
``templates/static/`` was copied into the published site; a link to ``/dev/zero`` is
read for ever. So a symbolic link whose target leaves the project (it, or a folder on
its way) is refused, located at the link, and its target is never opened: not by the
loader, not by the catalogs' readers, not by the digests that decide whether anything
changed. Links that stay inside the project keep working.

:func:`outside_links` lists every such link of a project's inputs; ``check``,
``build`` and ``serve`` call it first (:func:`explainer.pipeline.check_project`), and
check nothing that could read through one when it finds any. :func:`leaves` is the test
each reader applies to the file it is about to open.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from .diagnostics import Code, Diagnostic, Location
from .reader import display_path

__all__ = ["INPUTS", "Confinement", "leaves", "link_out", "outside_links"]

INPUTS: Final = ("scenarios", "templates", "locales", "pyproject.toml")
"""What a project is made of, relative to its folder."""


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def leaves(root: Path | str, path: Path | str) -> bool:
    """Whether ``path``, written inside the project ``root``, resolves outside it (through
    a symbolic link: itself or a folder on its way). A path written outside the project
    (``explainer check ../other/x.yaml``) is the user's own choice: not refused."""
    written = os.path.abspath(path)
    if not _within(written, os.path.abspath(root)):
        return False
    return not _within(os.path.realpath(written), os.path.realpath(root))


class Confinement:
    """:func:`leaves` for the many files of one project: each folder's real path is
    worked out once (a file's own link still looked at, one ``lstat``), not followed
    component by component again for every file in it. Meant for one run: a link made
    meanwhile in a folder already seen is not noticed."""

    __slots__ = ("_folders", "_real_root", "_root")

    def __init__(self, root: Path | str) -> None:
        self._root = os.path.abspath(root)
        self._real_root = os.path.realpath(self._root)
        self._folders: dict[str, str] = {}

    def leaves(self, path: Path | str) -> bool:
        """What :func:`leaves` says of ``path`` in this project."""
        written = os.path.abspath(path)
        if not _within(written, self._root):
            return False
        return not _within(self.real(written), self._real_root)

    def real(self, path: Path | str) -> str:
        """``os.path.realpath(path)``, its folder's worked out once."""
        written = os.path.abspath(path)
        if os.path.islink(written):
            return os.path.realpath(written)
        folder, name = os.path.split(written)
        real_folder = self._folders.get(folder)
        if real_folder is None:
            real_folder = self._folders[folder] = os.path.realpath(folder)
        return os.path.join(real_folder, name)


def link_out(shown: str, *, folder: bool = False) -> Diagnostic:
    """The problem of a link at ``shown`` whose target leaves the project."""
    what = "a folder" if folder else "a file"
    return Diagnostic(
        Location(shown, 1, 1),
        f"a symbolic link to {what} outside the project: not read (copy it into the project)",
        Code.OUTSIDE,
    )


def outside_links(root: Path | str) -> list[Diagnostic]:
    """Every symbolic link among the project's inputs (:data:`INPUTS`) whose target
    leaves the project, the outermost one of each path only, sorted, each shown as the
    other problems are (:func:`~.reader.display_path`). Nothing is followed or opened."""
    found = []
    for rel in _links(Path(root)):
        target = Path(root, rel)
        if leaves(root, target):
            found.append(link_out(display_path(target), folder=target.is_dir()))
    return sorted(found, key=lambda d: d.location.path)


def _links(root: Path) -> Iterator[str]:
    """The relative paths of the symbolic links among the inputs, not descending into a
    linked folder (a link inside the project is walked where it stands)."""
    for name in INPUTS:
        top = root / name
        if top.is_symlink():
            yield name
            continue
        if not top.is_dir():
            continue
        yield from _links_under(str(top), str(root))


def _links_under(folder: str, root: str) -> Iterator[str]:
    """The links below ``folder``, relative to ``root``: each entry's kind is read from
    its folder's listing (``os.scandir``), not with one ``lstat`` per file, so a site of
    ten thousand examples is walked in a blink on every rebuild."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.is_symlink():
            yield os.path.relpath(entry.path, root)
        elif entry.is_dir(follow_symlinks=False):
            yield from _links_under(entry.path, root)
