"""The project's promises about itself: README commands, CI script, command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from explainer.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^    (python3 -m venv .+)$", text, flags=re.M)


def test_readme_opens_with_build_and_test_commands() -> None:
    commands = _readme_commands()
    assert len(commands) >= 2
    build, test = commands[:2]
    assert build.endswith("explainer build")
    assert "pytest" in test and "[test]" in test


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_command = _readme_commands()[1]
    assert test_command in ci.splitlines()


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for verb in ("check", "build", "serve", "new"):
        assert verb in out


def test_unknown_verb_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_verb_prints_help_and_exits_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage:" in capsys.readouterr().out
