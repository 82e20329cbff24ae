"""One file per mistake: each case states in its first line the exact line it must produce."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from explainer.check import run_check

CASES = Path(__file__).resolve().parent.parent / "cases"
PREFIX = "# expect: "


def _files(folder: str) -> list[Path]:
    return sorted((CASES / folder).rglob("*.yaml"))


def _check(path: Path, monkeypatch: pytest.MonkeyPatch, folder: str) -> tuple[int, list[str]]:
    monkeypatch.chdir(CASES / folder)
    out = io.StringIO()
    rel = path.relative_to(CASES / folder).as_posix()
    code = run_check([rel], root=CASES / folder, out=out)
    return code, out.getvalue().splitlines()


def _expected(path: Path) -> str:
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first.startswith(PREFIX), f"{path.name}: the first line must be '{PREFIX}...'"
    return first[len(PREFIX) :]


def test_there_are_enough_bad_cases() -> None:
    assert len(_files("bad")) >= 40


@pytest.mark.parametrize("path", _files("bad"), ids=lambda p: p.relative_to(CASES).as_posix())
def test_bad_case_is_invalid_with_its_exact_diagnostic(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, lines = _check(path, monkeypatch, "bad")
    assert _expected(path) in lines
    assert code == 2
    assert lines[-1] == "0 passed, 1 failed" or path.name == "page.yaml"


@pytest.mark.parametrize("path", _files("wrong"), ids=lambda p: p.name)
def test_wrong_case_disagrees_naming_the_key(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines = _check(path, monkeypatch, "wrong")
    expected = _expected(path)
    assert expected in lines
    assert any(f": {key}" in expected for key in ("expect.", "text:", "title:"))
    assert code == 1
    assert lines[-1] == "0 passed, 1 failed"


def test_good_cases_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES)
    out = io.StringIO()
    code = run_check(["good"], root=CASES / "good", out=out)
    n = len([p for p in _files("good") if p.name != "page.yaml"])
    assert out.getvalue().splitlines() == [f"{n} passed, 0 failed"]
    assert code == 0


def test_every_problem_of_every_file_in_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES)
    out = io.StringIO()
    code = run_check(["bad", "wrong", "good"], root=CASES, out=out)
    lines = out.getvalue().splitlines()
    assert code == 2
    for folder in ("bad", "wrong"):
        for path in _files(folder):
            assert f"{folder}/{_expected(path)}" in lines
    problems = lines[:-1]
    keys = [(x.split(":")[0], int(x.split(":")[1])) for x in problems]
    assert keys == sorted(keys)
    scenarios = [p for p in _files("bad") + _files("wrong") if p.name != "page.yaml"]
    good = len([p for p in _files("good") if p.name != "page.yaml"])
    assert lines[-1] == f"{good} passed, {len(scenarios)} failed"
