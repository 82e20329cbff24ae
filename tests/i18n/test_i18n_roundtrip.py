"""Round trip: change an English text, extract, update, translate, build: the page shows it.

The commands are those of TRANSLATING.md, run in-process through Babel's own front end.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from explainer.i18n.checkers import KEYWORDS, check_catalogs, coverage

ROOT = Path(__file__).resolve().parents[2]
EXTRACT = [
    "pybabel",
    "-q",
    "extract",
    "-F",
    "babel.cfg",
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
    "--previous",
    "--ignore-obsolete",
]


def _copy_project(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.mo")
    for name in ("scenarios", "templates", "locales", "explainer"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    for name in ("babel.cfg", "pyproject.toml"):
        shutil.copy2(ROOT / name, dest / name)


def test_extract_update_translate_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from explainer.site.build import run_build

    _copy_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    scenario = tmp_path / "scenarios/which-card/follow/01-follow-suit.yaml"
    text = scenario.read_text(encoding="utf-8")
    old = "title: Follow the suit that was led\n"
    assert old in text
    scenario.write_text(
        text.replace(old, "title: Follow the suit that was led, always\n"), encoding="utf-8"
    )

    assert any(d.code == "po-outdated" for d in check_catalogs(tmp_path))
    CommandLineInterface().run(EXTRACT)
    CommandLineInterface().run(UPDATE)

    po = tmp_path / "locales/pl/LC_MESSAGES/messages.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale="pl")
    message = catalog.get("Follow the suit that was led, always", context="follow-suit|title")
    assert message is not None and message.fuzzy  # --previous matched the old title
    assert [(d.path, d.code) for d in check_catalogs(tmp_path)] == [
        (str(tmp_path / f"locales/{lang}/LC_MESSAGES/messages.po"), "po-fuzzy")
        for lang in ("fr", "pl")
    ]
    done, total = coverage(tmp_path)["pl"]
    assert done == total - 1

    message.string = "Zawsze dołożyć do koloru wyjścia"
    message.flags.discard("fuzzy")
    message.previous_id = []
    with po.open("wb") as f:
        write_po(f, catalog)
    assert [d.path for d in check_catalogs(tmp_path)] == [
        str(tmp_path / "locales/fr/LC_MESSAGES/messages.po")  # French still fuzzy: not used
    ]

    out = io.StringIO()
    assert run_build(root=tmp_path, out=tmp_path / "out", base_url=None, out_stream=out) == 0, (
        out.getvalue()
    )
    page = (tmp_path / "out/pl/which-card/index.html").read_text(encoding="utf-8")
    assert "Zawsze dołożyć do koloru wyjścia" in page
    english = (tmp_path / "out/en/which-card/index.html").read_text(encoding="utf-8")
    assert "Follow the suit that was led, always" in english
