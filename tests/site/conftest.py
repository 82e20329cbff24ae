from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the real project's inputs (scenarios, templates, locales, pyproject)."""
    root = tmp_path / "project"
    root.mkdir()
    for name in ("scenarios", "templates", "locales"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real project built once into a temporary folder."""
    import io

    from explainer.site.build import run_build

    out = tmp_path_factory.mktemp("built") / "site"
    stream = io.StringIO()
    code = run_build(ROOT, out, None, stream)
    assert code == 0, stream.getvalue()
    return out
