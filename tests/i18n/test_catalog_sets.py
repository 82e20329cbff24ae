"""Two sets of catalogs: the theme's (in the package) and a site's (its ``locales/``). The
check checks the theme's only where its sources are (explainer's own repository); a site's
coverage and completeness count only the site's own words, and a site's catalog may reword
a theme message without that entry being outdated."""

from __future__ import annotations

from pathlib import Path

import pytest

from explainer.i18n.catalog import THEME_LOCALES, load_catalog
from explainer.i18n.check import catalog_report, catalog_sets

ROOT = Path(__file__).resolve().parents[2]

SCENARIO = """\
title: Follow suit
text: "You must follow the suit that was led."
contract: {trump: hearts}
trick: [N: AS]
hand: {seat: E, cards: [7S, 8D]}
expect: {legal: [7S]}
"""

HEADER = """\
msgid ""
msgstr ""
"Language: pl\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"
"""

ENTRIES = """
msgctxt "follow|title"
msgid "Follow suit"
msgstr "Dołóż do koloru"

msgctxt "follow|text"
msgid "You must follow the suit that was led."
msgstr "Musisz dołożyć do koloru wyjścia."

msgctxt "seat"
msgid "West"
msgstr "Zachód (W)"
"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A site whose Polish catalog translates its example and rewords a theme message."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = tmp_path / "site"
    (root / "scenarios" / "rules").mkdir(parents=True)
    (root / "scenarios" / "rules" / "follow.yaml").write_text(SCENARIO, encoding="utf-8")
    po = root / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    (root / "locales" / "babel.cfg").write_text(
        "[explainer_yaml: scenarios/**.yaml]\n[jinja2: templates/**.html]\n"
        "extensions = jinja2.ext.i18n\n",
        encoding="utf-8",
    )
    po.write_text(HEADER + ENTRIES, encoding="utf-8")
    template = "".join(
        line if not line.startswith("msgstr") else 'msgstr ""\n'
        for line in ENTRIES.split('msgctxt "seat"')[0].splitlines(keepends=True)
    )
    (root / "locales" / "messages.pot").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n' + template,
        encoding="utf-8",
    )
    return root


def test_the_theme_s_catalogs_are_checked_only_where_their_sources_are(site: Path) -> None:
    assert [s.name for s in catalog_sets(ROOT)] == ["site", "theme"]
    assert [s.name for s in catalog_sets(site)] == ["site"]
    assert catalog_sets(ROOT)[1].folder == THEME_LOCALES


def test_a_site_rewording_a_theme_message_is_neither_outdated_nor_counted(site: Path) -> None:
    report = catalog_report(site, complete=("pl",))
    assert [str(d) for d in report.problems] == []
    assert report.coverage_lines() == ["translations: pl 100% (2/2)"]
    assert load_catalog(site, "pl").pgettext("seat", "West") == "Zachód (W)"


def test_a_site_template_s_theme_words_are_the_theme_s_to_translate(site: Path) -> None:
    (site / "templates").mkdir()
    (site / "templates" / "home.html").write_text(
        '{{ pgettext("seat", "North") }} {{ pgettext("club", "Our club meets on Tuesdays.") }}\n',
        encoding="utf-8",
    )
    report = catalog_report(site, complete=("pl",))
    missing = (
        "not in the catalog: 'Our club meets on Tuesdays.' (msgctxt 'club') from"
        " templates/home.html:1; run python -m explainer.i18n.update"
    )
    assert [d.message for d in report.problems] == [missing, missing]  # catalog, template
    assert report.coverage_lines()[0].startswith("translations: pl 66% (2/3, 1 new);")


def test_a_site_s_card_words_are_checked_against_the_theme_s_card_names(site: Path) -> None:
    """The site's catalog names no suit (the theme's does): ``{AS|asem kier}`` still names
    hearts for a spade, as the site would show it."""
    po = site / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    lead = '\nmsgctxt "follow|title"\nmsgid "Follow suit"\nmsgstr "Dołóż do koloru"\n'
    wrong = lead.replace("Dołóż do koloru", "Dołóż {AS|asem kier}").replace(
        "Follow suit", "Follow {AS}"
    )
    po.write_text(HEADER + ENTRIES.replace(lead, wrong), encoding="utf-8")
    problems = catalog_report(site).problems
    assert [(d.location.line, d.code, d.message) for d in problems] == [
        (9, "po-cards", "card token '{AS|asem kier}' names the suit kier; {AS} is pik")
    ]
