"""One check for every verb: load the scenarios, run them, check the catalogs.

:func:`check_project` is what ``explainer check``, ``build`` and ``serve`` (through
``build``) call, so the three agree on every verdict. It reads the project's settings
(``[tool.explainer]`` in ``pyproject.toml``) with :func:`settings`.

Translation policy: a missing, outdated or fuzzy translation is not an error (the page
falls back to English) unless its language is listed in ``complete``
(``explainer check --complete fr,pl`` or ``[tool.explainer] complete = ["fr", "pl"]``);
what is translated must be right in every language.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from explainer.scenarios.diagnostics import Diagnostic, exit_code, sort_key
from explainer.scenarios.loader import Project, load_project

__all__ = ["Checked", "Settings", "check_project", "settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    """``[tool.explainer]`` of the project's ``pyproject.toml``."""

    base_url: str | None = None
    """The absolute URL the site is served from."""
    complete: frozenset[str] = frozenset()
    """Languages whose catalogs must translate every message (missing, outdated and
    fuzzy translations are errors there)."""


def settings(root: Path) -> Settings:
    """The project's settings; defaults when there is no readable ``pyproject.toml`` (or
    it is a link out of the project: :func:`check_project` says so)."""
    from explainer.scenarios.files import leaves

    if leaves(root, Path(root) / "pyproject.toml"):
        return Settings()
    try:
        with (Path(root) / "pyproject.toml").open("rb") as f:
            data = tomllib.load(f)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return Settings()
    table: dict[str, Any] = data.get("tool", {}).get("explainer", {})
    base_url = table.get("base_url")
    complete = table.get("complete", [])
    return Settings(
        base_url=base_url if isinstance(base_url, str) and base_url else None,
        complete=frozenset(c for c in complete if isinstance(c, str))
        if isinstance(complete, list)
        else frozenset(),
    )


@dataclass(frozen=True, slots=True)
class Checked:
    """The verdict on a project: every problem (sorted), and the counts the check prints."""

    project: Project
    diagnostics: tuple[Diagnostic, ...]
    catalog_problems: int = 0
    coverage: str | None = None
    """The translators' figures, ``translations: fr 100% (207/207), ...``."""
    warnings: tuple[str, ...] = ()
    """Lines printed without failing: glossary terms a translation does not use."""
    wrong: frozenset[str] = field(default=frozenset())
    """The paths of the valid scenarios the engine disagrees with."""

    @property
    def failed(self) -> int:
        """Scenario files that are invalid or disagree."""
        return len(set(self.project.failed_paths)) + len(self.wrong)

    @property
    def passed(self) -> int:
        """Scenarios that hold."""
        return len(self.project.scenarios) - len(self.wrong)

    @property
    def exit_code(self) -> int:
        """0, 1 (an example disagrees) or 2 (invalid input, scenarios or catalogs)."""
        return exit_code(self.diagnostics)

    def summary(self) -> str:
        """The check's last line: ``N passed, N failed`` and the catalog problems."""
        line = f"{self.passed} passed, {self.failed} failed"
        if self.catalog_problems:
            n = self.catalog_problems
            line += f"; {n} catalog problem{'s' if n != 1 else ''}"
        return line


def check_project(
    root: Path,
    paths: Sequence[Path] | None = None,
    *,
    complete: Collection[str] = frozenset(),
) -> Checked:
    """Load the scenario files under ``paths`` (default: all of ``root/scenarios``), run
    each through the engine and, when the whole project is checked, check its catalogs.

    A symbolic link among the project's inputs whose target leaves the project is a
    problem (:func:`~explainer.scenarios.files.outside_links`; among ``paths`` only, the
    loader's); with one, the catalogs are not checked, since their check reads every
    input (the sources, the glossaries)."""
    from explainer.scenarios.files import outside_links
    from explainer.scenarios.runner import run_all

    links = outside_links(root) if paths is None else []
    project = load_project(root, paths)
    found = run_all(project.scenarios)
    catalogs: list[Diagnostic] = []
    coverage_line = None
    warnings: tuple[str, ...] = ()
    if paths is None and not links:
        from explainer.i18n.check import catalog_report

        report = catalog_report(root, complete=frozenset(complete))
        catalogs = list(report.problems)
        coverage_line = report.coverage
        warnings = report.warnings
    return Checked(
        project=project,
        diagnostics=tuple(
            sorted(dict.fromkeys([*links, *project.diagnostics, *found, *catalogs]), key=sort_key)
        ),
        catalog_problems=len(catalogs),
        coverage=coverage_line,
        warnings=warnings,
        wrong=frozenset(d.path for d in found),
    )
