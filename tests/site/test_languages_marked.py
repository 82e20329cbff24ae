"""What a screen reader reads: table headers and accessible names carry words only (no
knob id such as ``partner_overtrump``), and a quote in another language than the page's
says which (``lang``), so a Polish reader hears a French rulebook quoted in French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LANGS = ("en", "fr", "pl")
_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
_HEADER = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
_NAME = re.compile(r'aria-label="([^"]*)"')
_QUOTE_TAG = re.compile(r"<(q|cite|blockquote)\b([^>]*)>")


def _pages(site: Path, lang: str) -> list[Path]:
    return sorted((site / lang).rglob("*.html"))


@pytest.mark.parametrize("lang", LANGS)
def test_table_headers_and_accessible_names_carry_no_identifier(
    built_site: Path, lang: str
) -> None:
    found = []
    for page in _pages(built_site, lang):
        html = page.read_text(encoding="utf-8")
        for header in _HEADER.findall(html):
            text = re.sub(r"<[^>]+>", " ", header)
            if "<code" in header or _IDENTIFIER.search(text):
                found.append(f"{page.relative_to(built_site)}: <th>{text.strip()}</th>")
        found += [
            f"{page.relative_to(built_site)}: aria-label={name!r}"
            for name in _NAME.findall(html)
            if _IDENTIFIER.search(name)
        ]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_quote_and_cited_title_says_its_language(built_site: Path, lang: str) -> None:
    unmarked = [
        f"{page.relative_to(built_site)}: <{tag}{attrs}>"
        for page in _pages(built_site, lang)
        for tag, attrs in _QUOTE_TAG.findall(page.read_text(encoding="utf-8"))
        if not re.search(r'\blang="[a-z]{2}"', attrs)
    ]
    assert unmarked == []


@pytest.mark.parametrize(
    ("lang", "date"),
    [("en", "January 27, 2016"), ("fr", "27 janvier 2016"), ("pl", "27 stycznia 2016")],
)
def test_a_rulebook_dated_edition_is_written_as_the_page_language_writes_a_date(
    built_site: Path, lang: str, date: str
) -> None:
    html = (built_site / lang / "rule-sets" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", " ", html)
    assert date in text
    assert "2016-01-27" not in text
