"""The check keeps each extraction, and its catalog report, in the user's cache folder
under the digest of their inputs: a cached result equals a fresh one, a changed input
misses, a corrupt entry is computed again, and nothing is written into the project."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from explainer import cache
from explainer.i18n import check, staleness
from explainer.i18n.check import catalog_report
from explainer.i18n.pofile import Key
from explainer.i18n.staleness import Extracted
from explainer.scenarios.diagnostics import Code

SCENARIO = """\
title: Follow suit
text: "You must follow the suit that was led."
contract: {trump: hearts}
trick: [N: AS]
hand: {seat: E, cards: [7S, 8D]}
expect: {legal: [7S]}
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small project and an empty cache folder; no extraction kept in memory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(staleness, "_last", {})
    root = tmp_path / "project"
    (root / "scenarios" / "rules").mkdir(parents=True)
    (root / "locales").mkdir()
    _mapping(root).write_text("[explainer_yaml: scenarios/**.yaml]\n", encoding="utf-8")
    (root / "scenarios" / "rules" / "follow.yaml").write_text(SCENARIO, encoding="utf-8")
    return root


def _mapping(root: Path) -> Path:
    return root / "locales" / "babel.cfg"


def extract_messages(root: Path) -> dict[Key, Extracted]:
    """The site's messages, as the check extracts them (under its sources' digest)."""
    mapping = _mapping(root)
    return staleness.extract_messages(root, mapping, staleness.sources_digest(root, mapping))


def _entries() -> list[Path]:
    return sorted((cache.cache_dir() / "messages").glob("*"))


def _forget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drop the extraction and the catalogs' checks kept in memory, as a new process
    starts without them."""
    monkeypatch.setattr(staleness, "_last", {})
    monkeypatch.setattr(check, "_OWN", {})


def _no_extraction(*args: object) -> object:
    raise AssertionError("extracted again although the cache holds this extraction")


def test_a_cached_extraction_equals_a_fresh_one(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = extract_messages(project)
    assert ("follow|title", "Follow suit") in fresh
    (entry,) = _entries()
    assert entry.suffix == ".json"
    _forget(monkeypatch)
    monkeypatch.setattr(staleness, "_extract", _no_extraction)
    assert extract_messages(project) == fresh


def test_a_changed_source_is_extracted_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extract_messages(project)
    follow = project / "scenarios" / "rules" / "follow.yaml"
    follow.write_text(SCENARIO.replace("Follow suit", "Follow the suit"), encoding="utf-8")
    _forget(monkeypatch)
    found = extract_messages(project)
    assert ("follow|title", "Follow the suit") in found
    assert ("follow|title", "Follow suit") not in found
    assert len(_entries()) == 2


def test_a_changed_mapping_is_extracted_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert extract_messages(project)
    _mapping(project).write_text("[explainer_yaml: other/**.yaml]\n", encoding="utf-8")
    _forget(monkeypatch)
    assert extract_messages(project) == {}


def test_a_corrupt_cache_entry_is_ignored_and_replaced(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = extract_messages(project)
    for garbage in ('{"not": "a list"}', "[[1, 2]]", "not json at all", "\udcff"):
        (entry,) = _entries()
        entry.write_text(garbage, encoding="utf-8", errors="surrogateescape")
        _forget(monkeypatch)
        assert extract_messages(project) == fresh
    _forget(monkeypatch)
    monkeypatch.setattr(staleness, "_extract", _no_extraction)
    assert extract_messages(project) == fresh  # the entry was written again


def test_the_cache_is_never_in_the_project(project: Path) -> None:
    before = sorted(project.rglob("*"))
    extract_messages(project)
    assert sorted(project.rglob("*")) == before
    assert _entries()[0].parent.parent == project.parent / "cache" / "explainer"


def test_an_unwritable_cache_folder_only_costs_the_time(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = project.parent / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert ("follow|title", "Follow suit") in extract_messages(project)


def test_cache_writes_are_atomic_and_the_folder_keeps_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for n in range(cache.KEEP + 3):
        cache.write_entry("things", f"k{n:02d}", [n])
    names = sorted(p.name for p in (tmp_path / "explainer" / "things").iterdir())
    assert len(names) == cache.KEEP  # no temporary file left, the oldest pruned
    assert cache.read_entry("things", f"k{cache.KEEP + 2:02d}") == [cache.KEEP + 2]
    assert cache.read_entry("things", "absent") is None


def test_help_imports_neither_the_engine_nor_the_scenarios_kinds() -> None:
    code = (
        "import sys\n"
        "from explainer.cli import main\n"
        "assert main(['--help']) == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith(('explainer.engine',"
        " 'explainer.scenarios.kinds', 'babel', 'jinja2', 'yaml'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.splitlines()[-1] == "[]"


# -- the catalog report ------------------------------------------------------------------

PO = """\
msgid ""
msgstr ""
"Language: pl\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgctxt "follow|text"
msgid "You must follow the suit that was led."
msgstr "{7S} Musisz dołożyć do koloru wyjścia."
"""


@pytest.fixture
def translated(project: Path) -> Path:
    """The small project with a Polish catalog whose one translation names a card the
    English does not (a problem the report must keep)."""
    po = project / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    return project


def _no_check(*args: object, **kwargs: object) -> object:
    raise AssertionError("checked again although the cache holds this report")


def test_a_cached_catalog_report_equals_a_fresh_one(
    translated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = catalog_report(translated)
    assert Code.PO_CARDS in [d.code for d in fresh.problems]
    assert fresh.coverage_lines()[0].startswith("translations: pl 50% (1/2")
    _forget(monkeypatch)
    monkeypatch.setattr(check, "_own_and_sources", _no_check)
    assert catalog_report(translated) == fresh


@pytest.mark.parametrize("change", ["catalog", "glossary", "scenario", "complete"])
def test_a_changed_input_checks_the_catalogs_again(
    change: str, translated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = catalog_report(translated)
    complete: frozenset[str] = frozenset()
    po = translated / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    if change == "catalog":
        po.write_text(PO.replace("{7S} ", ""), encoding="utf-8")
    elif change == "glossary":
        (po.parent.parent / "glossary.csv").write_text(
            "source,target,context,developer_comments,forms,forbidden\n"
            "suit,kolor,,,kolorem,\n",  # a warning: no approved form in the translation
            encoding="utf-8",
        )
    elif change == "scenario":
        (translated / "scenarios" / "rules" / "follow.yaml").write_text(
            SCENARIO.replace("You must", "You have to"), encoding="utf-8"
        )
    else:
        complete = frozenset({"pl"})
    _forget(monkeypatch)
    again = catalog_report(translated, complete=complete)
    assert again != fresh
    _forget(monkeypatch)
    monkeypatch.setattr(check, "_own_and_sources", _no_check)
    assert catalog_report(translated, complete=complete) == again  # and kept in turn


def test_a_corrupt_catalog_report_is_ignored(
    translated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = catalog_report(translated)
    (entry,) = sorted((cache.cache_dir() / "catalogs").glob("*.json"))
    for garbage in ("{}", '{"problems": [[1]], "coverage": null, "warnings": []}', "[oops"):
        entry.write_text(garbage, encoding="utf-8")
        _forget(monkeypatch)
        assert catalog_report(translated) == fresh


# -- the sources read once per check -------------------------------------------------------


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Record each walk through a project's sources (to read and hash them)."""
    reads: list[Path] = []
    real = staleness._source_files

    def counted(root: Path, method_map: object) -> object:
        reads.append(root)
        return real(root, method_map)  # type: ignore[arg-type]

    monkeypatch.setattr(staleness, "_source_files", counted)
    return reads


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_whole_check_reads_the_sources_once(
    jobs: int, translated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report's key, the extraction and the coverage share one digest, whether the
    extraction is made here or in a child."""
    from explainer.check import run_check

    _forget(monkeypatch)
    reads = _count_reads(monkeypatch)
    out = io.StringIO()
    run_check([], root=translated, out=out, jobs=jobs)
    assert "translations: pl 50%" in out.getvalue()
    assert reads == [translated]
    run_check([], root=translated, out=io.StringIO(), jobs=jobs)
    assert reads == [translated, translated]  # the next check reads them again


def test_a_root_file_the_mapping_names_is_a_source(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pyproject.toml`` (the site's settings' texts) is extracted, and an edit of it
    is seen: it is part of the sources' digest."""
    _mapping(project).write_text(
        "[explainer_yaml: scenarios/**.yaml]\n[explainer_settings: pyproject.toml]\n",
        encoding="utf-8",
    )
    (project / "pyproject.toml").write_text(
        '[tool.explainer]\ntitle = "Club rules"\n', encoding="utf-8"
    )
    assert ("site:title", "Club rules") in extract_messages(project)
    (project / "pyproject.toml").write_text(
        '[tool.explainer]\ntitle = "Our rules"\n', encoding="utf-8"
    )
    found = extract_messages(project)
    assert ("site:title", "Our rules") in found and ("site:title", "Club rules") not in found
