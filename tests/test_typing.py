"""The package type-checks under ``mypy --strict`` (configured in pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_package_passes_mypy_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out, err, code = api.run(["--no-incremental", "--config-file", str(ROOT / "pyproject.toml")])
    assert code == 0, out + err
    assert "Success: no issues found" in out
