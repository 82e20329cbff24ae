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
"""

from __future__ import annotations

import os
import sys
from collections.abc import Collection, Sequence
from functools import partial
from pathlib import Path
from typing import TextIO

from explainer.pipeline import check_project
from explainer.scenarios.diagnostics import (
    EXIT_DISAGREE,
    EXIT_INVALID,
    EXIT_OK,
    Code,
    Diagnostic,
    Location,
    exit_code,
    one_line,
    sort_key,
)
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
) -> int:
    """Check the scenario files under ``paths`` (default: ``root/scenarios`` and the
    catalogs); print the problems and the count to ``out``; return the exit code.

    ``complete``: the languages whose catalogs must translate everything (default: the
    project's ``[tool.explainer] complete``). ``jobs``: processes that check the laws and
    the catalogs not cached yet (:mod:`~explainer.scenarios.kinds.law_workers`,
    :func:`~explainer.i18n.check.catalog_report`; the output is the same)."""
    out = out if out is not None else sys.stdout
    try:
        return _run(list(paths), Path(root), fill, report, complete, out, jobs)
    except Exception as exc:  # noqa: BLE001 - the user never sees a traceback
        where = str(paths[0]) if paths else str(Path(root) / "scenarios")
        print(one_line(f"{where}:1:1: internal error: {type(exc).__name__}: {exc}"), file=out)
        return EXIT_INVALID


def _run(
    paths: list[str | Path],
    root: Path,
    fill: bool,
    report: str | Path | None,
    complete: Collection[str] | None,
    out: TextIO,
    jobs: int = 1,
) -> int:
    missing = [p for p in paths if not os.path.exists(p)]
    extra = [Diagnostic(Location(str(p), 1, 1), "no such file or folder", Code.IO) for p in missing]
    targets = [Path(p) for p in paths if p not in missing] if paths else None
    if paths and not targets:
        for d in extra:
            print(d, file=out)
        print("0 passed, 0 failed", file=out)
        return EXIT_INVALID
    not_a_project = None if paths else missing_scenarios(root)
    if not_a_project is not None:
        print(not_a_project, file=out)
        return EXIT_INVALID
    if fill:
        from explainer.settings import read_settings

        config, problems = read_settings(root)
        if not problems:  # else the check below reports them, and nothing is filled
            _fill(load_project(root, targets, rules=config.site_rules), out)
    if jobs > 1:
        _prefetch(root, targets, complete, jobs)
    checked = check_project(root, targets, complete=complete, jobs=jobs)
    diagnostics = sorted([*checked.diagnostics, *extra], key=sort_key)
    for d in diagnostics:
        print(d, file=out)
    for law in sorted(_laws(checked.project, checked.wrong), key=lambda s: s.path):
        print(one_line(checked_line(law)), file=out)
    for line in (*checked.warnings, *checked.coverage):
        print(line, file=out)
    print(checked.summary(), file=out)
    if report is not None:
        from explainer.report import render_report

        html = render_report(
            checked.project.scenarios,
            diagnostics,
            checked.project.failed_paths,
            summary=checked.summary(),
        )
        write_whole(Path(report), html)

    return exit_code(diagnostics)


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

    beside = partial(_catalog_report, root, complete) if targets is None else None
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
    """The laws that hold as stated (a disagreeing law's problem line already says where
    it fails and why), each printed with the count it was checked over."""
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
