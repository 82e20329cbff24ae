"""Coinche rule sets: the knobs, the three presets (each a document's base rules) and their
sources."""

from __future__ import annotations

import pytest

from explainer.engine.coinche import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    FFB_COINCHE,
    FFB_CONTREE,
    PAGAT_COINCHE,
    PLAY_KNOBS,
    PRESET_SOURCES,
    find_coinche_rules,
)
from explainer.engine.errors import UnknownRulesError
from explainer.engine.sources import SOURCES

SECTION_7_2 = {
    # knob: (ffb_coinche, ffb_contree, pagat_coinche): FFB coinchée 2015, FFB contrée 2016,
    # Pagat's La Coinche (base rules: no declarations, the bidding team's belote only)
    "min_bid": ("80", "80", "82"),
    "bid_80_needs": ("80", "80", "82"),
    "max_bid": ("none", "160", "none"),
    "sa_ta": ("off", "off", "off"),
    "coinche_timing": ("in_turn", "in_turn", "any_time"),
    "after_coinche": ("three_passes", "coinched_team_only", "coinched_team_only"),
    "surcoinche": ("4", "4", "4"),
    "capot_doublable": ("yes", "yes", "no"),
    "generale": ("off", "off", "off"),
    "scoring": ("points_plus_bid", "points_plus_bid", "points_plus_bid"),
    "must_beat_defence": ("yes", "no", "no"),
    "tie": ("failed", "failed", "failed"),  # §7.2 writes fail; the format contract failed
    "declarations": ("on", "off", "off"),
    "declarations_count": ("yes", "yes", "yes"),
    "belote_counts": ("yes", "yes", "yes"),
    "belote": ("imprenable", "prenable", "attack_only"),
    "failure_base": ("160", "160", "160"),
    "coinche_scoring": ("whole", "flat", "as_uncoinched"),
    "belote_multiplied": ("yes", "no", "no"),
    "capot_points": ("252", "252", "250"),
    "capot_bid_scoring": ("as_contract", "flat", "flat"),
    "capot_declarations": ("to_capot_team", "to_capot_team", "void"),
    "rounding": ("half_up", "half_up", "half_up"),
    "all_trump_points": ("ffb2015", "ffb2016_ratio", "pagat"),
    "card_reuse": ("no", "no", "no"),
    "carre_vs_cent": ("carre", "carre", "carre"),
    "declaration_tie": ("nobody", "nobody", "first_announced"),
    "target": ("none", "none", "2000"),
    "target_rule": ("reach", "reach", "reach"),
    "end_rounding": ("rounded", "rounded", "rounded"),
    "final_tie": ("extra_deal", "extra_deal", "last_deal_winner"),
    "belote_finish": ("not_if_capot_or_failed", "allowed", "allowed"),
    "all_pass": ("next_dealer", "next_dealer", "next_dealer"),
    "undertrump": ("optional", "optional", "required"),
    "partner_overtrump": ("no_lower", "optional", "optional"),
    "all_trump_partner": ("climb", "climb", "climb"),
    "all_trump_belote": ("each_suit", "each_suit", "each_suit"),
    "generale_value": ("500", "500", "1000"),
}


@pytest.mark.parametrize("knob", sorted(SECTION_7_2))
def test_presets_are_section_7_2(knob: str) -> None:
    got = tuple(r.knobs[knob] for r in (FFB_COINCHE, FFB_CONTREE, PAGAT_COINCHE))
    assert got == SECTION_7_2[knob]


def test_every_preset_sets_every_knob_of_section_7_1_and_the_shared_play_knobs() -> None:
    # coinche.md §7.1's 43, the shared play knobs, and two variants another engine plays
    assert len(COINCHE_KNOBS) == 43 + len(PLAY_KNOBS) + len(("defence_capot", "no_trump_bid"))
    for name, table in PRESET_SOURCES.items():
        assert set(table) == set(COINCHE_KNOBS), name
        assert COINCHE_PRESETS[name].knobs == {k: s.value for k, s in table.items()}


def test_every_preset_value_cites_a_known_source_or_says_why_not() -> None:
    for table in PRESET_SOURCES.values():
        for sourced in table.values():
            assert sourced.cites or sourced.note
            for cite in sourced.cites:
                assert cite.key in SOURCES and cite.section and cite.quote


def test_where_editions_or_readings_disagree_the_note_says_so() -> None:
    assert "hors belote" in PRESET_SOURCES["ffb_coinche"]["belote_multiplied"].note
    assert "litige" in PRESET_SOURCES["ffb_coinche"]["tie"].note
    assert "flat 500" in PRESET_SOURCES["ffb_coinche"]["capot_bid_scoring"].note
    assert "160 plus twice the bid" in PRESET_SOURCES["pagat_coinche"]["coinche_scoring"].note
    assert "2016 allows it" in PRESET_SOURCES["ffb_coinche"]["partner_overtrump"].note


def test_sourced_is_dropped_once_a_knob_is_changed() -> None:
    assert FFB_COINCHE.sourced("surcoinche") is not None
    assert find_coinche_rules(surcoinche="3").sourced("surcoinche") is None


@pytest.mark.parametrize(
    ("knob", "value"), [(k.name, v) for k in COINCHE_KNOBS.values() for v in k.values]
)
def test_every_knob_value_is_accepted_and_written_back(knob: str, value: str) -> None:
    r = find_coinche_rules(**{knob: value})
    assert r.knobs[knob] == value
    assert not r.is_preset or r == FFB_COINCHE


def test_knobs_round_trip() -> None:
    for r in COINCHE_PRESETS.values():
        assert find_coinche_rules(r.name, **r.knobs) == r
        assert r.is_preset


def test_integer_knobs_take_any_integer() -> None:
    assert find_coinche_rules(target=1001).target == 1001
    assert find_coinche_rules(generale_value="700").generale_value == 700


def test_typed_values() -> None:
    r = find_coinche_rules("ffb_contree", surcoinche="off")
    assert (r.max_bid, r.surcoinche, r.declarations, r.must_beat_defence) == (160, 0, False, False)


def test_unknown_preset_did_you_mean() -> None:
    with pytest.raises(UnknownRulesError) as e:
        find_coinche_rules("pagat")
    assert str(e.value) == "unknown coinche rules: 'pagat' (did you mean 'pagat_coinche'?)"


def test_unknown_knob_did_you_mean() -> None:
    with pytest.raises(UnknownRulesError) as e:
        find_coinche_rules(surcoinch="3")
    assert str(e.value) == "unknown coinche rules knob: 'surcoinch' (did you mean 'surcoinche'?)"


def test_unknown_value_did_you_mean() -> None:
    with pytest.raises(UnknownRulesError) as e:
        find_coinche_rules(belote="imprennable")
    assert str(e.value) == (
        "invalid value for belote: 'imprennable' (expected imprenable, prenable or attack_only)"
        " (did you mean 'imprenable'?)"
    )


def test_unknown_value_of_an_integer_knob() -> None:
    with pytest.raises(UnknownRulesError) as e:
        find_coinche_rules(target="lots")
    assert str(e.value) == (
        "invalid value for target: 'lots' (expected none, 1000, 1500, 2000, 3000 or an integer)"
    )


def test_play_preset_is_the_classic_preset_of_the_same_author() -> None:
    assert (FFB_COINCHE.play_preset, FFB_CONTREE.play_preset, PAGAT_COINCHE.play_preset) == (
        "ffb_belote",
        "ffb_belote",
        "pagat_belote",
    )


def test_play_rules_are_named_after_the_coinche_preset_and_carry_its_play_knobs() -> None:
    for rules in COINCHE_PRESETS.values():
        play = rules.play_rules
        assert (play.name, play.game) == (rules.name, "coinche")
        assert {k: getattr(play, k) for k in PLAY_KNOBS} == {k: rules.knobs[k] for k in PLAY_KNOBS}
        assert (play.belote, play.all_trump_points) == (rules.belote, rules.all_trump_points)


def test_ffb_coinche_bars_a_lower_trump_under_the_partner_contree_does_not() -> None:
    """FFB-CO15 §5.2 rule 4: a lower trump under a partner's ruff only from a hand of
    nothing but trumps; FFB-C16 §5.2.3: "y compris un atout inférieur au sien"."""
    assert FFB_COINCHE.play_rules.partner_overtrump == "no_lower"
    assert FFB_CONTREE.play_rules.partner_overtrump == "optional"
    assert (PAGAT_COINCHE.play_rules.undertrump, PAGAT_COINCHE.play_rules.partner_overtrump) == (
        "required",
        "optional",
    )


@pytest.mark.parametrize("knob", PLAY_KNOBS)
def test_play_knobs_mean_what_the_classic_rule_sets_say(knob: str) -> None:
    from explainer.engine import KNOBS

    assert COINCHE_KNOBS[knob].values == KNOBS[knob].values
    for value in KNOBS[knob].values:
        assert getattr(find_coinche_rules(**{knob: value}).play_rules, knob) == value


def test_one_knob_is_written_as_every_knob_is() -> None:
    from explainer.engine import COINCHE_KNOBS, COINCHE_PRESETS

    for rules in COINCHE_PRESETS.values():
        assert {k: rules.written(k) for k in COINCHE_KNOBS} == rules.knobs
