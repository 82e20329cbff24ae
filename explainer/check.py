"""``explainer check``: load, run, report; exit 0 (all hold), 1 (disagree) or 2 (invalid).

The verb joins the scenarios (loader, runner, ``--fill``) and the translators' catalog
checks, which is why it lives beside the command line, not inside either package.

Every problem of every file is printed in one run, one line each,
``path:line:col: message``, sorted by path and line; the last line counts the
scenarios: ``N passed, N failed`` (a file with invalid input counts as failed).
Nothing escapes as a traceback: an unexpected exception becomes an
``internal error`` line and exit 2.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

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
from explainer.scenarios.loader import Project, load_project, missing_scenarios
from explainer.signals import write_whole

__all__ = ["EXIT_DISAGREE", "EXIT_INVALID", "EXIT_OK", "run_check"]


def run_check(
    paths: Sequence[str | Path],
    *,
    root: Path | str = ".",
    fill: bool = False,
    report: str | Path | None = None,
    out: TextIO | None = None,
) -> int:
    """Check the scenario files under ``paths`` (default: ``root/scenarios`` and the
    catalogs); print the problems and the count to ``out``; return the exit code."""
    out = out if out is not None else sys.stdout
    try:
        return _run(list(paths), Path(root), fill, report, out)
    except Exception as exc:  # noqa: BLE001 - the user never sees a traceback
        where = str(paths[0]) if paths else str(Path(root) / "scenarios")
        print(one_line(f"{where}:1:1: internal error: {type(exc).__name__}: {exc}"), file=out)
        return EXIT_INVALID


def _run(
    paths: list[str | Path], root: Path, fill: bool, report: str | Path | None, out: TextIO
) -> int:
    extra: list[Any] = []
    missing = [p for p in paths if not os.path.exists(p)]
    for p in missing:
        extra.append(Diagnostic(Location(str(p), 1, 1), "no such file or folder", Code.IO))
    targets = [Path(p) for p in paths if p not in missing]
    if paths and not targets:
        for d in extra:
            print(d, file=out)
        print("0 passed, 0 failed", file=out)
        return EXIT_INVALID
    not_a_project = None if paths else missing_scenarios(root)
    if not_a_project is not None:
        print(not_a_project, file=out)
        return EXIT_INVALID

    project = load_project(root, targets if paths else None)
    if fill:
        if _fill(project, out):
            project = load_project(root, targets if paths else None)
    if not paths:
        from explainer.i18n import check_catalogs

        extra.extend(check_catalogs(root))

    from explainer.scenarios.runner import run_all

    found = run_all(project.scenarios)
    wrong = {d.path for d in found}
    diagnostics = sorted([*project.diagnostics, *extra, *found], key=sort_key)
    for d in diagnostics:
        print(d, file=out)
    if not paths:
        coverage_line = _catalog_coverage(root)
        if coverage_line:
            print(coverage_line, file=out)
    failed = len(set(project.failed_paths)) + len(wrong)
    passed = len(project.scenarios) - len(wrong)
    print(f"{passed} passed, {failed} failed", file=out)

    if report is not None:
        from explainer.report import render_report

        html = render_report(
            project.scenarios, diagnostics, project.failed_paths, passed=passed, failed=failed
        )
        write_whole(Path(report), html)

    return exit_code(diagnostics)


def _catalog_coverage(root: Path) -> str | None:
    """The translators' figures, ``translations: fr 100% (207/207), ...``, when catalogs exist."""
    from explainer.i18n import coverage, format_coverage

    figures = coverage(root)
    return format_coverage(figures) if figures else None


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
