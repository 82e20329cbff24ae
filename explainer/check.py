"""``explainer check``: load, run, report; exit 0 (all hold), 1 (disagree) or 2 (invalid).

The verb prints what :func:`explainer.pipeline.check_project` finds (the scenarios
and the translators' catalogs, the same verdict ``build`` acts on), fills ``expect``
keys (``--fill``) and writes the HTML report (``--report``).

Every problem of every file is printed in one run, one line each,
``path:line:col: message``, sorted by path and line; then each law that holds, with
the number of positions (or deals) it was checked over under each rule set
(``PATH: law ID checked over 100469 positions under house, official``); the last line counts the
scenarios, ``N passed, N failed`` (a file with invalid input counts as failed), and the
catalog problems when there are some (``; 3 catalog problems``).
Nothing escapes as a traceback: an unexpected exception becomes an
``internal error`` line and exit 2.

``--format github|junit|json`` writes the same problems for a CI system instead
(:mod:`explainer.formats`): the document alone on standard output, the lines for people
and the count on standard error, the exit code the same.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Collection, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TextIO

from explainer.formats import Case, Format, Outcome, render
from explainer.pipeline import Checked, check_project
from explainer.scenarios.diagnostics import (
    EXIT_DISAGREE,
    EXIT_INVALID,
    EXIT_OK,
    Code,
    Diagnostic,
    Location,
    one_line,
    sort_key,
)
from explainer.scenarios.files import outside_links
from explainer.scenarios.kinds.law import LawScenario, checked_line
from explainer.scenarios.loader import Project, find_files, load_project, missing_scenarios
from explainer.signals import write_whole

__all__ = ["EXIT_DISAGREE", "EXIT_INVALID", "EXIT_OK", "run_check"]


def run_check(
    paths: Sequence[str | Path],
    *,
    root: Path | str = ".",
    fill: bool = False,
    report: str | Path | None = None,
    complete: Collection[str] | None = None,
    out: TextIO | None = None,
    jobs: int = 1,
    fmt: Format = Format.TEXT,
    err: TextIO | None = None,
) -> int:
    """Check the scenario files under ``paths`` (default: ``root/scenarios`` and the
    catalogs); write the problems and the count to ``out`` in the format ``fmt``; return
    the exit code.

    ``complete``: the languages whose catalogs must translate everything (default: the
    project's ``[tool.explainer] complete``). ``jobs``: processes that check the laws and
    the catalogs not cached yet (:mod:`~explainer.scenarios.kinds.law_workers`,
    :func:`~explainer.i18n.check.catalog_report`; the output is the same). ``fmt``: a
    machine format (:mod:`explainer.formats`) writes its document alone on ``out`` and the
    lines for people (what ``--fill`` wrote, the laws, the count) on ``err``."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    people = out if fmt is Format.TEXT else err
    try:
        outcome = _run(list(paths), Path(root), fill, report, complete, people, jobs)
        document, for_people = render(fmt, outcome)
    except Exception as exc:  # noqa: BLE001 - the user never sees a traceback
        where = str(paths[0]) if paths else str(Path(root) / "scenarios")
        message = f"internal error: {type(exc).__name__}: {exc}"
        outcome = Outcome((Diagnostic(Location(where, 1, 1), message, Code.INTERNAL),))
        document, for_people = render(fmt, outcome)
    out.write(document)
    out.flush()  # the document before the lines for people, where both reach one terminal
    err.write(for_people)
    return outcome.exit_code


def _run(
    paths: list[str | Path],
    root: Path,
    fill: bool,
    report: str | Path | None,
    complete: Collection[str] | None,
    people: TextIO,
    jobs: int = 1,
) -> Outcome:
    """Check; what ``--fill`` writes goes to ``people`` at once, the rest is returned."""
    missing = [p for p in paths if not os.path.exists(p)]
    extra = [Diagnostic(Location(str(p), 1, 1), "no such file or folder", Code.IO) for p in missing]
    targets = [Path(p) for p in paths if p not in missing] if paths else None
    if paths and not targets:
        return Outcome(tuple(extra), summary="0 passed, 0 failed", failed=0)
    not_a_project = None if paths else missing_scenarios(root)
    if not_a_project is not None:
        where = Location(str(root / "scenarios"), 1, 1)
        why = not_a_project.removeprefix(f"{where.path}: ")
        return Outcome((Diagnostic(where, why, Code.IO),), shown=(not_a_project,))
    if fill:
        from explainer.settings import read_settings

        config, problems = read_settings(root)
        if not problems:  # else the check below reports them, and nothing is filled
            _fill(load_project(root, targets, rules=config.site_rules), people)
    _prefetch(root, targets, complete, jobs)
    checked = check_project(root, targets, complete=complete, jobs=jobs)
    diagnostics = sorted([*checked.diagnostics, *extra], key=sort_key)
    if report is not None:
        from explainer.report import render_report

        html = render_report(
            checked.project.scenarios,
            diagnostics,
            checked.project.failed_paths,
            summary=checked.summary(),
        )
        write_whole(Path(report), html)
    return _outcome(checked, diagnostics)


def _outcome(checked: Checked, diagnostics: list[Diagnostic]) -> Outcome:
    """What the check found, for every format: the laws that hold are printed with what
    they were checked over (a disagreeing law's problem line already says where it fails)."""
    laws = {s.path: one_line(checked_line(s)) for s in _laws(checked.project, checked.wrong)}
    notes = [laws[path] for path in sorted(laws)]
    notes += [*checked.warnings, *checked.coverage]
    warned = sorted((w for s in checked.project.scenarios for w in s.warnings), key=sort_key)
    return Outcome(
        tuple(diagnostics),
        warnings=tuple(warned),
        notes=tuple(notes),
        summary=checked.summary(),
        passed=checked.passed,
        failed=checked.failed,
        catalog_problems=checked.catalog_problems,
        cases=_cases(checked.project, laws),
    )


def _cases(project: Project, laws: Mapping[str, str]) -> tuple[Case, ...]:
    """The JUnit test cases: each example and law by its id, each file that could not be
    read as one by its path."""
    cases = [
        Case(
            "laws" if isinstance(s, LawScenario) else "examples", s.id, s.path, laws.get(s.path, "")
        )
        for s in project.scenarios
    ]
    cases += [Case("examples", path, path) for path in sorted(set(project.failed_paths))]
    return tuple(cases)


def _prefetch(
    root: Path, targets: list[Path] | None, complete: Collection[str] | None, jobs: int
) -> None:
    """Work done ahead in several processes, into the user cache, that the check then
    reads: the laws not cached yet (:mod:`~explainer.scenarios.kinds.law_workers`) and,
    when the whole project is checked, the catalog report in a child of its own
    meanwhile. With no law to check, the catalog report forks by itself where it can
    (:func:`~explainer.i18n.check.catalog_report`). A child that fails only leaves the
    check to do its work."""
    from explainer.scenarios.kinds.law_workers import prefetch_laws

    if outside_links(root):  # the check reports them; nothing may read through them
        return
    beside = partial(_catalog_report, root, complete) if targets is None and jobs > 1 else None
    prefetch_laws(_files(root, targets), jobs, beside=beside)


def _catalog_report(root: Path, complete: Collection[str] | None) -> bool:
    """Make the catalog report (into the user cache, where the check reads it); nothing
    when the settings cannot be read (the check reports them)."""
    from explainer.i18n.check import catalog_report
    from explainer.settings import read_settings

    config, problems = read_settings(root)
    if problems:
        return False
    langs = config.complete if complete is None else complete
    return bool(catalog_report(root, complete=frozenset(langs)))


def _files(root: Path, targets: Sequence[Path] | None) -> list[Path]:
    """The scenario files the check reads."""
    return [f for t in (targets or [root / "scenarios"]) for f in find_files(t)]


def _laws(project: Project, wrong: Collection[str]) -> list[LawScenario]:
    """The laws that hold as stated."""
    return [s for s in project.scenarios if isinstance(s, LawScenario) and s.path not in wrong]


def _fill(project: Project, out: TextIO) -> bool:
    """Fill the absent ``expect`` keys of every valid scenario; True if a file changed."""
    from explainer.scenarios.fill import fill_text

    changed = False
    for path in sorted(set(project.failed_paths)):
        print(f"{path}: not filled: invalid input", file=out)
    for s in sorted(project.scenarios, key=lambda s: s.path):
        with open(s.path, encoding="utf-8", newline="") as fh:
            text = fh.read()
        try:
            new, keys = fill_text(text, s)
        except ValueError as exc:
            print(f"{s.path}: not filled: {exc}", file=out)
            continue
        if keys:
            write_whole(Path(s.path), new)
            changed = True
            print(f"{s.path}: filled " + ", ".join(f"expect.{k}" for k in keys), file=out)
    return changed
