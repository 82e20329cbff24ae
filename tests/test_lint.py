"""The code is linted and formatted by ruff, as configured in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREES = ["explainer", "tests", "benchmarks"]


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, *TREES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ruff_finds_no_lint_problem() -> None:
    done = _ruff("check", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_leaves_every_file_unchanged() -> None:
    done = _ruff("format", "--check", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
