"""No knob id or scenario value reaches a reader: every built page, every language.

A rule set is written in a scenario as knobs and values (``undertrump: optional``,
``tie: failed``, ``ffb_belote``); a page says them in words ("undertrumping optional",
"FFB classic rules (2016)"). This scans the visible text and the names a screen reader
or a tooltip reads (``aria-label``, ``title``, ``alt``) of every page the build writes,
in every language, for those ids: a knob, value or preset id with an underscore or a
digit, a ``knob: value`` pair, "the value ..." followed by a value, and any ``<code>``
holding a knob or a value.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from explainer.engine import COINCHE_KNOBS, COINCHE_PRESETS, KNOBS, PRESETS

ROOT = Path(__file__).resolve().parents[2]


@cache
def _code() -> tuple[re.Pattern[str], frozenset[str]]:
    """A pattern for what no reader may see, and the ids a ``<code>`` may not hold."""
    knobs = {**KNOBS, **COINCHE_KNOBS}
    ids = set(knobs) | set(PRESETS) | set(COINCHE_PRESETS)
    ids |= {v for spec in knobs.values() for v in spec.values}
    coded = sorted(i for i in ids if re.search(r"[_\d]", i) and not i.replace("-", "").isdigit())
    words = [re.escape(i) for i in coded]
    pairs = [
        rf"{re.escape(k)}\s*[:=]\s*{re.escape(v)}" for k, spec in knobs.items() for v in spec.values
    ]
    value = "|".join(re.escape(v) for spec in knobs.values() for v in spec.values)
    pattern = re.compile(
        rf"(?<![\w-])(?:{'|'.join(words)})(?![\w-])|{'|'.join(pairs)}|\bthe value (?:{value})\b"
    )
    return pattern, frozenset(ids)


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _read(page: Path) -> Iterator[tuple[str, str]]:
    """``(where, text)``: the visible text, then each name a reader is given."""
    source = page.read_text(encoding="utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S)
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", body))
    yield "text", re.sub(r"\s+", " ", text)
    for attr, value in re.findall(r'\s(aria-label|title|alt)="([^"]*)"', body):
        yield attr, html_lib.unescape(value)
    for code in re.findall(r"<code>(.*?)</code>", body, flags=re.S):
        yield "code", html_lib.unescape(re.sub(r"<[^>]+>", "", code))


def test_the_scan_finds_what_it_looks_for() -> None:
    pattern, ids = _code()
    for bad in ("partner_overtrump", "tie: failed", "FFB ffb_belote", "the value required"):
        assert pattern.search(bad), bad
    for good in ("undertrumping optional", "a tie counts as failed", "FFB classic rules"):
        assert not pattern.search(good), good
    assert "undertrump" in ids and "attack_only" in ids


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_no_knob_id_or_code_value_reaches_any_page(built_site: Path, lang: str) -> None:
    pattern, ids = _code()
    found = []
    pages = [p for p in _pages(built_site) if p.relative_to(built_site).parts[0] == lang]
    assert len(pages) > 3
    for page in pages:
        for where, text in _read(page):
            hits = [m.group(0) for m in pattern.finditer(text)]
            if where == "code" and text.strip() in ids:
                hits.append(text.strip())
            found += [f"{page.relative_to(built_site)} ({where}): {h!r}" for h in hits]
    assert found == []
