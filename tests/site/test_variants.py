"""Computed variants: each example recomputed under every other preset of its game, the
differing checked facts shown with the preset, the deciding knob and its source."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

import explainer.site.variants as variants_module
from explainer.engine import Rule, Sourced, Team
from explainer.scenarios.loader import load_project
from explainer.scenarios.model import Scenario
from explainer.site.examples import macro_of
from explainer.site.outcomes import Verdict
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
        # then a value no preset takes: OpenSpiel's Belote scores no belote at all
        ("OPENSPIEL", "belote_bonus", "score", {Team.NS: 0, Team.EW: 162}),
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
    assert _variants("deal-tie") == [("ffb_belote", "tie", "outcome", Verdict.LITIGE)]
    (held,) = variants(_scenarios()["deal-tie"])  # one note: the outcome and its score
    assert held.score == {Team.NS: 0, Team.EW: 81}


def test_house_undertrump_example_agrees_under_every_belote_preset() -> None:
    assert _variants("undertrump-house") == []


def test_contree_undertrump_example_differs_under_pagats_coinche_only() -> None:
    """The FFB contrée trick is read under the other Coinche presets' play rules, never
    a classic preset's: FFB coinche agrees (no undertrumping), Pagat's requires it."""
    facts = {(preset, fact) for preset, _, fact, _ in _variants("undertrump-contree")}
    assert facts == {("pagat_coinche", "legal"), ("pagat_coinche", "rule")}
    rules = {v.other for v in variants(_scenarios()["undertrump-contree"]) if v.fact == "rule"}
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
        "Under the FFB classic rules (2016) (belote imprenable: each team keeps its own;"
        " Règles officielles de la Belote, January 27, 2016, §10.2), the score for the deal is North-South 20,"
        " East-West 162, not North-South 0, East-West 182." in " ".join(text.split())
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


def test_surcoinched_deal_under_contree_adds_the_belote_after_multiplying() -> None:
    assert _variants("coinche-surcoinched-belote") == [
        ("ffb_contree", "belote_multiplied", "score", {Team.NS: 0, Team.EW: 1020}),
        ("pagat_coinche", "coinche_scoring", "score", {Team.NS: 90, Team.EW: 460}),
    ]


def test_capot_not_bid_under_pagat_names_the_declarations_not_the_play_rules() -> None:
    notes = [v for v in variants(_scenarios()["coinche-capot-not-bid"])]
    assert [(v.preset, v.knob, v.other_value, v.fact) for v in notes] == [
        ("ffb_contree", "declarations", "off", "score"),
        ("pagat_coinche", "declarations", "off", "score"),
    ]
    assert [v.anchor for v in notes] == [f"{v.preset}-{v.knob}" for v in notes]


def test_coinche_deal_variants_show_only_the_outcome_and_the_score() -> None:
    coinche = [s for s in _scenarios().values() if getattr(s, "game", None) == "coinche"]
    facts = {v.fact for s in coinche for v in variants(s)}
    assert facts == {"outcome", "score"}


def test_classic_declarations_are_kept_under_the_other_belote_presets() -> None:
    assert _variants("classic-declarations-made") == []
    assert _variants("classic-declarations-failed") == []


def test_every_kind_names_a_macro_the_examples_template_defines() -> None:
    template = (ROOT / "templates" / "examples.html").read_text(encoding="utf-8")
    registry = template[template.index("{% set MACROS = {") :]
    laws = (ROOT / "templates" / "_law.html").read_text(encoding="utf-8")
    for scenario in _scenarios().values():
        name = macro_of(scenario)
        if scenario.kind == "law":  # a rule statement, drawn by its own template
            assert "{% macro law(" in laws
            continue
        assert f'  "{name}": ' in registry, name


def test_coinche_page_shows_a_deal_already_drawn_as_a_link(built_site: Path) -> None:
    html = (built_site / "en" / "coinche" / "index.html").read_text(encoding="utf-8")
    article = html[html.index('id="coinche-coinched-made"') :]
    article = article[: article.index("</article>")]
    assert (
        '<p class="same-cards">The cards are played as in <a href="#coinche-made-rounded">'
        in article
    )
    assert "tricks-list" not in article
    first = html[html.index('id="coinche-made-rounded"') :]
    first = first[: first.index("</article>")]
    assert "<li>North: K♦ J♦ Q♦ 8♦ → North</li>" in first


def _article_text(site: Path, page: str, example_id: str) -> str:
    html = (site / "en" / page / "index.html").read_text(encoding="utf-8")
    article = html[html.index(f'id="{example_id}"') :]
    return " ".join(re.sub(r"<[^>]+>", "", article[: article.index("</article>")]).split())


def test_a_coinched_classic_deal_says_so_and_which_score_is_multiplied(built_site: Path) -> None:
    coinched = _article_text(built_site, "variants", "deal-coinched")
    assert "Taker: West. Coinched by the defenders. About these rules" in coinched
    assert "The contract is coinched: the parts marked × 2 count 2 times." in coinched
    assert "East-West score 84 × 2 from their tricks + 20 × 2 for their belote = 208." in coinched
    surcoinched = _article_text(built_site, "variants", "deal-surcoinched")
    assert "Coinched by the defenders, then surcoinched by the takers." in surcoinched
    assert "East-West score 84 × 4 from their tricks + 20 × 4 for their belote = 416." in (
        surcoinched
    )
    failed = _article_text(built_site, "variants", "deal-coinched-failed")
    assert "all 162 points of the deal × 2 + 20 × 2 for their belote = 364." in failed
    plain = _article_text(built_site, "one-deal", "deal-made-with-belote")
    assert "Coinched" not in plain and "coinched" not in plain


def _elsewhere(scenario_id: str) -> list[tuple[str, str, str, str, object, str | None]]:
    return [
        (v.preset, v.knob, v.other_value, v.fact, v.other, v.anchor)
        for v in variants(_scenarios()[scenario_id])
        if v.elsewhere
    ]


def test_a_value_played_elsewhere_is_a_variant_cited_to_the_program_that_plays_it() -> None:
    assert _elsewhere("deal-made-with-belote") == [
        ("OPENSPIEL", "belote_bonus", "off", "score", {Team.NS: 78, Team.EW: 84},
         "other-belote_bonus-off"),
    ]  # fmt: skip
    (note,) = [v for v in variants(_scenarios()["deal-made-with-belote"]) if v.elsewhere]
    assert note.cite is not None and note.cite.key == "OPENSPIEL"
    assert note.got == {Team.NS: 78, Team.EW: 104}


def test_values_played_elsewhere_show_the_outcome_and_the_score_only() -> None:
    facts = {(knob, fact) for _, knob, _, fact, _, _ in _elsewhere("deal-tout-atout")}
    assert facts == {("belote_bonus", "outcome"), ("all_trump_points", "outcome")}
    notes = [v for v in variants(_scenarios()["deal-tout-atout"]) if v.elsewhere]
    assert all(v.outcome is not None and v.score is not None for v in notes)


def test_a_tie_played_elsewhere_is_told_by_the_examples_own_outcome_logic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A value played elsewhere that makes the example's tie a litige is told as a litige
    (the verdict and reasons of the outcome logic), never as "failed, not made"."""
    held = Sourced("litige", (), "a tie held over")
    # the families of presets are built once: build them from the values set here
    monkeypatch.setattr(variants_module, "_families", variants_module._families.__wrapped__)
    monkeypatch.setattr(variants_module, "OTHER_VALUES", {"tie": {"litige": held}})
    (note,) = [v for v in variants(_scenarios()["deal-tie"]) if v.elsewhere]
    assert note.fact == "outcome" and note.outcome is not None
    assert (note.got, note.outcome.verdict) == (Verdict.MADE, Verdict.LITIGE)
    assert note.score == {Team.NS: 0, Team.EW: 81}
    failed = Sourced("failed", (), "a tie fails")
    monkeypatch.setattr(variants_module, "OTHER_VALUES", {"tie": {"failed": failed}})
    (note,) = [v for v in variants(_scenarios()["deal-tie"]) if v.elsewhere]
    assert note.outcome is not None and note.outcome.verdict is Verdict.FAILED
    assert [v.fact for v in variants(_scenarios()["deal-tie"]) if v.elsewhere] == ["outcome"]


def test_a_coinche_value_played_elsewhere_has_no_anchor_on_the_rule_sets_page() -> None:
    assert _elsewhere("coinche-defence-capot") == [
        ("OLIBOY50", "defence_capot", "own_points", "score", {Team.NS: 0, Team.EW: 340}, None),
    ]
    assert [v[:3] for v in _elsewhere("coinche-sans-atout")] == [
        ("OLIBOY50", "no_trump_bid", "double")
    ]


def test_an_example_of_a_value_played_elsewhere_gets_no_note_of_such_values() -> None:
    for example in ("deal-coinched", "deal-tout-atout-unscaled", "coinche-sans-atout-double"):
        assert _elsewhere(example) == []
    # a value that changes neither outcome nor score makes no note (no belote: no change)
    assert _elsewhere("deal-capot") == []
