"""Runtime catalogs: languages found from files, fuzzy never used, fallbacks known, the
site's catalog layered over the theme's (site wins)."""

from __future__ import annotations

from pathlib import Path

from explainer.i18n.catalog import find_languages, language_name, load_catalog

PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgctxt "seat"
msgid "North"
msgstr "Północ"

#, fuzzy
msgctxt "seat"
msgid "South"
msgstr "Południe?"

msgctxt "seat"
msgid "East"
msgstr ""

msgctxt "seat"
msgid "Nowhere"
msgstr ""

msgctxt "seat"
msgid "West"
msgstr "Zachód (W)"

msgctxt "points"
msgid "%(num)d point"
msgid_plural "%(num)d points"
msgstr[0] "%(num)d punkt"
msgstr[1] "%(num)d punkty"
msgstr[2] "%(num)d punktów"
"""


def _write(root: Path, lang: str, text: str = PO) -> None:
    po = root / "locales" / lang / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(text, encoding="utf-8")


def test_a_language_appears_with_its_catalog(tmp_path: Path) -> None:
    assert find_languages(tmp_path) == ("en",)
    _write(tmp_path, "pl")
    _write(tmp_path, "fr")
    assert find_languages(tmp_path) == ("en", "fr", "pl")


def test_fuzzy_and_empty_entries_fall_back_to_the_theme_then_to_english(
    tmp_path: Path,
) -> None:
    _write(tmp_path, "pl")
    cat = load_catalog(tmp_path, "pl")
    assert cat.pgettext("seat", "North") == "Północ"
    assert cat.is_translated("seat", "North")
    assert cat.pgettext("seat", "South") == "Południe"  # the theme's, not the fuzzy guess
    assert cat.pgettext("seat", "East") == "Wschód"  # the theme's
    assert cat.is_translated("seat", "South") and cat.is_translated("seat", "East")
    assert cat.pgettext("seat", "Nowhere") == "Nowhere"  # translated nowhere: English
    assert not cat.is_translated("seat", "Nowhere")


def test_the_site_s_translation_wins_over_the_theme_s(tmp_path: Path) -> None:
    _write(tmp_path, "pl")
    assert load_catalog(tmp_path, "pl").pgettext("seat", "West") == "Zachód (W)"
    assert load_catalog(tmp_path / "elsewhere", "pl").pgettext("seat", "West") == "Zachód"


def test_a_language_the_theme_lacks_keeps_the_site_s_words_and_the_theme_s_english(
    tmp_path: Path,
) -> None:
    _write(tmp_path, "de", PO.replace("Północ", "Nord"))
    cat = load_catalog(tmp_path, "de")
    assert cat.pgettext("seat", "North") == "Nord"
    assert cat.pgettext("seat", "South") == "South" and not cat.is_translated("seat", "South")
    assert not cat.theme and load_catalog(tmp_path, "pl").theme


def test_plural_forms_of_the_language(tmp_path: Path) -> None:
    _write(tmp_path, "pl")
    cat = load_catalog(tmp_path, "pl")
    forms = [cat.np(("points", "%(num)d point", "%(num)d points"), n) for n in (1, 3, 5, 22)]
    assert forms == ["1 punkt", "3 punkty", "5 punktów", "22 punkty"]


def test_english_is_always_translated(tmp_path: Path) -> None:
    cat = load_catalog(tmp_path, "en")
    assert cat.is_translated("anything", "at all")
    assert cat.np(("points", "%(num)d point", "%(num)d points"), 1) == "1 point"


def test_language_names_in_themselves() -> None:
    assert language_name("pl") == "Polski"
    assert language_name("fr") == "Français"
    assert language_name("en") == "English"
