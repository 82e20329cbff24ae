"""One check for every verb: read the settings, load the scenarios, run them, check the catalogs.

:func:`check_project` is what ``explainer check``, ``build`` and ``serve`` (through
``build``) call, so the three agree on every verdict. It reads the project's settings
first (``[tool.explainer]`` in ``pyproject.toml``, :mod:`explainer.settings`): a
setting that cannot be used stops the check there (every such problem is reported;
scenarios naming a rule set the settings failed to define would only repeat it).

Translation policy: a missing, outdated or fuzzy translation is not an error (the page
falls back to English) unless its language is listed in ``complete``
(``explainer check --complete fr,pl`` or ``[tool.explainer] complete = ["fr", "pl"]``);
what is translated must be right in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from explainer.scenarios.diagnostics import Diagnostic, exit_code, sort_key
from explainer.scenarios.files import Confinement
from explainer.scenarios.loader import (
    FileLoader,
    KeptRead,
    Project,
    find_files,
    load_file,
    load_project,
    read_every_time,
)
from explainer.scenarios.model import Scenario
from explainer.settings import Settings, read_settings

if TYPE_CHECKING:
    from explainer.i18n.check import CatalogReport

__all__ = ["Checked", "Settings", "Stages", "check_project", "settings"]


def settings(root: Path) -> Settings:
    """The project's settings, with defaults where they cannot be read (a caller that
    must report their problems uses :func:`~explainer.settings.read_settings`)."""
    return read_settings(root)[0]


@dataclass(frozen=True, slots=True)
class Checked:
    """The verdict on a project: every problem (sorted), and the counts the check prints."""

    project: Project
    diagnostics: tuple[Diagnostic, ...]
    settings: Settings = field(default_factory=Settings)
    settings_problems: int = 0
    catalog_problems: int = 0
    coverage: tuple[str, ...] = ()
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
        """0, 1 (an example disagrees) or 2 (invalid input: settings, scenarios, catalogs)."""
        return exit_code(self.diagnostics)

    def summary(self) -> str:
        """The check's last line: ``N passed, N failed`` and the other problems."""
        line = f"{self.passed} passed, {self.failed} failed"
        if self.settings_problems:
            n = self.settings_problems
            line += (
                f"; {n} problem{'s' if n != 1 else ''} in {self.settings.path},"
                " so nothing else was checked"
            )
        if self.catalog_problems:
            n = self.catalog_problems
            line += f"; {n} catalog problem{'s' if n != 1 else ''}"
        return line


@dataclass(frozen=True, slots=True)
class Stages:
    """The check's steps that a caller may replace by its own (``None``: the plain one).

    ``explainer serve`` keeps the value of each between rebuilds
    (:class:`explainer.site.incremental.Memo`): a replacement takes and returns what the
    plain function does, so the verdict is the same.
    """

    load_file: FileLoader = load_file
    """Reads one scenario or page file (:func:`~explainer.scenarios.loader.load_file`)."""
    run_all: Callable[[Iterable[Scenario]], list[Diagnostic]] | None = None
    """The disagreements (:func:`~explainer.scenarios.runner.run_all`)."""
    catalog_report: Callable[[Path, frozenset[str], int], CatalogReport] | None = None
    """The catalogs' report (:func:`~explainer.i18n.check.catalog_report`)."""
    outside_links: Callable[[Path], list[Diagnostic]] | None = None
    """The links out of the project (:func:`~explainer.scenarios.files.outside_links`):
    a memo that has just looked for them (the build, before it checks) need not walk the
    inputs again."""
    find_files: Callable[[Path], list[Path]] = find_files
    """The scenario and page files under a folder (:func:`~explainer.scenarios.loader.find_files`)."""
    confinement: Callable[[Path], Confinement] = Confinement
    """Which files lead out of the project (:class:`~explainer.scenarios.files.Confinement`)."""
    kept_read: KeptRead = read_every_time
    """Keeps each file's reading between passes (:data:`~explainer.scenarios.loader.KeptRead`)."""


def check_project(
    root: Path,
    paths: Sequence[Path] | None = None,
    *,
    complete: Collection[str] | None = None,
    jobs: int = 1,
    stages: Stages = Stages(),
) -> Checked:
    """Read the settings, load the scenario files under ``paths`` (default: all of
    ``root/scenarios``), run each through the engine and, when the whole project is
    checked, check its catalogs (``jobs``: processes the catalog check may use).
    ``complete`` defaults to the settings' ``complete``; ``stages`` replaces steps.

    A symbolic link among the project's inputs whose target leaves the project is a
    problem (:func:`~explainer.scenarios.files.outside_links`; among ``paths`` only, the
    loader's); with one, the catalogs are not checked, since their check reads every
    input (the sources, the glossaries)."""
    from explainer.scenarios.files import outside_links
    from explainer.scenarios.runner import run_all

    links = (stages.outside_links or outside_links)(root) if paths is None else []
    config, problems = read_settings(root)
    if problems:
        return Checked(
            project=Project((), (), ()),
            diagnostics=tuple(sorted(dict.fromkeys([*links, *problems]), key=sort_key)),
            settings=config,
            settings_problems=len(problems),
        )
    project = load_project(
        root,
        paths,
        rules=config.site_rules,
        load=stages.load_file,
        find=stages.find_files,
        inside=stages.confinement(root),
        kept=stages.kept_read,
    )
    found = (stages.run_all or run_all)(project.scenarios)
    catalogs: list[Diagnostic] = []
    coverage: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    if paths is None and not links:
        langs = config.complete if complete is None else complete
        report = _catalog_report(stages)(root, frozenset(langs), jobs)
        catalogs = list(report.problems)
        coverage = tuple(report.coverage_lines())
        warnings = report.warnings
    return Checked(
        project=project,
        diagnostics=tuple(
            sorted(dict.fromkeys([*links, *project.diagnostics, *found, *catalogs]), key=sort_key)
        ),
        settings=config,
        catalog_problems=len(catalogs),
        coverage=coverage,
        warnings=warnings,
        wrong=frozenset(d.path for d in found),
    )


def _catalog_report(stages: Stages) -> Callable[[Path, frozenset[str], int], CatalogReport]:
    if stages.catalog_report is not None:
        return stages.catalog_report
    from explainer.i18n.check import catalog_report

    return lambda root, complete, jobs: catalog_report(root, complete=complete, jobs=jobs)
