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


def test_help_lists_every_verb_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    listed = dict(re.findall(r"^    (\w+) +(\S.*)$", out, flags=re.M))
    assert set(listed) == {"check", "build", "serve", "new"}
    assert all(len(line) > 20 for line in listed.values()), listed


def test_serve_help_describes_the_verb_and_each_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # one line per option, whatever the terminal
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Build the site, serve it at http://HOST:PORT/ and rebuild it" in out
    options = re.findall(r"^  (?:-h, )?(--\w+)(?: [A-Z]+)?\s+(\S.*)$", out, flags=re.M)
    assert {name for name, _ in options} == {"--help", "--root", "--out", "--host", "--port"}
    assert (
        "(default: 127.0.0.1" in out
        and "1 to 65535 (default: 8000; 0: any free one; choose another when it is in use)" in out
    )


def test_unknown_verb_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_verb_prints_help_and_exits_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage:" in capsys.readouterr().out
