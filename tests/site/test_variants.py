"""Computed variants: each example recomputed under every other preset of its game, the
differing checked facts shown with the preset, the deciding knob and its source."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from explainer.engine import Rule, Team
from explainer.scenarios.loader import load_project
from explainer.scenarios.model import Scenario
from explainer.site.variants import Variant, variants

ROOT = Path(__file__).resolve().parents[2]


@cache
def _scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in load_project(ROOT).scenarios}


def _variants(scenario_id: str) -> list[tuple[str, str, str, object]]:
    return [(v.preset, v.knob, v.fact, v.other) for v in variants(_scenarios()[scenario_id])]


def test_failed_deal_under_ffb_and_pagat_lets_the_takers_keep_their_belote() -> None:
    score = {Team.NS: 20, Team.EW: 162}
    assert _variants("deal-failed") == [
        ("ffb_belote", "belote", "score", score),
        ("pagat_belote", "belote", "score", score),
    ]


def test_failed_deal_variant_cites_the_ffb_classic_rulebook_section() -> None:
    first = variants(_scenarios()["deal-failed"])[0]
    assert first.cite is not None
    assert (first.cite.key, first.cite.section, first.other_value) == (
        "FFB-B16",
        "§10.2",
        "imprenable",
    )
    assert first.got == {Team.NS: 0, Team.EW: 182}


def test_tie_is_held_over_under_the_ffb_classic_rules() -> None:
    assert _variants("deal-tie") == [
        ("ffb_belote", "tie", "made", False),
        ("ffb_belote", "tie", "score", {Team.NS: 0, Team.EW: 81}),
    ]


def test_house_undertrump_example_agrees_under_every_belote_preset() -> None:
    assert _variants("undertrump-house") == []


def test_official_undertrump_example_differs_under_every_belote_preset() -> None:
    facts = {(preset, fact) for preset, _, fact, _ in _variants("undertrump-official")}
    assert facts == {
        (p, f) for p in ("house", "ffb_belote", "pagat_belote") for f in ("legal", "rule")
    }
    rules = {v.other for v in variants(_scenarios()["undertrump-official"]) if v.fact == "rule"}
    assert rules == {Rule.UNDERTRUMP}


def test_kinds_without_a_rule_set_have_no_variants() -> None:
    quiet = [s for s in _scenarios().values() if s.kind in ("bidding", "dealing")]
    assert quiet
    assert all(variants(s) == () for s in quiet)


def test_every_variant_names_a_knob_its_preset_sets_otherwise() -> None:
    for scenario in _scenarios().values():
        for v in variants(scenario):
            assert isinstance(v, Variant)
            assert getattr(scenario.rules, v.knob) != v.other_value  # type: ignore[attr-defined]


def test_the_failed_deal_page_shows_the_ffb_score_with_its_source(built_site: Path) -> None:
    html = (built_site / "en" / "one-deal" / "index.html").read_text(encoding="utf-8")
    article = html[html.index('id="deal-failed"') :]
    article = article[: article.index("</article>")]
    text = re.sub(r"<[^>]+>", "", article)
    assert (
        "Under the FFB classic rules (2016) (belote: imprenable; Fédération Française de"
        " Belote, 2016-01-27, §10.2), the score for the deal is North-South 20, East-West 162,"
        " not North-South 0, East-West 182." in " ".join(text.split())
    )
    assert 'href="../rule-sets/index.html#ffb_belote-belote"' in article


def test_every_table_drawing_says_which_way_play_goes(built_site: Path) -> None:
    for lang in ("en", "fr", "pl"):
        html = (built_site / lang / "which-card" / "index.html").read_text(encoding="utf-8")
        drawings = html.count('class="table-view"')
        assert drawings > 0
        assert html.count('class="table-caption"') == drawings
    en = (built_site / "en" / "which-card" / "index.html").read_text(encoding="utf-8")
    assert "North at the top; play goes counterclockwise: North, East, South, West." in en
