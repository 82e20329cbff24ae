"""The catalog report's second step made in two processes (``explainer check`` with two
processes and no law to check): the sources extracted in a child while this process
checks each catalog on its own. The output is exactly what one process prints; nothing
is forked where there is nothing to overlap; a failing child only leaves the work to the
check; what a catalog says of itself is computed again when it or its glossary changes."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from explainer.check import run_check
from explainer.i18n import check as catalog_check
from explainer.i18n import staleness
from explainer.scenarios.kinds import law_workers

ROOT = Path(__file__).resolve().parents[2]

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The repository's sources and catalogs without its laws (the laws would be checked
    in the two processes instead, with the whole report beside them)."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "locales", root / "locales")
    shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
    for page in ("which-card", "one-deal"):
        for path in (ROOT / "scenarios" / page).rglob("*.yaml"):
            if "kind: law" not in path.read_text(encoding="utf-8"):
                target = root / path.relative_to(ROOT)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
    return root


def _check(root: Path, jobs: int, cache: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The whole check's output, with an empty memory and the user cache ``cache``."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    _forget(monkeypatch)
    out = io.StringIO()
    run_check([], root=root, out=out, jobs=jobs)
    return out.getvalue()


def _forget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(staleness, "_last", {})
    monkeypatch.setattr(catalog_check, "_OWN", {})


def _record_starts(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    started: list[object] = []
    real = law_workers.Worker.start

    def start(work):  # type: ignore[no-untyped-def]
        started.append(work)
        return real(work)

    monkeypatch.setattr(law_workers.Worker, "start", start)
    return started


@needs_fork
def test_two_processes_extract_in_a_child_and_print_what_one_prints(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = _check(project, 1, tmp_path / "one", monkeypatch)
    started = _record_starts(monkeypatch)
    two = _check(project, 2, tmp_path / "two", monkeypatch)
    assert len(started) == 1
    assert two == one
    assert "translations: fr 100%" in one and one.splitlines()[-1].endswith(" 0 failed")


@needs_fork
def test_the_parent_checks_each_catalog_while_the_child_extracts(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _forget(monkeypatch)
    extracted_here: list[int] = []
    real = staleness._extract

    def recorded(*args):  # type: ignore[no-untyped-def]
        extracted_here.append(os.getpid())
        return real(*args)

    monkeypatch.setattr(staleness, "_extract", recorded)
    report = catalog_check.catalog_report(project, jobs=2)
    assert extracted_here == []  # the child extracted (its calls are not recorded here)
    assert len(catalog_check._OWN) == 2  # pl and fr, checked in this process
    assert len(staleness._last) == 1  # the child's extraction, kept here
    assert report.coverage_lines()[0].startswith("translations: fr 100%")


@needs_fork
def test_nothing_is_forked_when_the_report_is_cached(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _check(project, 1, tmp_path / "cache", monkeypatch)
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))
    assert _check(project, 2, tmp_path / "cache", monkeypatch) == first


@needs_fork
def test_nothing_is_forked_when_only_the_extraction_is_cached(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _check(project, 1, tmp_path / "cache", monkeypatch)
    po = project / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace("{=belote}", "{=capot}", 1), encoding="utf-8")
    one = _check(project, 1, tmp_path / "fresh", monkeypatch)
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))
    assert _check(project, 2, tmp_path / "cache", monkeypatch) == one
    assert "value tokens differ from the source" in one


@needs_fork
def test_a_failing_child_leaves_the_extraction_to_the_check(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = _check(project, 1, tmp_path / "one", monkeypatch)
    here = os.getpid()
    real = staleness._extract

    def only_here(*args):  # type: ignore[no-untyped-def]
        if os.getpid() != here:
            raise RuntimeError("the child fails")
        return real(*args)

    monkeypatch.setattr(staleness, "_extract", only_here)
    assert _check(project, 2, tmp_path / "two", monkeypatch) == one


def test_one_job_never_forks_for_the_catalogs(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))
    assert "translations:" in _check(project, 1, tmp_path / "cache", monkeypatch)


def test_a_catalog_s_own_problems_follow_an_edited_glossary(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert not [d for d in catalog_check.check_catalogs(project) if d.code == "po-glossary"]
    glossary = project / "locales" / "pl" / "glossary.csv"
    theme = catalog_check.THEME_LOCALES / "pl" / "glossary.csv"
    lines = theme.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    row = dict.fromkeys(header, "")
    row.update(source="trick", target="lewa", forbidden="lewa|lewy|lewę|lewą")
    glossary.write_text(
        "\n".join([lines[0], ",".join(row[h] for h in header)]) + "\n", encoding="utf-8"
    )
    found = [d for d in catalog_check.check_catalogs(project) if d.code == "po-glossary"]
    assert found and all("glossary: 'lew" in d.message for d in found)
