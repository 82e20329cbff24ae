"""``explainer check --format``: the same diagnostics, for people or for a CI system.

``text`` (the default) is what ``check`` always printed: one line per problem,
``path:line:col: message``, then the lines for people (each law that holds with what it was
checked over, the glossary warnings, the translators' coverage) and the count.

The three machine formats write only their document on standard output, so that it can be
piped or redirected whole, and the lines for people and the count on standard error:

* ``github``: one GitHub Actions workflow command per problem,
  ``::error file=PATH,line=L,col=C,title=explainer: CODE::MESSAGE``, which the runner turns
  into an annotation on that line of the file. Values are escaped as the runner un-escapes
  them (the actions toolkit's ``escapeData`` and ``escapeProperty``): ``%``, carriage return
  and line feed in the message, and ``,`` and ``:`` as well in a property.
* ``junit``: JUnit XML as Jenkins' ``junit-10.xsd`` describes it: a ``testsuite`` each for
  the examples, the laws and the other files with problems (pages, catalogs), one
  ``testcase`` per example and per law (named by its id, its ``classname`` the file), one
  ``failure`` (a stated fact disagrees) or ``error`` (invalid input) per problem. The
  document is ASCII, everything else written as character references, so no terminal
  encoding can break it.
* ``json``: JSON lines, one object per problem (``path``, ``line``, ``col``, ``key``,
  ``code``, ``severity``, ``message``), then one summary object.

Every format is rendered whole in memory before anything is written: a fault while
rendering leaves no half document behind (the verb then writes its internal error in the
same format). The exit codes do not depend on the format.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from explainer.scenarios.diagnostics import Diagnostic, Severity, dotted, exit_code, one_line

__all__ = ["Case", "Format", "Outcome", "escape_data", "escape_property", "render"]


class Format(StrEnum):
    """What ``explainer check --format`` writes on standard output."""

    TEXT = "text"
    """Lines for people (the default)."""
    GITHUB = "github"
    """GitHub Actions workflow commands: an annotation per problem."""
    JUNIT = "junit"
    """JUnit XML: a test case per example and per law."""
    JSON = "json"
    """JSON lines: an object per problem, then a summary object."""


@dataclass(frozen=True, slots=True)
class Case:
    """A JUnit test case: an example or a law (named by its id), or a file that could not be
    read as one (named by its path)."""

    suite: str
    """``examples``, ``laws`` or ``files``."""
    name: str
    path: str
    output: str = ""
    """What the case printed for people (a law's positions checked): its ``system-out``."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one check found, as every format writes it."""

    diagnostics: tuple[Diagnostic, ...]
    """Every problem, in the order printed (by path, line, column)."""
    notes: tuple[str, ...] = ()
    """Lines for people between the problems and the count: the laws that hold, the
    glossary warnings, the coverage."""
    summary: str | None = None
    """The count, ``N passed, N failed``; ``None`` when the check did not get that far."""
    passed: int = 0
    failed: int = 0
    catalog_problems: int = 0
    cases: tuple[Case, ...] = ()
    """The examples and laws checked (the JUnit test cases)."""
    shown: tuple[str, ...] | None = None
    """The text format's lines for the problems, when not ``str(d)`` for each."""

    @property
    def exit_code(self) -> int:
        """0, 1 or 2, whatever the format."""
        return exit_code(self.diagnostics)

    def for_people(self) -> list[str]:
        """The lines after the problems: the notes and the count."""
        return [*self.notes, *([self.summary] if self.summary is not None else [])]


def render(fmt: Format, outcome: Outcome) -> tuple[str, str]:
    """``(document, for people)``: what goes to standard output and what to standard error."""
    if fmt is Format.TEXT:
        shown = outcome.shown if outcome.shown is not None else map(str, outcome.diagnostics)
        return _lines([*shown, *outcome.for_people()]), ""
    document = _RENDERERS[fmt](outcome)
    return document, _lines(outcome.for_people())


def _lines(lines: Iterable[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


# --------------------------------------------------------------------------- github


def escape_data(text: str) -> str:
    """A workflow command's message as the runner reads it back: ``%``, CR and LF escaped
    (``%25``, ``%0D``, ``%0A``), so the command stays one line and a message cannot start
    a command of its own; then any other unprintable character escaped as the text format
    escapes it (:func:`~explainer.scenarios.diagnostics.one_line`).

    >>> escape_data("50% off\\r\\nnext")
    '50%25 off%0D%0Anext'
    """
    return one_line(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    """A workflow command's property value: :func:`escape_data`, and ``:`` and ``,``
    (``%3A``, ``%2C``), which end the value or the properties.

    >>> escape_property("a,b: c%")
    'a%2Cb%3A c%25'
    """
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(outcome: Outcome) -> str:
    return _lines(_annotation(d) for d in outcome.diagnostics)


def _annotation(d: Diagnostic) -> str:
    """``::error file=…,line=…,col=…,title=…::message`` for one problem."""
    props = {"file": d.path, "line": d.line, "col": d.location.col, "title": f"explainer: {d.code}"}
    shown = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items())
    return f"::error {shown}::{escape_data(d.message)}"


# --------------------------------------------------------------------------- json


def _json(outcome: Outcome) -> str:
    lines = [_dumps(_diagnostic_object(d)) for d in outcome.diagnostics]
    lines.append(_dumps(_summary_object(outcome)))
    return _lines(lines)


def _dumps(obj: Mapping[str, Any]) -> str:
    """One JSON line, ASCII (``\\uXXXX`` for the rest), so any terminal shows it intact."""
    return json.dumps(obj, ensure_ascii=True)


def _diagnostic_object(d: Diagnostic) -> dict[str, Any]:
    return {
        "type": "diagnostic",
        "path": d.path,
        "line": d.line,
        "col": d.location.col,
        "key": dotted(d.location.key) if d.location.key else None,
        "code": str(d.code),
        "severity": str(d.severity),
        "message": d.message,
    }


def _summary_object(outcome: Outcome) -> dict[str, Any]:
    return {
        "type": "summary",
        "passed": outcome.passed,
        "failed": outcome.failed,
        "catalog_problems": outcome.catalog_problems,
        "problems": len(outcome.diagnostics),
        "exit_code": outcome.exit_code,
        "text": outcome.summary,
    }


# --------------------------------------------------------------------------- junit

_SUITES: Final = ("examples", "laws", "files")
"""The test suites, in the order written."""


@dataclass(slots=True)
class _Tally:
    """One test suite's cases and counts (a case counts once: an error if it has one, else
    a failure if it has one)."""

    cases: list[tuple[Case, list[Diagnostic]]] = field(default_factory=list)
    failures: int = 0
    errors: int = 0

    def add(self, case: Case, problems: list[Diagnostic]) -> None:
        self.cases.append((case, problems))
        severities = {d.severity for d in problems}
        if Severity.INVALID in severities:
            self.errors += 1
        elif severities:
            self.failures += 1


def _junit(outcome: Outcome) -> str:
    tallies = _tallies(outcome)
    root = ET.Element("testsuites", name="explainer check")
    _counts(
        root,
        sum(len(t.cases) for t in tallies.values()),
        sum(t.failures for t in tallies.values()),
        sum(t.errors for t in tallies.values()),
    )
    for name, tally in tallies.items():
        suite = ET.SubElement(root, "testsuite", name=name)
        _counts(suite, len(tally.cases), tally.failures, tally.errors)
        suite.set("skipped", "0")
        for case, problems in tally.cases:
            _testcase(suite, case, problems)
    ET.indent(root)
    body = ET.tostring(root, encoding="us-ascii", xml_declaration=False).decode("ascii")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _tallies(outcome: Outcome) -> dict[str, _Tally]:
    """The non-empty suites: every case with its problems, and a ``files`` case for each
    other file with problems (a page, a catalog, a file that is no scenario)."""
    by_path: dict[str, list[Diagnostic]] = {}
    for d in outcome.diagnostics:
        by_path.setdefault(d.path, []).append(d)
    known = {c.path for c in outcome.cases}
    others = [Case("files", path, path) for path in by_path if path not in known]
    tallies = {name: _Tally() for name in _SUITES}
    for case in [*outcome.cases, *others]:
        tallies[case.suite].add(case, by_path.get(case.path, []))
    return {name: tally for name, tally in tallies.items() if tally.cases}


def _counts(element: ET.Element, tests: int, failures: int, errors: int) -> None:
    element.set("tests", str(tests))
    element.set("failures", str(failures))
    element.set("errors", str(errors))
    element.set("time", "0")


def _testcase(suite: ET.Element, case: Case, problems: list[Diagnostic]) -> None:
    element = ET.SubElement(
        suite, "testcase", name=one_line(case.name), classname=one_line(case.path), time="0"
    )
    for d in problems:
        tag = "error" if d.severity is Severity.INVALID else "failure"
        problem = ET.SubElement(element, tag, type=str(d.code), message=one_line(d.message))
        problem.text = str(d)
    if case.output:
        ET.SubElement(element, "system-out").text = one_line(case.output)


_RENDERERS: Final = {Format.GITHUB: _github, Format.JUNIT: _junit, Format.JSON: _json}
