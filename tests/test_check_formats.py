"""``explainer check --format``: the same diagnostics and exit codes in every format; each
machine format is valid by its own grammar, and the lines for people stay out of it.

* ``github``: every line is a workflow command (``::error props::message``) whose
  properties and message un-escape (as the runner does) to the diagnostic's file, line,
  column and message.
* ``junit``: the document parses, has what Jenkins' ``junit-10.xsd`` requires (checked
  element by element here) and one test case per example and per law, and every problem
  is one ``failure`` or ``error``.
* ``json``: every line parses; one object per problem with exactly the documented keys,
  then the summary.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import explainer.check
from explainer.cli import main
from explainer.formats import Case, Format, Outcome, escape_data, escape_property, render
from explainer.scenarios.diagnostics import DISAGREE, Code, Diagnostic, Location, one_line

ROOT = Path(__file__).resolve().parents[1]
WRONG = "tests/cases/wrong/legal-surplus.yaml"
BAD = "tests/cases/bad/bad-card.yaml"
GOOD = "scenarios/which-card/follow/01-follow-suit.yaml"
CASES = {"good": [GOOD], "wrong": [GOOD, WRONG], "bad": [GOOD, WRONG, BAD, "no-such.yaml"]}
MACHINE = [Format.GITHUB, Format.JUNIT, Format.JSON]

COMMAND = re.compile(
    r"::(?P<command>error|warning|notice)(?: (?P<props>[^:\r\n]*))?::(?P<message>[^\r\n]*)"
)
PROPERTIES = frozenset({"file", "line", "endLine", "col", "endColumn", "title"})
"""What an annotation command takes (GitHub's workflow commands)."""
DIAGNOSTIC_KEYS = {"type", "path", "line", "col", "key", "code", "severity", "message"}
SUMMARY_KEYS = {"type", "passed", "failed", "catalog_problems", "problems", "exit_code", "text"}


@pytest.fixture(autouse=True)
def _in_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def _check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _unescape(text: str) -> str:
    """What the runner reads back from an escaped value."""
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


def _annotations(out: str) -> list[tuple[str, int, int, str, str]]:
    """``(file, line, col, title, message)`` of every line, each checked against the
    grammar of a workflow command."""
    found = []
    for line in out.splitlines():
        command = COMMAND.fullmatch(line)
        assert command and command["command"] == "error", line
        props = dict(p.split("=", 1) for p in command["props"].split(","))
        assert set(props) <= PROPERTIES, props
        found.append(
            (
                _unescape(props["file"]),
                int(props["line"]),
                int(props["col"]),
                _unescape(props["title"]),
                _unescape(command["message"]),
            )
        )
    return found


def _text_lines(capsys: pytest.CaptureFixture[str], paths: list[str]) -> list[str]:
    main(["check", *paths])
    return capsys.readouterr().out.splitlines()


# --------------------------------------------------------------------------- every format


def test_text_is_the_default_and_prints_what_check_always_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    default = _check(capsys, *CASES["bad"])
    assert default == _check(capsys, "--format", "text", *CASES["bad"])
    code, out, err = default
    assert (code, err) == (2, "")
    assert out.splitlines() == [
        "no-such.yaml:1:1: no such file or folder",
        "tests/cases/bad/bad-card.yaml:5:8: invalid card: '11S' (expected a rank and a suit, like KS or 10H; did you mean 10S?)",
        "tests/cases/wrong/legal-surplus.yaml:10:3: expect.legal: scenario says 7D 9D, engine "
        "says 9D (rule: climb); not legal: 7D",
        "1 passed, 2 failed",
    ]


@pytest.mark.parametrize("fmt", MACHINE)
@pytest.mark.parametrize(("case", "exit_code"), [("good", 0), ("wrong", 1), ("bad", 2)])
def test_every_format_exits_as_the_text_does_and_writes_the_count_on_stderr_only(
    fmt: Format, case: str, exit_code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _check(capsys, "--format", str(fmt), *CASES[case])
    summary = _text_lines(capsys, CASES[case])[-1]
    assert code == exit_code
    assert err == f"{summary}\n"
    if fmt is Format.JSON:  # the format's own summary says it too
        assert _json_lines(out)[-1]["text"] == summary
    else:
        assert summary not in out


def test_an_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "xml"]) == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err


# --------------------------------------------------------------------------- github


def test_github_writes_one_annotation_per_problem_at_its_file_line_and_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _check(capsys, "--format", "github", *CASES["bad"])
    assert code == 2
    shown = [f"{file}:{line}:{col}: {message}" for file, line, col, _, message in _annotations(out)]
    assert shown == _text_lines(capsys, CASES["bad"])[:-1]
    assert [title for *_, title, _ in _annotations(out)] == [
        "explainer: io",
        "explainer: bad-card",
        "explainer: disagree",
    ]


def test_github_escapes_a_file_name_and_message_with_commas_colons_percents_and_newlines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = tmp_path / "50%, a: b.yaml"
    odd.write_text("id: odd\ntrick:\n  - W: AS\n", encoding="utf-8")
    diagnostic = Diagnostic(Location(str(odd), 2, 3), "one\r\ntwo: 50%, three\x1b[31m", Code.YAML)
    document, _ = render(Format.GITHUB, Outcome((diagnostic,)))
    assert document == (
        f"::error file={escape_property(str(odd))},line=2,col=3,title=explainer%3A yaml"
        "::one%0D%0Atwo: 50%25, three\\x1b[31m\n"
    )
    assert "%2C" in document and "%3A" in document
    assert _annotations(document) == [
        (str(odd), 2, 3, "explainer: yaml", "one\r\ntwo: 50%, three\\x1b[31m")
    ]
    code, out, _ = _check(capsys, "--format", "github", str(odd))
    assert code == 2
    assert all(file == str(odd) for file, *_ in _annotations(out))


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
PRINTABLE_AND_LINE_ENDS = st.text(
    st.one_of(st.characters().filter(str.isprintable), st.sampled_from("\r\n%:,")), max_size=40
)


@given(TEXT)
def test_an_escaped_value_is_one_printable_line_that_cannot_end_a_property(text: str) -> None:
    data, prop = escape_data(text), escape_property(text)
    # no CR, LF or escape sequence; a tab stays, as in the text format
    assert data.replace("\t", "").isprintable() and prop.replace("\t", "").isprintable()
    assert "," not in prop and ":" not in prop


@given(PRINTABLE_AND_LINE_ENDS)
def test_the_runner_reads_back_exactly_the_text_escaped(text: str) -> None:
    assert _unescape(escape_data(text)) == text
    assert _unescape(escape_property(text)) == text


# --------------------------------------------------------------------------- junit


def _junit(document: str) -> ET.Element:
    """The parsed document, checked against what Jenkins' junit-10.xsd requires: a
    ``testsuites`` root of ``testsuite`` elements (``name``, ``tests``, ``failures`` and
    ``errors`` required), whose ``testcase`` elements need a ``name`` and take only
    ``name``, ``time``, ``classname`` and ``group``, holding ``failure``, ``error`` and
    ``system-out`` elements; and what Ant's schema requires on top (a ``type`` on each
    ``failure`` and ``error``, a ``classname`` and a ``time`` on each ``testcase``)."""
    assert document.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ET.fromstring(document)
    assert root.tag == "testsuites"
    for suite in root:
        assert suite.tag == "testsuite"
        assert {"name", "tests", "failures", "errors"} <= set(suite.attrib)
        assert set(suite.attrib) <= {"name", "tests", "failures", "errors", "time", "skipped"}
        for case in suite:
            assert case.tag == "testcase"
            assert set(case.attrib) == {"name", "classname", "time"}
            for child in case:
                assert child.tag in {"failure", "error", "system-out"}
                if child.tag != "system-out":
                    assert set(child.attrib) == {"type", "message"}
        _counts_add_up(suite)
    return root


def _counts_add_up(suite: ET.Element) -> None:
    cases = suite.findall("testcase")
    errors = [c for c in cases if c.find("error") is not None]
    failures = [c for c in cases if c.find("error") is None and c.find("failure") is not None]
    assert suite.get("tests") == str(len(cases))
    assert (suite.get("errors"), suite.get("failures")) == (str(len(errors)), str(len(failures)))


def test_junit_has_a_test_case_per_example_and_law_and_an_element_per_problem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _check(capsys, "--format", "junit", *CASES["bad"])
    assert code == 2
    root = _junit(out)
    suites = {s.get("name"): s for s in root}
    assert [(c.get("name"), c.get("classname")) for c in suites["examples"]] == [
        ("legal-surplus", WRONG),
        ("follow-suit", GOOD),
        (BAD, BAD),
    ]
    assert [c.get("name") for c in suites["files"]] == ["no-such.yaml"]
    problems = [
        (p.tag, p.get("type"), p.text) for case in root.iter("testcase") for p in case if p.text
    ]
    assert sorted(text for *_, text in problems) == _text_lines(capsys, CASES["bad"])[:-1]
    assert sorted(problems) == [
        (
            "error",
            "bad-card",
            "tests/cases/bad/bad-card.yaml:5:8: invalid card: '11S' (expected a rank and a suit, like KS or 10H; did you mean 10S?)",
        ),
        ("error", "io", "no-such.yaml:1:1: no such file or folder"),
        ("failure", "disagree", _text_lines(capsys, [WRONG])[0]),
    ]
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("4", "1", "2")


def test_junit_of_the_whole_project_has_every_example_and_law_each_law_with_its_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from explainer.scenarios.kinds.law import LawScenario
    from explainer.scenarios.loader import load_project

    project = load_project(ROOT)
    code, out, err = _check(capsys, "--format", "junit")
    assert code == 0
    root = _junit(out)
    suites = {s.get("name"): s for s in root}
    laws = {s.id for s in project.scenarios if isinstance(s, LawScenario)}
    examples = {s.id for s in project.scenarios} - laws
    assert {c.get("name") for c in suites["laws"]} == laws
    assert {c.get("name") for c in suites["examples"]} == examples
    for case in suites["laws"]:
        output = case.findtext("system-out")
        assert output and re.search(rf": law {case.get('name')} checked (over|on) ", output)
        assert output in err  # the same line for people
    assert err.endswith(f"{len(project.scenarios)} passed, 0 failed\n")


def test_junit_stays_well_formed_whatever_the_message_holds() -> None:
    hostile = 'a <b> & "c" \x00\x1b[2J\ud800\uffff é\n'
    problem = Diagnostic(Location(f"x{hostile}.yaml", 1, 1), hostile, Code.YAML)
    wrong = Diagnostic(Location("y.yaml", 3, 1), "no", Code.DISAGREE, DISAGREE)
    cases = (Case("laws", "y", "y.yaml", output=hostile),)
    document, _ = render(Format.JUNIT, Outcome((problem, wrong), cases=cases))
    assert document.isascii()
    root = _junit(document)
    (error,) = root.iter("error")
    assert error.get("message") == one_line(hostile)
    assert error.text == str(problem)
    assert root.findtext(".//system-out") == one_line(hostile)
    assert [s.get("name") for s in root] == ["laws", "files"]


# --------------------------------------------------------------------------- json


def _json_lines(out: str) -> list[dict[str, Any]]:
    objects = [json.loads(line) for line in out.splitlines()]
    assert all(isinstance(o, dict) for o in objects)
    *problems, summary = objects
    assert all(set(p) == DIAGNOSTIC_KEYS and p["type"] == "diagnostic" for p in problems)
    assert set(summary) == SUMMARY_KEYS and summary["type"] == "summary"
    return objects


def test_json_writes_an_object_per_problem_with_its_place_key_code_and_severity(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _check(capsys, "--format", "json", *CASES["bad"])
    *problems, summary = _json_lines(out)
    assert [f"{p['path']}:{p['line']}:{p['col']}: {p['message']}" for p in problems] == (
        _text_lines(capsys, CASES["bad"])[:-1]
    )
    assert [(p["code"], p["severity"], p["key"]) for p in problems] == [
        ("io", "invalid", None),
        ("bad-card", "invalid", None),
        ("disagree", "disagree", "expect.legal"),
    ]
    assert summary == {
        "type": "summary",
        "passed": 1,
        "failed": 2,
        "catalog_problems": 0,
        "problems": 3,
        "exit_code": code,
        "text": "1 passed, 2 failed",
    }


def test_json_of_a_good_check_is_its_summary_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--format", "json", GOOD)
    assert code == 0
    assert _json_lines(out) == [
        {
            "type": "summary",
            "passed": 1,
            "failed": 0,
            "catalog_problems": 0,
            "problems": 0,
            "exit_code": 0,
            "text": "1 passed, 0 failed",
        }
    ]


# --------------------------------------------------------------------------- edges


@pytest.mark.parametrize("fmt", MACHINE)
def test_an_internal_error_is_one_problem_in_the_format_never_a_traceback(
    fmt: Format, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(explainer.check, "check_project", broken)
    code, out, err = _check(capsys, "--format", str(fmt), GOOD)
    assert (code, err) == (2, "")
    message = "internal error: RuntimeError: boom"
    if fmt is Format.JSON:
        assert [(p["code"], p["message"]) for p in _json_lines(out)[:-1]] == [("internal", message)]
    elif fmt is Format.JUNIT:
        assert [e.get("message") for e in _junit(out).iter("error")] == [message]
    else:
        assert [a[-1] for a in _annotations(out)] == [message]


def test_outside_a_project_the_text_says_so_as_before_and_json_names_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _check(capsys, "--root", str(tmp_path))
    assert (code, out) == (
        2,
        f"{tmp_path / 'scenarios'}: no such folder (run in the project's folder, or use --root)\n",
    )
    code, out, _ = _check(capsys, "--root", str(tmp_path), "--format", "json")
    (problem, summary) = _json_lines(out)
    assert code == 2 and summary["text"] is None
    assert (problem["path"], problem["code"]) == (str(tmp_path / "scenarios"), "io")
    assert problem["message"] == "no such folder (run in the project's folder, or use --root)"


def test_fill_tells_people_on_stderr_and_leaves_the_document_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = tmp_path / "example.yaml"
    text = (ROOT / GOOD).read_text(encoding="utf-8")
    example.write_text(re.sub(r"(?m)^  rule: follow\n", "", text), encoding="utf-8")
    code, out, err = _check(capsys, "--format", "json", "--fill", str(example))
    assert code == 0
    assert err == f"{example}: filled expect.rule\n1 passed, 0 failed\n"
    assert [o["type"] for o in _json_lines(out)] == ["summary"]
