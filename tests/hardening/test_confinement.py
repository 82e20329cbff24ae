"""``Confinement.leaves`` (each folder's real path worked out once, for the loader's
thousands of files) says what ``leaves`` says of every path, whatever links the project
holds: to files and folders, inside and outside, through other links, dangling."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.scenarios.files import Confinement, leaves

_FOLDERS = ("scenarios", "scenarios/a", "scenarios/a/b", "scenarios/c")
_FILES = ("x.yaml", "y.yaml")
_TARGETS = (
    *_FOLDERS,
    *(f"{d}/{f}" for d in _FOLDERS for f in _FILES),
    "../outside",
    "../outside/x.yaml",
    "missing",
)

_links = st.lists(
    st.tuples(
        st.sampled_from(_FOLDERS),
        st.sampled_from(("l1", "l2", "x.yaml")),
        st.sampled_from(_TARGETS),
    ),
    max_size=6,
)


def _project(base: Path, links: list[tuple[str, str, str]]) -> Path:
    """A project under ``base/p`` (with ``base/outside`` beside it) holding ``links``."""
    root = base / "p"
    for d in (*_FOLDERS, "../outside"):
        (root / d).mkdir(parents=True, exist_ok=True)
    for f in _FILES:
        (base / "outside" / f).write_text("x")
    for folder, name, target in links:
        at = root / folder / name
        if not os.path.lexists(at):
            os.symlink(os.path.relpath(root / target, root / folder), at)
    for d in _FOLDERS:
        for f in _FILES:
            if not os.path.lexists(root / d / f):
                (root / d / f).write_text("x")
    return root


@settings(max_examples=60, deadline=None)
@given(_links)
def test_a_confinement_says_what_leaves_says_of_every_path(
    links: list[tuple[str, str, str]],
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = _project(Path(tmp), links)
        inside = Confinement(root)
        paths = [
            root / d / name
            for d in (*_FOLDERS, "scenarios/l1", "scenarios/a/l2", "scenarios/l1/l2")
            for name in (*_FILES, "l1", "l2")
        ]
        paths += [Path(tmp, "outside", "x.yaml"), root]
        for path in paths * 2:  # the second time from the folders it remembers
            assert inside.leaves(path) == leaves(root, path), path
