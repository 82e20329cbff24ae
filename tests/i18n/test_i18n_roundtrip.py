"""An English author is never blocked by translation lag; a translator's round trip works.

The commands are those of TRANSLATING.md, run in-process through Babel's own front end.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from explainer.cli import main
from explainer.i18n import check_catalogs, coverage, format_coverage
from explainer.i18n.staleness import KEYWORDS

ROOT = Path(__file__).resolve().parents[2]
EXTRACT = [
    "pybabel",
    "-q",
    "extract",
    "-F",
    "locales/babel.cfg",
    *(a for k in KEYWORDS for a in ("-k", k)),
    "--add-comments=NOTE:",
    "--sort-by-file",
    "--project=explainer",
    "--copyright-holder=the explainer authors",
    "-o",
    "locales/messages.pot",
    ".",
]
UPDATE = [
    "pybabel",
    "-q",
    "update",
    "-i",
    "locales/messages.pot",
    "-d",
    "locales",
    "--ignore-obsolete",
    "--no-fuzzy-matching",
]
NOTICE = {
    "fr": '<p class="untranslated" lang="fr"><span aria-hidden="true">⚑</span> '
    "Pas encore traduit\u00a0: ce passage est affiché en anglais.</p>",
    "pl": '<p class="untranslated" lang="pl"><span aria-hidden="true">⚑</span> '
    "Jeszcze nieprzetłumaczone: ten fragment jest wyświetlany po angielsku.</p>",
}
NEW_EXAMPLE = """\
id: follow-suit-again
title: West takes the trick
page: which-card
section: follow
order: 2
contract: {game: belote, rules: house, trump: hearts}
trick:
  - W: AS
hand:
  seat: N
  cards: [KS, 7S, JH, 9C, 10D]
expect:
  legal: [KS, 7S]
  rule: follow
text: |
  West leads {AS} again; North still holds {KS} and {7S}, and must play one of them.
"""


def _copy_project(dest: Path, *, tests: bool = False) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.mo", ".hypothesis", ".pytest_cache")
    for name in ("scenarios", "templates", "locales", "explainer", *(("tests",) if tests else ())):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")


def _build(root: Path) -> Path:
    from explainer.site.build import run_build

    out = io.StringIO()
    code = run_build(root=root, out=root / "out", base_url=None, out_stream=out)
    assert code == 0, out.getvalue()
    return root / "out"


def _scenario_count(root: Path) -> int:
    """The scenario files of the project at ``root`` (every one passes)."""
    return sum(1 for p in (root / "scenarios").rglob("*.yaml") if p.name != "page.yaml")


def _example(html: str, example_id: str) -> str:
    start = html.index(f'id="{example_id}"')
    return html[start : html.index("</article>", start)]


def test_untranslated_english_example_passes_check_build_and_the_suites_catalog_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _copy_project(tmp_path, tests=True)
    (tmp_path / "scenarios/which-card/follow/02-follow-suit-again.yaml").write_text(
        NEW_EXAMPLE, encoding="utf-8"
    )

    assert main(["--root", str(tmp_path), "check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    total = coverage(tmp_path)["pl"].total
    done = total - 2  # the new title and text
    assert lines[-2:] == [
        f"translations: fr {100 * done // total}% ({done}/{total}, 2 new), "
        f"pl {100 * done // total}% ({done}/{total}, 2 new); untranslated messages show in "
        "English: to translate them, run python -m explainer.i18n.update, then fill in the "
        "empty entries",
        f"{_scenario_count(tmp_path)} passed, 0 failed",
    ]

    site = _build(tmp_path)
    for lang in ("fr", "pl"):
        example = _example(
            (site / lang / "which-card/index.html").read_text("utf-8"), "follow-suit-again"
        )
        assert NOTICE[lang] in example
        assert '<h3 id="follow-suit-again-title" lang="en">' in example
        assert "West takes the trick" in example

    suite = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         "tests/i18n/test_i18n_shipped.py", "tests/i18n/test_i18n_checkers.py",
         "tests/test_shipped_examples.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert suite.returncode == 0, suite.stdout[-3000:]


def test_update_without_fuzzy_matching_leaves_new_messages_empty_not_guessed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 10's trap: Babel's fuzzy matching turned "West takes" into "preneurs"."""
    _copy_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scenarios/which-card/follow/02-follow-suit-again.yaml").write_text(
        NEW_EXAMPLE, encoding="utf-8"
    )
    CommandLineInterface().run(EXTRACT)
    CommandLineInterface().run(UPDATE)
    for lang in ("fr", "pl"):
        with (tmp_path / f"locales/{lang}/LC_MESSAGES/messages.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        message = catalog.get("West takes the trick", context="follow-suit-again|title")
        assert message is not None and message.string == "" and not message.fuzzy
    assert check_catalogs(tmp_path) == []
    assert format_coverage(coverage(tmp_path)).startswith("translations: fr 99% (")


def test_extract_update_translate_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _copy_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    scenario = tmp_path / "scenarios/which-card/follow/01-follow-suit.yaml"
    text = scenario.read_text(encoding="utf-8")
    old = "title: Follow the suit that was led\n"
    assert old in text
    scenario.write_text(
        text.replace(old, "title: Follow the suit that was led, always\n"), encoding="utf-8"
    )
    assert check_catalogs(tmp_path) == []  # English ahead of the catalogs is no error
    assert coverage(tmp_path)["pl"].new == 1

    CommandLineInterface().run(EXTRACT)
    CommandLineInterface().run(UPDATE)
    assert check_catalogs(tmp_path) == []
    pl = coverage(tmp_path)["pl"]
    assert (pl.translated, pl.new) == (pl.total - 1, 0)
    po = tmp_path / "locales/pl/LC_MESSAGES/messages.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale="pl")
    message = catalog.get("Follow the suit that was led, always", context="follow-suit|title")
    assert message is not None and message.string == ""
    assert [(d.path, d.code) for d in check_catalogs(tmp_path, complete=("pl",))] == [
        ("locales/pl/LC_MESSAGES/messages.po", "po-untranslated")
    ]

    message.string = "Zawsze dołożyć do koloru wyjścia"
    with po.open("wb") as f:
        write_po(f, catalog)
    assert check_catalogs(tmp_path, complete=("pl",)) == []
    assert [d.path for d in check_catalogs(tmp_path, complete=("fr", "pl"))] == [
        "locales/fr/LC_MESSAGES/messages.po"  # French not translated yet
    ]

    site = _build(tmp_path)
    page = (site / "pl/which-card/index.html").read_text(encoding="utf-8")
    assert "Zawsze dołożyć do koloru wyjścia" in page
    french = _example((site / "fr/which-card/index.html").read_text("utf-8"), "follow-suit")
    assert "Follow the suit that was led, always" in french and NOTICE["fr"] in french


def test_a_language_declared_complete_lists_every_missing_message(tmp_path: Path) -> None:
    _copy_project(tmp_path)
    (tmp_path / "scenarios/which-card/follow/02-follow-suit-again.yaml").write_text(
        NEW_EXAMPLE, encoding="utf-8"
    )
    found = [str(d) for d in check_catalogs(tmp_path, complete=("fr",))]
    where = "scenarios/which-card/follow/02-follow-suit-again.yaml"
    assert found == [
        f"{tmp_path}/locales/fr/LC_MESSAGES/messages.po:1:1: not in the catalog: "
        "'West leads {AS} again; North still holds {KS} and…' "
        f"(msgctxt 'follow-suit-again|text') from {where}:15; "
        "run python -m explainer.i18n.update",
        f"{tmp_path}/locales/fr/LC_MESSAGES/messages.po:1:1: not in the catalog: "
        f"'West takes the trick' (msgctxt 'follow-suit-again|title') from {where}:2; "
        "run python -m explainer.i18n.update",
        f"{tmp_path}/locales/messages.pot:1:1: not in the catalog: "
        "'West leads {AS} again; North still holds {KS} and…' "
        f"(msgctxt 'follow-suit-again|text') from {where}:15; "
        "run python -m explainer.i18n.update",
        f"{tmp_path}/locales/messages.pot:1:1: not in the catalog: "
        f"'West takes the trick' (msgctxt 'follow-suit-again|title') from {where}:2; "
        "run python -m explainer.i18n.update",
    ]


def test_a_language_declared_complete_needs_a_catalog(tmp_path: Path) -> None:
    _copy_project(tmp_path)
    assert [str(d) for d in check_catalogs(tmp_path, complete=("de",))] == [
        f"{tmp_path}/locales/de/LC_MESSAGES/messages.po:1:1: no catalog for 'de', declared "
        "complete: run pybabel init -i locales/messages.pot -d locales -l de"
    ]


def test_german_page_shows_the_english_notice_as_english(tmp_path: Path) -> None:
    """A language whose catalog does not translate the notice yet: the notice is English
    text, so it says ``lang="en"``, inside the German page."""
    _copy_project(tmp_path)
    po = tmp_path / "locales/de/LC_MESSAGES/messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n',
        encoding="utf-8",
    )
    html = (_build(tmp_path) / "de/which-card/index.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in html
    assert re.search(
        r'<p class="untranslated" lang="en"><span aria-hidden="true">⚑</span> '
        r"Not yet translated: this part is shown in English.</p>",
        html,
    )
    assert 'class="untranslated" lang="de"' not in html
    assert (
        '<p class="untranslated interface" lang="en"><span aria-hidden="true">⚑</span> This'
        " site&#39;s interface is not yet translated into this language"
    ) in html  # the theme has no German catalog: its words are English, and it says so
