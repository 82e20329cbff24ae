"""The site's Markdown: card tokens and safe links, driven by fixture files."""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it.utils import read_fixture_file

from explainer.i18n.catalog import Catalog
from explainer.i18n.names import Words
from explainer.site.markdown import render, safe_link

FIXTURES = Path(__file__).parent / "fixtures"


def _cases(name: str) -> list[object]:
    return [
        pytest.param(text, expected, id=f"{name}:{line}:{title}")
        for line, title, text, expected in read_fixture_file(FIXTURES / name)
    ]


@pytest.mark.parametrize(("text", "expected"), _cases("cards.md") + _cases("links.md"))
def test_fixture(text: str, expected: str) -> None:
    assert render(text) == expected


@pytest.mark.parametrize(
    "url",
    [
        "javascript:x",
        " JAVASCRIPT:x",
        "data:text/html,x",
        "vbscript:x",
        "file:///x",
        "//host/x",
        "\\\\host\\x",
    ],
)
def test_unsafe_links_are_refused(url: str) -> None:
    assert not safe_link(url)


@pytest.mark.parametrize("url", ["x.html", "../a/index.html#b", "#c", "http://a", "HTTPS://a"])
def test_safe_links_are_kept(url: str) -> None:
    assert safe_link(url)


def test_card_names_come_from_the_language(tmp_path: Path) -> None:
    po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "rank letter"\nmsgid "K"\nmsgstr "R"\n\n'
        'msgctxt "rank"\nmsgid "King"\nmsgstr "Roi"\n\n'
        'msgctxt "suit"\nmsgid "spades"\nmsgstr "pique"\n\n'
        'msgctxt "card name"\nmsgid "%(rank)s of %(suit)s"\nmsgstr "%(rank)s de %(suit)s"\n',
        encoding="utf-8",
    )
    from explainer.i18n.catalog import load_catalog

    words = Words(load_catalog(tmp_path, "fr"))
    html = render("{KS}", words)
    assert '<span class="pip" aria-hidden="true">R♠</span>' in html
    assert '<span class="sr">roi de pique</span>' in html


def test_english_words_by_default() -> None:
    from babel.support import NullTranslations

    words = Words(Catalog("en", NullTranslations()))
    assert render("{JH}", words) == render("{JH}")


@pytest.mark.parametrize(("lang", "name"), [("en", "king of spades"), ("de", "King of spades")])
def test_a_card_s_screen_reader_name_is_written_as_a_sentence_holds_it(
    lang: str, name: str
) -> None:
    """Lowercase inside a sentence where card names are common nouns (en, fr, pl); a
    language that capitalises nouns (German) keeps the capital (review N5)."""
    from babel.support import NullTranslations

    words = Words(Catalog(lang, NullTranslations()))
    assert f'<span class="sr">{name}</span>' in render("Play {KS}.", words)
    assert words.card_name(6) == "King of spades"  # a sentence's start keeps its capital


def test_a_list_of_cards_is_read_with_commas_between_them(built_site: Path) -> None:
    """ "Allowed cards: king of spades, seven of spades": each chip of a list is followed
    by a comma only a screen reader says, never run together (review N5)."""
    import re

    html = (built_site / "pl" / "which-card" / "index.html").read_text(encoding="utf-8")
    listed = re.search(r'<p class="allowed">(.*?)</p>', html, flags=re.S)
    assert listed is not None
    chips = listed.group(1).count('class="card ')
    assert chips > 1
    assert listed.group(1).count('<span class="sr">,</span> ') == chips - 1
    spoken = re.sub(
        r"<[^>]*>", "", re.sub(r'<span class="pip"[^>]*>.*?</span>', "", listed.group(1))
    )
    assert re.fullmatch(r"Dozwolone karty: [a-ząćęłńóśźż]+ \w+(, [a-ząćęłńóśźż]+ \w+)+", spoken), (
        spoken
    )
