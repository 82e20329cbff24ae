"""Nothing of the project's research reaches a reader (issue 24 items 2 and 6).

The rule-set data keeps where a quote was read (:attr:`explainer.engine.Citation.read_in`)
for maintainers; a page, a catalog message and a screen-reader name only ever name the
primary documents. Every built page in every language is scanned, attributes included (an
``aria-label`` is a screen reader's text), then every message of the catalogs.

A document's own title stays as it is written (the FFB's rulebooks are titled « Règles
officielles de la Belote »): the ``<cite>`` elements and the addresses are left out of the
scan, nothing else.
"""

from __future__ import annotations

import html as markup
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from explainer.engine import ALIASES, COINCHE_KNOBS, COINCHE_PRESETS, KNOBS, PRESETS, SOURCES

ROOT = Path(__file__).resolve().parents[2]

_KEYS = "|".join(re.escape(k) for k in SOURCES)
FORBIDDEN: list[tuple[str, re.Pattern[str]]] = [
    ("a research key", re.compile(rf"\b(?:{_KEYS}|FFB-\w+|COLV|CARG|TWF|DSL)\b")),
    ("an edition's short name", re.compile(r"\b(?:B16|C16|C15|CO15)\b")),
    (
        "an internal file",
        re.compile(r"\b(?:rules|coinche|belote|fidelity[\w-]*)\.md\b|docs/games|fidelity-audit"),
    ),
    ("where a quote was read", re.compile(r"\bvia\b", re.IGNORECASE)),
    (
        "a repository",
        re.compile(r"github|vareversat|Avo-k|colver|jbgh2|card-game-dsl|reglesdejeux", re.I),
    ),
    (
        "the label of the alias official",
        re.compile(r"official rules|règles officielles|zasady oficjalne|oficjalne zasady", re.I),
    ),
]
"""What no reader may see: a research key (the keys of :data:`SOURCES`, the surveys'
names), an edition's short name, an internal file, a "via ..." saying where a quote was
read, a repository, and the label of the alias ``official`` in any language."""

_KNOBS = {**KNOBS, **COINCHE_KNOBS}
_CODE_WORDS = sorted(
    {w for w in (*_KNOBS, *PRESETS, *COINCHE_PRESETS) if "_" in w}
    | {str(v) for k in _KNOBS.values() for v in k.values if "_" in str(v)},
    key=len,
    reverse=True,
)
CODE: list[tuple[str, re.Pattern[str]]] = [
    ("a code element", re.compile(r"<code\b")),
    ("a knob id, preset name or code value", re.compile(rf"\b(?:{'|'.join(_CODE_WORDS)})\b")),
    (
        "a knob written as a scenario writes it",
        re.compile(
            "|".join(
                rf"\b{re.escape(name)}: (?:{'|'.join(re.escape(str(v)) for v in knob.values)})\b"
                for name, knob in _KNOBS.items()
            )
        ),
    ),
]
"""What a page's reader cannot follow either: a ``<code>`` element, a knob id, preset name
or code value as the engine spells it (``partner_overtrump``, ``ffb_belote``, ``no_lower``),
and a knob with its value as a scenario writes it (``tie: failed``)."""

_NOT_READ = re.compile(
    r'\s(?:id|class|headers|for|aria-labelledby|aria-describedby|aria-controls|data-[\w-]+)="[^"]*"'
)
"""Attributes no reader sees or hears: anchors, styles, table wiring, script data."""

_OPTION_VALUE = re.compile(r'(<option)\s+value="[^"]*"')
"""A choice's value, which the form sends and no reader sees or hears (its label is read):
the Your position page's rule sets are chosen by their ids, as its address keeps them."""

_CITE = re.compile(r"<cite\b[^>]*>.*?</cite>", re.S)
_ADDRESS = re.compile(r'\s(?:href|src)="[^"]*"')


def _unread(page: str) -> str:
    """A page without the attributes no reader sees or hears."""
    return _OPTION_VALUE.sub(r"\1", _NOT_READ.sub(" ", page))


def _text(page: str) -> str:
    """A page's text and attributes, without document titles and addresses."""
    return markup.unescape(_ADDRESS.sub(" ", _CITE.sub(" ", page)))


def _found(text: str, forbidden: list[tuple[str, re.Pattern[str]]] = FORBIDDEN) -> list[str]:
    return [
        f"{what}: …{text[max(0, m.start() - 50) : m.end() + 30]}…"
        for what, pattern in forbidden
        for m in pattern.finditer(text)
    ]


def test_the_scan_finds_each_forbidden_thing() -> None:
    for text in (
        "Pagat, web page (via COLV)",
        "FFB-C16 §5.2.2",
        "see coinche.md §2.7",
        "the official rules",
        "les règles officielles",
        "zasady oficjalne",
        "github.com/vareversat/carg",
        "the 2016 rulebook (C16)",
    ):
        assert _found(text), text
    assert _found(_text('<cite lang="fr">Règles officielles de la Belote</cite>')) == []
    assert _found(_text('<a href="https://x/regles-officielles.pdf">FFB</a>')) == []


def test_no_built_page_shows_research_words_or_the_official_label(built_site: Path) -> None:
    pages = sorted(p for p in built_site.rglob("*") if p.suffix in {".html", ".js", ".svg"})
    assert {p.relative_to(built_site).parts[0] for p in pages} >= {"en", "fr", "pl"}
    problems = [
        f"{page.relative_to(built_site)}: {problem}"
        for page in pages
        for problem in _found(_text(page.read_text(encoding="utf-8")))
    ]
    assert problems == []


def test_the_code_scan_finds_each_code_word() -> None:
    for text in (
        "Defenders who win every trick <code>defenders_capot</code>",
        "overtrumping your partner: no_lower",
        "under ffb_belote",
        "Under tie: failed the contract",
        "with undertrump: optional",
    ):
        assert _found(text, CODE), text
    assert _found("A tie: the contract is made", CODE) == []
    assert _found(_NOT_READ.sub(" ", '<tr id="knob-defenders_capot">'), CODE) == []


def test_no_built_page_shows_a_knob_id_or_code_value(built_site: Path) -> None:
    """Item 2: a page says a rule in words; the knob ids and code values a scenario
    writes stay in the scenario format's documentation."""
    pages = sorted(built_site.rglob("*.html"))
    problems = [
        f"{page.relative_to(built_site)}: {problem}"
        for page in pages
        for problem in _found(_text(_unread(page.read_text(encoding="utf-8"))), CODE)
    ]
    assert problems == []


def test_no_anchor_or_id_names_an_alias(built_site: Path) -> None:
    """No example, law or rule-set anchor is named after ``official``: a link to one would
    show the alias in the address bar."""
    names = "|".join(ALIASES)
    anchor = re.compile(rf'(?:id="|#)[\w-]*(?:{names})\b')
    for page in built_site.rglob("*.html"):
        assert anchor.findall(page.read_text(encoding="utf-8")) == [], page


@pytest.mark.parametrize(
    "catalog",
    ["messages.pot", "pl/LC_MESSAGES/messages.po", "fr/LC_MESSAGES/messages.po"],
)
def test_no_catalog_message_shows_research_words(catalog: str) -> None:
    with (ROOT / "locales" / catalog).open("rb") as f:
        messages = list(read_po(f))
    assert len(messages) > 100
    problems = [
        f"{message.context}: {problem}"
        for message in messages
        for text in (message.id, message.string)
        for one in ([text] if isinstance(text, str) else list(text))
        for problem in _found(one or "") + _found(one or "", CODE)
    ]
    assert problems == []
