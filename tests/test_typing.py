"""The package type-checks under ``mypy --strict`` (configured in pyproject.toml).

mypy keeps its incremental cache in the user's cache folder, one per checkout (never in
the project, as ``explainer check``'s caches): a run after an unchanged or small edit
re-checks only what changed, with the same answer; a fresh machine (CI) checks
everything.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

from explainer.cache import cache_dir, digest

ROOT = Path(__file__).resolve().parents[1]


def test_package_passes_mypy_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    cache = cache_dir() / "mypy" / digest(str(ROOT))[:16]
    out, err, code = api.run(
        ["--cache-dir", str(cache), "--config-file", str(ROOT / "pyproject.toml")]
    )
    assert code == 0, out + err
    assert "Success: no issues found" in out
