from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def copy_inputs(root: Path) -> Path:
    """A copy of the real project's inputs (scenarios, templates, locales, pyproject) in
    ``root`` (created); returns ``root``."""
    root.mkdir(parents=True)
    for name in ("scenarios", "templates", "locales"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the real project's inputs that the test may change."""
    return copy_inputs(tmp_path / "project")
