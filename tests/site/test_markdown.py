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
    assert '<span class="sr">Roi de pique</span>' in html


def test_english_words_by_default() -> None:
    from babel.support import NullTranslations

    words = Words(Catalog("en", NullTranslations()))
    assert render("{JH}", words) == render("{JH}")
