"""One file per mistake: each case states in its first line the exact line it must produce.

A case whose mistake brings a second diagnostic states it on a ``# expect:`` line at its
end (so the first line's line numbers stay true); the output is compared whole.
"""

from __future__ import annotations

import io
import re
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


def _all_expected(path: Path) -> list[str]:
    """Every diagnostic the case states: its first line, then any ``# expect:`` line after."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [_expected(path)] + [x[len(PREFIX) :] for x in lines[1:] if x.startswith(PREFIX)]
    return sorted(found, key=_place)


def _place(diagnostic: str) -> tuple[str, int, int]:
    """``path:line:col: ...`` as a sort key: diagnostics come out in file order."""
    name, line, col = diagnostic.split(":")[:3]
    return name, int(line), int(col)


def test_there_are_enough_bad_cases() -> None:
    assert len(_files("bad")) >= 40


@pytest.mark.parametrize("path", _files("bad"), ids=lambda p: p.relative_to(CASES).as_posix())
def test_bad_case_is_invalid_with_its_exact_diagnostic(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, lines = _check(path, monkeypatch, "bad")
    summary = "0 passed, 0 failed" if path.name == "page.yaml" else "0 passed, 1 failed"
    assert lines == [*_all_expected(path), summary]
    assert code == 2


@pytest.mark.parametrize("path", _files("wrong"), ids=lambda p: p.name)
def test_wrong_case_disagrees_naming_the_key(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines = _check(path, monkeypatch, "wrong")
    expected = _expected(path)
    assert lines == [*_all_expected(path), "0 passed, 1 failed"]
    assert any(f": {key}" in expected for key in ("expect.", "text:", "title:"))
    assert code == 1


def test_every_expect_key_of_every_kind_has_a_wrong_case() -> None:
    """Each fact a kind states is shown disagreeing in a case of its own (issue 16): a
    fact whose comparison were dropped would pass every good case."""
    from explainer.scenarios.kinds import KINDS

    shown = set()
    for path in _files("wrong"):
        text = path.read_text(encoding="utf-8")
        kind = re.search(r"^kind: (\S+)", text, re.M)
        for key in re.findall(r"expect\.(\w+): scenario says", _expected(path)):
            shown.add((kind.group(1) if kind else "play", key))
    every = {(name, fact.key) for name, kind in KINDS.items() for fact in kind.facts}
    assert sorted(every - shown) == []


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
    expected = [
        f"{folder}/{line}"
        for folder in ("bad", "wrong")
        for path in _files(folder)
        for line in _all_expected(path)
    ]
    problems = lines[:-1]
    assert sorted(problems) == sorted(expected)
    keys = [(x.split(":")[0], int(x.split(":")[1])) for x in problems]
    assert keys == sorted(keys)
    scenarios = [p for p in _files("bad") + _files("wrong") if p.name != "page.yaml"]
    good = len([p for p in _files("good") if p.name != "page.yaml"])
    assert lines[-1] == f"{good} passed, {len(scenarios)} failed"
