"""Rule sets, variant notes and declarations in the page's language (issue 15).

The Rule sets page's notes and sources' words come from the engine's data and are
translated under the contexts of explainer/i18n/rule_texts.py; values and knobs are
named by explainer/i18n/names.py; a declaration shows its localized name and cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from explainer.i18n.catalog import load_catalog
from explainer.i18n.names import Words
from explainer.site.variants import rule_set_rows

ROOT = Path(__file__).resolve().parents[2]


def _page(site: Path, lang: str, page: str) -> str:
    return (site / lang / page / "index.html").read_text(encoding="utf-8")


def _words(lang: str) -> Words:
    return Words(load_catalog(ROOT, lang))


@pytest.mark.parametrize("lang", ["pl", "fr"])
def test_rule_sets_page_has_no_english_note(built_site: Path, lang: str) -> None:
    html = _page(built_site, lang, "rule-sets")
    notes = re.findall(r'<p class="note"([^>]*)>(.*?)</p>', html, flags=re.S)
    assert notes
    assert all('lang="en"' not in attrs for attrs, _ in notes)
    w = _words(lang)
    for row in (*rule_set_rows("belote"), *rule_set_rows("coinche")):
        for _, sourced in row.values:
            if sourced.note:
                assert w.rule_text("rule note", sourced.note) != sourced.note
                assert sourced.note.replace("'", "&#39;") not in html


@pytest.mark.parametrize("lang", ["pl", "fr"])
def test_rule_sets_page_words_sources_in_the_page_language(built_site: Path, lang: str) -> None:
    html = _page(built_site, lang, "rule-sets")
    for english in ("web page", "read 2026", "via COLV", "all FFB editions", "the app&#39;s"):
        assert english not in html, english


def test_rule_sets_page_keeps_quotes_in_their_source_language(built_site: Path) -> None:
    html = _page(built_site, "pl", "rule-sets")
    assert '<q lang="fr">Si c&#39;est impossible, il faut fournir un atout plus faible</q>' in html
    assert '<q lang="en">he must still play a trump</q>' in html


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "undertrumping required"),
        ("fr", "obligation de sous-couper"),
        ("pl", "przycinanie niżej obowiązkowe"),
    ],
)
def test_rule_sets_cells_name_the_value_in_words(built_site: Path, lang: str, words: str) -> None:
    html = _page(built_site, lang, "rule-sets")
    cell = html[html.index('id="ffb_belote-undertrump"') :]
    cell = cell[: cell.index("</td>")]
    assert f'<strong class="value">{words[:1].upper()}{words[1:]}</strong>' in cell
    assert 'class="value">required<' not in html


def test_french_citation_puts_a_space_before_the_colon(built_site: Path) -> None:
    html = _page(built_site, "fr", "rule-sets")
    assert '§5.2.2</span>\u00a0: <q lang="fr">Si c&#39;est impossible, il faut fournir' in html


@pytest.mark.parametrize("lang", ["en", "pl", "fr"])
@pytest.mark.parametrize("page", ["which-card", "one-deal", "coinche"])
def test_variant_notes_show_names_not_codes(built_site: Path, lang: str, page: str) -> None:
    html = _page(built_site, lang, page)
    notes = re.findall(r'<ul class="variants">(.*?)</ul>', html, flags=re.S)
    for note in notes:
        assert "<code>" not in note
        assert not re.search(r"\b[a-z]+_[a-z_]+: ", note), note


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "a tie is a litige: the points wait for the next deal"),
        (
            "fr",
            "égalité\u00a0: litige, les points des preneurs sont mis en réserve pour la donne suivante",
        ),
        ("pl", "remis: litige, punkty biorących czekają na następne rozdanie"),
    ],
)
def test_variant_note_links_the_named_value_to_its_rule_sets_row(
    built_site: Path, lang: str, words: str
) -> None:
    html = _page(built_site, lang, "one-deal")
    assert f'<a href="../rule-sets/index.html#ffb_belote-tie">{words}' in html


@pytest.mark.parametrize(
    ("lang", "row"),
    [
        ("en", "<td><em>tierce</em> A♣ K♣ Q♣</td>"),
        ("fr", "<td><em>tierce</em> A♣ R♣ D♣</td>"),
        ("pl", "<td><em>tierce</em> A♣ K♣ D♣</td>"),
    ],
)
def test_declarations_show_localized_cards(built_site: Path, lang: str, row: str) -> None:
    html = _page(built_site, lang, "coinche")
    example = html[html.index('id="coinche-higher-tierce"') :]
    example = example[: example.index("</table>")]
    assert row in example
    assert not re.search(r"<td>(tierce|cinquante|cent|carre) [0-9TJQKA]", html)


@pytest.mark.parametrize(("lang", "word"), [("en", "contre"), ("fr", "contre"), ("pl", "kontra")])
def test_the_ffb_contree_auction_names_the_double_as_its_rulebook_does(
    built_site: Path, lang: str, word: str
) -> None:
    html = _page(built_site, lang, "coinche")
    article = html[html.index('id="coinche-contree-silent-partner"') :]
    article = article[: article.index("</article>")]
    assert f'<span class="num">4.</span> {word}</td>' in article
    other = html[html.index('id="coinche-in-turn"') :]
    other = other[: other.index("</article>")]
    assert "> contre</td>" not in other


@pytest.mark.parametrize("lang", ["en", "pl", "fr"])
def test_a_page_of_compact_deals_says_once_what_its_letters_and_signs_stand_for(
    built_site: Path, lang: str
) -> None:
    """The Coinche page writes cards short ("K♦", no name per card): one line names each
    face letter the page uses and each suit's sign, in the page's language (review N6)."""
    w = _words(lang)
    coinche = _page(built_site, lang, "coinche")
    lines = re.findall(r'<p class="notation">(.*?)</p>', coinche, flags=re.S)
    assert lines == [w.notation().replace("'", "&#39;")]
    for c in (7, 6, 5, 4):  # the ace, king, queen and jack of spades
        letter = w.rank_letter(c)
        assert f"{letter} {w.card_name(c).split()[0].lower()}" in lines[0]
        assert f"{letter}♠" in coinche
    for suit, sign in zip(range(4), "♠♥♦♣", strict=True):
        assert f"{sign} {w.suit_name(suit)}" in lines[0]
    assert '<p class="notation">' not in _page(built_site, lang, "which-card")
