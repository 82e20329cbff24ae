"""The bad-input corpus: every mistake answered with its exact located line, exit 2.

Three kinds of files, one mistake each, each stating on its first line the exact line
``explainer check`` and ``explainer build`` must print (``# expect: PATH:LINE:COL: msg``):

* ``tests/cases/bad/`` — scenario files (also checked one by one in tests/scenarios);
  here all of them are planted at once in a copy of the project, under
  ``scenarios/bad/``, and both verbs must report every one in a single run;
* ``tests/cases/bad-pages/<case>/`` — a page folder planted as ``scenarios/<case>/``;
* ``tests/cases/bad-catalogs/<case>.po`` — a catalog planted at the path its expected
  line names. A second line ``# build: tolerated (...)`` marks a problem that ``check``
  reports but ``build`` deliberately tolerates (the site does not use fuzzy entries).

A page, catalog or glossary case (and each test after the corpus's) is planted in a copy
of the project with one page, ``one-deal`` (:func:`~tests.hardening.conftest.one_page`):
the case reads no other page (the duplicate page id names ``one-deal``), which the check
would only read again.

Every output line but the last is ``path:line:col: message``; nothing is a traceback,
and a failed build leaves no output folder behind.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from .conftest import CASES, run_cli

PREFIX = "# expect: "
LOCATED = re.compile(r"^[^:\s][^:]*:\d+:\d+: \S")
LAW_COUNT = re.compile(r"^[^:\s][^:]*\.yaml: law \S+ checked (over|on) \d+ ")

SCENARIO_CASES = sorted(p for p in (CASES / "bad").rglob("*.yaml"))
PAGE_CASES = sorted(p for p in (CASES / "bad-pages").iterdir() if p.is_dir())
CATALOG_CASES = sorted((CASES / "bad-catalogs").glob("*.po"))


def _first_lines(path: Path) -> list[str]:
    return [line.decode("utf-8") for line in path.read_bytes().split(b"\n", 2)[:2]]


def _expected(path: Path) -> str:
    first = _first_lines(path)[0]
    assert first.startswith(PREFIX), f"{path}: the first line must be '{PREFIX}...'"
    return first[len(PREFIX) :]


def _build_tolerated(path: Path) -> bool:
    lines = _first_lines(path)
    return len(lines) > 1 and lines[1].startswith("# build: tolerated")


def _assert_located(lines: list[str], last: str) -> None:
    assert lines, "no output"
    assert re.fullmatch(last, lines[-1]), lines[-1]
    for line in lines[:-1]:
        if line.startswith("translations: "):  # check's coverage summary, before the count
            continue
        if LAW_COUNT.match(line):  # a law that holds, with what it was checked over
            continue
        assert LOCATED.match(line), f"not a located line: {line!r}"


def _check_and_build(root: Path) -> tuple[int, list[str], int, list[str]]:
    code_c, check = run_cli(["--root", ".", "check"], cwd=root)
    code_b, build = run_cli(["--root", ".", "build", "--out", "out/site"], cwd=root)
    return code_c, check, code_b, build


@pytest.fixture
def project(one_page: Path) -> Path:
    """The one-page project (the module's docstring says why), for every test here but
    the scenario corpus's, which plants its cases in the whole project."""
    return one_page


def test_the_corpus_is_large_enough() -> None:
    assert len(SCENARIO_CASES) + len(PAGE_CASES) + len(CATALOG_CASES) >= 50
    assert len(PAGE_CASES) >= 10
    assert len(CATALOG_CASES) >= 10


@pytest.fixture(scope="module")
def all_scenario_cases(
    tmp_path_factory: pytest.TempPathFactory, pristine: Path
) -> tuple[int, list[str], int, list[str], Path]:
    root = tmp_path_factory.mktemp("bad-scenarios") / "project"
    shutil.copytree(pristine, root)
    shutil.copytree(CASES / "bad", root / "scenarios" / "bad")
    return (*_check_and_build(root), root)


@pytest.mark.parametrize(
    "path", SCENARIO_CASES, ids=lambda p: p.relative_to(CASES / "bad").as_posix()
)
def test_bad_scenario_is_reported_by_check_and_build(
    path: Path, all_scenario_cases: tuple[int, list[str], int, list[str], Path]
) -> None:
    code_c, check, code_b, build, root = all_scenario_cases
    wanted = "scenarios/bad/" + _expected(path)
    assert wanted in check
    assert wanted in build
    assert code_c == 2 and code_b == 2
    _assert_located(check, r"\d+ passed, \d+ failed")
    _assert_located(build, r"\d+ problems?; the site was not changed")
    assert not (root / "out").exists()


@pytest.mark.parametrize("case", PAGE_CASES, ids=lambda p: p.name)
def test_bad_page_is_reported_by_check_and_build(case: Path, project: Path) -> None:
    shutil.copytree(case, project / "scenarios" / case.name)
    wanted = _expected(case / "page.yaml")
    code_c, check, code_b, build = _check_and_build(project)
    assert wanted in check
    assert wanted in build
    assert (code_c, code_b) == (2, 2)
    _assert_located(check, r"\d+ passed, \d+ failed")
    _assert_located(build, r"\d+ problems?; the site was not changed")
    assert not (project / "out").exists()


@pytest.mark.parametrize("case", CATALOG_CASES, ids=lambda p: p.stem)
def test_bad_catalog_is_reported_by_check_and_build(case: Path, project: Path) -> None:
    wanted = _expected(case)
    target = project / wanted.split(":", 1)[0]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(case.read_bytes())
    code_c, check, code_b, build = _check_and_build(project)
    if _build_tolerated(case):  # only untranslated: check and build share one verdict
        assert (code_c, code_b) == (0, 0), check + build
        assert (project / "out" / "site" / "index.html").is_file()
        return
    assert wanted in check
    assert code_c == 2
    _assert_located(check, r"\d+ passed, \d+ failed; \d+ catalog problems?")
    assert wanted in build
    assert code_b == 2
    _assert_located(build, r"\d+ problems?; the site was not changed")
    assert not (project / "out").exists()


def test_untranslated_is_an_error_only_in_a_language_that_must_be_complete(
    project: Path,
) -> None:
    (project / "scenarios" / "extra.yaml").write_text(
        "title: A new example nobody has translated\n"
        "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: 9S]\nexpect: {winner: N}\n",
        encoding="utf-8",
    )
    code_c, check, code_b, build = _check_and_build(project)
    assert (code_c, code_b) == (0, 0), check + build
    code, check = run_cli(["check", "--root", ".", "--complete", "pl"], cwd=project)
    assert code == 2
    _assert_located(check, r"\d+ passed, 0 failed; \d+ catalog problems?")
    # fr may only have warnings (the glossary's), never a problem
    assert all("locales/fr/" not in line or ": warning: " in line for line in check)
    settings = project / "pyproject.toml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(
        text.replace("[tool.explainer]\n", '[tool.explainer]\ncomplete = ["pl"]\n'),
        encoding="utf-8",
    )
    code_c, check, code_b, build = _check_and_build(project)
    assert (code_c, code_b) == (2, 2)
    assert any("locales/pl/" in line for line in check)
    problems = [line for line in check if LOCATED.match(line) and ": warning: " not in line]
    assert problems == build[:-1]  # one verdict (the check also prints the glossary's warnings)


def test_unprintable_characters_in_names_are_escaped(project: Path) -> None:
    """One problem, one line: a file name with a newline or a terminal escape is shown
    escaped, so it can neither forge a second line nor recolour the terminal."""
    name = "bad\x1b[31mname\nforged:1:1: all good.yaml"
    (project / "scenarios" / name).write_text("contract: {trump: hearts}\n", encoding="utf-8")
    code_c, check, code_b, build = _check_and_build(project)
    shown = "scenarios/bad\\x1b[31mname\\nforged:1:1: all good.yaml"
    assert (
        f"{shown}:1:1: id: the file name 'bad\\x1b[31mname\\nforged:1:1: all good' is not a "
        "valid id; add an 'id:' (a-z, 0-9 and -)"
    ) in check
    assert (code_c, code_b) == (2, 2)
    for line in check + build:
        assert "\x1b" not in line and "\n" not in line
    assert not any(line.startswith("forged") for line in check + build)


GLOSSARY_HEADER = b"source,target,context,developer_comments,forms,forbidden\n"
BAD_GLOSSARIES = {
    "latin-1": (
        GLOSSARY_HEADER + b"trump,atut,,,,\ntrick,lewa,,,,\nsuit led,kolor wyj\xb6cia,,,,\n",
        "4:19: not UTF-8 text (byte 0xB6); re-save the glossary as UTF-8",
    ),
    "open-quote": (
        GLOSSARY_HEADER + b'trump,atut,,,,\n"trick,lewa,,,,\ntrump,atut,,,,\n',
        "3:1: not valid CSV: a quoted cell is not closed",
    ),
    "text-after-a-quote": (
        GLOSSARY_HEADER + b'"trump"x,atut,,,,\n',
        "2:1: not valid CSV: ',' expected after '\"'",
    ),
    "no-header": (
        b"trump,atut\n",
        "1:1: the header has no column 'source' (expected source,target,context,"
        "developer_comments,forms,forbidden)",
    ),
    "a-cell-too-many": (
        GLOSSARY_HEADER + b"trump,atut,,,,,bez atutu\n",
        "2:1: a row of 7 cells; the header names 6 columns",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_GLOSSARIES))
def test_a_glossary_that_cannot_be_read_is_a_located_problem_for_check_and_build(
    case: str, project: Path
) -> None:
    """A glossary is an input: one that is not UTF-8 or not CSV was read as no terms, so
    the check silently checked no term."""
    data, where = BAD_GLOSSARIES[case]
    (project / "locales" / "pl" / "glossary.csv").write_bytes(data)
    code_c, check, code_b, build = _check_and_build(project)
    wanted = f"locales/pl/glossary.csv:{where}"
    assert (code_c, code_b) == (2, 2), check + build
    assert [line for line in check if "glossary.csv" in line] == [wanted]
    assert [line for line in build if "glossary.csv" in line] == [wanted]
    _assert_located(check, r"\d+ passed, 0 failed; 1 catalog problem")
    assert not (project / "out").exists()
