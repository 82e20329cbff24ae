"""The glossary check: forbidden variants of a term are errors, a missing approved form a
warning; the shipped glossaries cover the game's concepts in Weblate's CSV columns; no
template writes a number next to a unit outside ngettext."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message, TranslationError

from explainer.i18n.catalog import THEME_LOCALES
from explainer.i18n.check import catalog_warnings, check_catalog_file, check_catalogs
from explainer.i18n.glossary import COLUMNS, Term, check_glossary, read_glossary
from explainer.scenarios.reader import display_path

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixtures" / "glossary"
CATALOG = FIXTURE / "locales" / "pl" / "LC_MESSAGES" / "messages.po"

CONCEPTS = (
    "trump", "trumps", "overtrump", "undertrump", "climb", "follow suit", "suit led",
    "discard", "lead", "trick", "deal", "distribution", "auction", "bid", "declaration",
    "taker", "defenders", "dealer", "made", "failed", "belote", "capot", "last trick",
    "card points", "rule set", "no trump", "all trump", "ace", "king", "queen", "jack",
    "ten", "nine", "spades", "hearts", "diamonds", "clubs", "coinche", "surcoinche", "match",
    "call", "declarer", "rulebook", "reading", "sink", "score",
    "held over", "target", "variation", "sans atout", "tout atout", "section",
)  # fmt: skip

LANGUAGE_CONCEPTS = {
    "pl": ("position", "so far", "site"),
    "fr": (),
}
"""Concepts one language's glossary adds, from its own native review (2026-12-02:
docs/reviews/pl-2026-12-02.md, docs/reviews/fr-2026-12-02.md): a row the other language
has no pitfall for yet (Polish: sytuacja not pozycja, dotąd not do tej pory, serwis for
the site against strona for a page)."""


def test_forbidden_variant_of_a_term_in_the_english_is_an_error() -> None:
    found = check_catalog_file(CATALOG, "pl", shown="messages.po")
    assert [(str(d), d.code, d.severity) for d in found] == [
        (
            "messages.po:13:1: glossary: 'bez atutu' for 'no trump': write 'bez atu'",
            "po-glossary",
            "invalid",
        ),
        (
            "messages.po:17:1: glossary: 'bez atutu' for 'no trump': write 'bez atu'; "
            "glossary: 'zagrany kolor' for 'suit led': write 'kolor wyjścia'",
            "po-glossary",
            "invalid",
        ),
    ]


def test_missing_approved_form_is_a_warning_for_each_translated_form() -> None:
    shown = display_path(CATALOG)  # as every file is named: from the current folder
    assert catalog_warnings(FIXTURE) == [
        f"{shown}:17:1: warning: glossary: no approved form of 'kolor wyjścia' for 'suit led'",
        f"{shown}:21:1: warning: glossary: no approved form of 'lewa' for 'trick'",
        f"{shown}:26:1: warning: form [2]: glossary: no approved form of 'lewa' for 'trick'",
    ]


def test_a_file_checked_alone_without_a_glossary_has_no_glossary_problem(
    tmp_path: Path,
) -> None:
    po = tmp_path / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(CATALOG.read_text(encoding="utf-8"), encoding="utf-8")
    assert check_catalog_file(po, "pl") == []


def test_a_site_without_a_glossary_of_its_own_keeps_the_theme_s_terms(tmp_path: Path) -> None:
    po = tmp_path / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(CATALOG.read_text(encoding="utf-8"), encoding="utf-8")
    found = [d for d in check_catalogs(tmp_path) if d.code == "po-glossary"]
    assert [d.line for d in found] == [13, 17]
    assert all("'bez atutu' for 'no trump': write 'bez atu'" in d.message for d in found)


def test_a_site_s_glossary_row_replaces_the_theme_s_for_its_term(tmp_path: Path) -> None:
    po = tmp_path / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(CATALOG.read_text(encoding="utf-8"), encoding="utf-8")
    theme = (THEME_LOCALES / "pl" / "glossary.csv").read_text(encoding="utf-8").splitlines()
    ours = [row for row in theme if not row.startswith("no trump,")]
    ours.append("no trump,bez atutu,,our club says so,bez atutu,bez atu")
    (po.parent.parent / "glossary.csv").write_text("\n".join(ours) + "\n", encoding="utf-8")
    found = [str(d) for d in check_catalogs(tmp_path) if d.code == "po-glossary"]
    assert not any("'bez atutu' for 'no trump'" in line for line in found)


def test_babel_checker_raises_forbidden_variants_from_the_project_root(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(FIXTURE)
    catalog = Catalog(locale="pl")
    with pytest.raises(TranslationError) as raised:
        check_glossary(catalog, Message("No trump", "Bez atutu", context="x"))
    assert str(raised.value) == "glossary: 'bez atutu' for 'no trump': write 'bez atu'"
    check_glossary(catalog, Message("No trump", "Bez atu", context="x"))


def test_term_matches_at_word_start_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE)
    catalog = Catalog(locale="pl")
    check_glossary(catalog, Message("Sno trumpet", "Bez atutu"))


def test_term_without_forms_counts_its_target_as_approved() -> None:
    assert Term("trick", "lewa").approved == ("lewa",)
    assert Term("trick", "lewa", forms=("lew",)).approved == ("lew",)


@pytest.mark.parametrize("lang", ["pl", "fr"])
def test_shipped_glossary_has_weblate_columns_and_every_concept(lang: str) -> None:
    path = THEME_LOCALES / lang / "glossary.csv"
    with path.open(encoding="utf-8", newline="") as f:
        header = next(csv.reader(f))
    assert tuple(header) == COLUMNS
    terms = read_glossary(path)
    assert sorted(t.source for t in terms) == sorted(CONCEPTS + LANGUAGE_CONCEPTS[lang])
    assert all(t.target and t.forms and t.note for t in terms)


_SINGULAR_CALL = re.compile(r"(?<![n\w])p?gettext\(\s*(?:\"[^\"]*\"\s*,\s*)?\"([^\"]*)\"")
_NUMBER_UNIT = re.compile(
    r"%\(\w+\)[sd]\s+(?:points?|tricks?|cards?|positions?|(?:random )?deals? under)\b"
)


def test_no_template_writes_a_number_and_unit_outside_ngettext() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {m.group(1)}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for m in _SINGULAR_CALL.finditer(path.read_text(encoding="utf-8"))
        if _NUMBER_UNIT.search(m.group(1))
    ]
    assert found == []


def test_template_scan_finds_a_hard_coded_plural() -> None:
    text = '{{ pgettext("tables", "The last trick adds %(last)s points.", last=1) }}'
    assert [m.group(1) for m in _SINGULAR_CALL.finditer(text)] == [
        "The last trick adds %(last)s points."
    ]
    assert _NUMBER_UNIT.search("The last trick adds %(last)s points.")
    assert _NUMBER_UNIT.search("Checked over %(count)s positions under each of: %(rules)s.")
    assert _NUMBER_UNIT.search("Checked on %(count)s random deals under each of: %(rules)s.")
    assert not _NUMBER_UNIT.search("%(seat)s deals the cards.")
