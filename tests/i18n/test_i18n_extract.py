"""The YAML extractor: messages, contexts, comments and lines, as pybabel writes them."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from explainer.i18n.extract import extract_yaml

PROJECT = Path(__file__).parent / "fixtures" / "project"
CHIP = (
    "Each token is a card chip: keep it ({AS}) to show the card's name, or write "
    "{AS|your inflected words} to name it in the case your sentence needs. "
    "Keep the card code; never name another card."
)


def _extract() -> list[tuple[str, int, str, list[str], str | None]]:
    return list(
        extract_from_dir(
            str(PROJECT),
            [("scenarios/**.yaml", "explainer.i18n.extract:extract_yaml")],
            {},
        )
    )


def test_one_message_per_field_with_its_context_and_line() -> None:
    found = [(f, line, ctx, msg) for f, line, msg, _c, ctx in _extract()]
    assert found == [
        ("scenarios/demo/01-lead.yaml", 3, "01-lead|title", "Lead any card"),
        ("scenarios/demo/01-lead.yaml", 7, "01-lead|text", "North leads, holding {th} and {KS}."),
        ("scenarios/demo/page.yaml", 2, "page:demo|title", "A demo page"),
        (
            "scenarios/demo/page.yaml",
            3,
            "page:demo|intro",
            "First paragraph, with **bold** words.\n\nSecond paragraph.\n",
        ),
        ("scenarios/demo/page.yaml", 9, "page:demo:basics|title", "The basics"),
        (
            "scenarios/demo/page.yaml",
            10,
            "page:demo:basics|text",
            "West leads {AS} and North plays {KS|the king}.\n",
        ),
        ("scenarios/demo/page.yaml", 13, "page:demo:empty|title", "Nothing: here"),
    ]


def test_comments_explain_place_card_tokens_and_markdown() -> None:
    comments = {ctx: c for _f, _l, _m, c, ctx in _extract()}
    assert comments["01-lead|title"] == [
        "Title of the worked example '01-lead' (page 'demo', section 'basics')."
    ]
    assert comments["page:demo:basics|text"] == [
        "Text of the section 'basics' on the page 'demo'.",
        "Card tokens: {AS} ace of spades, {KS} king of spades.",
        CHIP,
        "The text ends with a newline: end the translation with one too.",
    ]
    assert comments["page:demo|intro"] == [
        "Introduction of the page 'demo'.",
        "Markdown: keep the 2 paragraphs (blank lines between them), 2 '**' bold markers; "
        "translate only the words.",
        "The text ends with a newline: end the translation with one too.",
    ]
    assert comments["01-lead|text"][1] == "Card tokens: {10H} ten of hearts, {KS} king of spades."


def test_broken_yaml_yields_nothing() -> None:
    broken = io.BytesIO(b"id: broken\ntitle: [never closed\n")
    assert list(extract_yaml(broken, ["pgettext"], [], {})) == []
    assert not any(f.endswith("02-broken.yaml") for f, *_ in _extract())


def test_pybabel_writes_msgctxt_comments_and_references(tmp_path: Path, monkeypatch) -> None:
    shutil.copytree(PROJECT, tmp_path / "p")
    monkeypatch.chdir(tmp_path / "p")
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            "babel.cfg",
            "--sort-by-file",
            "-o",
            "messages.pot",
            ".",
        ]
    )
    text = Path("messages.pot").read_text(encoding="utf-8")
    assert (
        "#. Text of the section 'basics' on the page 'demo'.\n"
        "#. Card tokens: {AS} ace of spades, {KS} king of spades.\n"
    ) in text
    assert (
        "#: scenarios/demo/page.yaml:10\n"
        "#, python-brace-format\n"  # Babel's guess from the braces; see TRANSLATING.md
        'msgctxt "page:demo:basics|text"\n'
        'msgid "West leads {AS} and North plays {KS|the king}.\\n"\n'
    ) in text
    with open("messages.pot", "rb") as f:
        catalog = read_po(f)
    assert catalog.get("Lead any card", context="01-lead|title").locations == [
        ("scenarios/demo/01-lead.yaml", 3)
    ]
