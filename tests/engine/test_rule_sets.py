"""Rule sets as data: presets per game, every value sourced, lookups and their errors."""

from __future__ import annotations

import pytest

from explainer.engine import (
    HOUSE,
    KNOBS,
    OFFICIAL,
    PRESETS,
    SOURCES,
    Knob,
    RuleSet,
    Seat,
    Sourced,
    Team,
    Trump,
    UnknownRulesError,
    find_rules,
    make_ruler,
    preset_sources,
    presets_for,
)
from explainer.engine.presets import ALIASES


def test_presets_for_belote_are_house_ffb_belote_pagat_belote_default_first():
    assert presets_for("belote") == ("house", "ffb_belote", "pagat_belote")
    assert find_rules() is PRESETS[presets_for("belote")[0]]


def test_presets_for_an_unknown_game_names_the_games():
    with pytest.raises(UnknownRulesError) as info:
        presets_for("belotte")
    assert str(info.value) == "unknown game: 'belotte' (did you mean 'belote'?) (expected belote)"


def test_knobs_are_the_formats_knobs_in_order_each_a_knob_with_its_values():
    assert {name: knob.values for name, knob in KNOBS.items()} == {
        "undertrump": ("required", "optional", "forbidden"),
        "partner_overtrump": ("required", "optional", "no_lower"),
        "all_trump_partner": ("climb", "free"),
        "tie": ("made", "failed", "litige"),
        "belote": ("prenable", "imprenable", "attack_only"),
        "capot_points": ("252", "250"),
        "all_trump_points": ("pagat", "ffb2015", "ffb2016_ratio", "trump_values"),
        "all_trump_belote": ("none", "each_suit"),
        "classic_declarations": ("off", "on"),
        "defenders_capot": ("bonus", "no_bonus"),
        "classic_sa_ta": ("off", "on"),
        "classic_coinche": ("off", "on"),
        "belote_bonus": ("on", "off"),
        "target": ("1000", "501", "2000"),
        "both_reach": ("higher_total", "draw"),
        "rounding": ("none", "half_up"),
    }
    assert all(isinstance(k, Knob) and k.doc and "belote" in k.games for k in KNOBS.values())


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_value_is_sourced_by_a_citation_or_a_note(preset):
    sources = preset_sources(preset)
    rules = PRESETS[preset]
    assert list(sources) == list(KNOBS)
    for knob, sourced in sources.items():
        assert isinstance(sourced, Sourced)
        assert sourced.value in KNOBS[knob].values
        assert getattr(rules, knob) == sourced.value
        assert sourced.cites or sourced.note
        for cite in sourced.cites:
            assert cite.key in SOURCES and cite.section and cite.quote
            assert cite.source.lang in ("fr", "en", "pl")


def test_sourced_without_citation_or_note_is_refused():
    with pytest.raises(ValueError, match="neither a citation nor a note"):
        Sourced("required", ())


def test_ffb_belote_is_the_ffb_classic_rulebook_of_2016():
    ffb = find_rules("ffb_belote")
    assert ffb.knobs == {
        "undertrump": "required",
        "partner_overtrump": "optional",
        "all_trump_partner": "climb",
        "tie": "litige",
        "belote": "imprenable",
        "capot_points": "252",
        "all_trump_points": "ffb2016_ratio",
        "all_trump_belote": "each_suit",
        "classic_declarations": "off",
        "defenders_capot": "bonus",
        "classic_sa_ta": "off",
        "classic_coinche": "off",
        "belote_bonus": "on",
        "target": "1000",
        "both_reach": "higher_total",
        "rounding": "none",
    }
    cite = preset_sources("ffb_belote")["belote"].cites[0]
    assert (cite.key, cite.section, cite.source.edition) == ("FFB-B16", "§10.2", "2016-01-27")


def test_pagat_belote_is_pagats_belote_page():
    """Pagat's base Belote: partner winning, "free to either trump, or discard any card"
    (a lower trump too); a belote in any suit at tout atout (La Coinche's variation); the
    capot's bonus the takers' alone (as restated: no text to quote)."""
    assert find_rules("pagat_belote").knobs == {
        "undertrump": "required",
        "partner_overtrump": "optional",
        "all_trump_partner": "climb",
        "tie": "made",
        "belote": "imprenable",
        "capot_points": "252",
        "all_trump_points": "pagat",
        "all_trump_belote": "each_suit",
        "classic_declarations": "on",
        "defenders_capot": "no_bonus",
        "classic_sa_ta": "off",
        "classic_coinche": "off",
        "belote_bonus": "on",
        "target": "1000",
        "both_reach": "draw",
        "rounding": "none",
    }


def test_house_values_cite_the_seeds():
    for knob in ("undertrump", "partner_overtrump", "tie", "belote", "capot_points", "target"):
        assert preset_sources("house")[knob].cites[0].key == "SEED-003", knob


def test_official_is_a_documented_alias_not_a_preset_of_the_game():
    assert "official" in PRESETS and "official" not in presets_for("belote")
    assert "FFB contrée" in ALIASES["official"]
    assert OFFICIAL.knobs == {
        **HOUSE.knobs,
        "undertrump": "optional",
        "partner_overtrump": "optional",
    }
    assert [c.key for c in preset_sources("official")["undertrump"].cites] == [
        "FFB-C16",
        "SEED-000",
    ]


def test_preset_sources_of_an_unknown_preset_is_an_unknown_rules_error():
    with pytest.raises(UnknownRulesError, match="did you mean 'house'"):
        preset_sources("hous")


def test_rule_sets_stay_frozen_and_hashable_so_the_ruler_is_built_once():
    rules = find_rules("ffb_belote", tie="failed")
    assert isinstance(rules, RuleSet) and hash(rules) == hash(
        find_rules("ffb_belote", tie="failed")
    )
    with pytest.raises(AttributeError):
        rules.tie = "made"  # type: ignore[misc]
    assert make_ruler(Trump.ALL, rules) is make_ruler(
        Trump.ALL, find_rules("ffb_belote", tie="failed")
    )


def test_a_preset_with_a_knob_changed_is_no_longer_that_preset():
    rules = find_rules("pagat_belote", belote="prenable")
    assert rules.name == "pagat_belote" and not rules.is_preset
    assert find_rules("pagat_belote", belote="imprenable").is_preset


def test_a_defenders_capot_has_no_bonus_only_under_no_bonus():
    """Pagat's Belote as restated: "only the taking side earns the capot bonus"; the FFB
    (B16 §10.2: "162 points ou 252 points s'il elle a réalisé un capot") and the house
    give it to whichever team wins every trick."""
    from explainer.engine import capot_value, score_deal

    winners = [Seat.E, Seat.W] * 4  # East-West win every trick
    pagat, ffb = find_rules("pagat_belote"), find_rules("ffb_belote")
    for rules, defenders in ((pagat, 162), (ffb, 252)):
        suit = Trump.HEARTS
        assert capot_value(rules, suit, defenders=True) == defenders
        assert capot_value(rules, suit) == 252
    at_trump_values = pagat.with_knobs(all_trump_points="trump_values")
    assert capot_value(at_trump_values, Trump.ALL, defenders=True) == 258
    assert capot_value(at_trump_values, Trump.ALL) == 348
    defended = score_deal((0, 152), winners, (), Seat.N, pagat)
    assert (defended.points, defended.made, defended.score) == ((0, 162), False, (0, 162))
    assert score_deal((0, 152), winners, (), Seat.N, ffb).score == (0, 252)
    taken = score_deal((0, 152), winners, (), Seat.E, pagat)
    assert (taken.points, taken.made) == ((0, 252), True)


def test_classic_declarations_give_defenders_what_their_capot_counts():
    from explainer.engine import score_classic_declarations

    failed = score_classic_declarations(
        (0, 162), (20, 0), taker=Seat.N, capot=Team.EW, capot_count=162
    )
    assert failed == (False, (0, 182))
    assert score_classic_declarations((0, 252), (20, 0), taker=Seat.N, capot=Team.EW) == (
        False,
        (0, 272),
    )
