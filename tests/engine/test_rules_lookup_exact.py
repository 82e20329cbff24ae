"""Rule sets looked up and changed: each refusal's whole message, the knobs applying to
their game, and the sources a citation points at."""

from __future__ import annotations

import pytest

from explainer.engine import (
    HOUSE,
    KNOBS,
    PRESETS,
    SOURCES,
    Citation,
    EngineError,
    Sourced,
    UnknownRulesError,
    find_rules,
    find_source,
    preset_sources,
)
from explainer.engine.presets import PRESET_VALUES
from explainer.engine.rules import RuleSet


def refused(preset: object = "house", **knobs: str) -> str:
    with pytest.raises(UnknownRulesError) as info:
        find_rules(preset, **knobs)  # type: ignore[arg-type]
    return str(info.value)


PRESET_LIST = "house, ffb_belote, pagat_belote or official"


def test_an_unknown_preset_is_refused_with_a_hint_and_the_presets() -> None:
    assert (
        refused("hous") == f"unknown rules: 'hous' (did you mean 'house'?) (expected {PRESET_LIST})"
    )
    assert refused("tavern") == f"unknown rules: 'tavern' (expected {PRESET_LIST})"


def test_a_preset_that_is_not_a_name_is_refused_not_a_crash() -> None:
    assert refused(["house"]) == f"unknown rules: ['house'] (expected {PRESET_LIST})"
    assert refused(None) == f"unknown rules: None (expected {PRESET_LIST})"


def test_an_unknown_knob_is_refused_with_a_hint_and_every_knob() -> None:
    names = ", ".join(list(KNOBS)[:-1]) + " or " + list(KNOBS)[-1]
    assert refused(undertrumps="required") == (
        f"unknown rules knob: 'undertrumps' (did you mean 'undertrump'?) (expected {names})"
    )


def test_a_wrong_knob_value_is_refused_with_a_hint_and_the_knobs_values() -> None:
    assert refused(tie="fail") == (
        "invalid value for tie: 'fail' (did you mean 'failed'?) (expected made, failed or litige)"
    )
    assert refused("ffb_belote", capot_points="300") == (
        "invalid value for capot_points: '300' (expected 252 or 250)"
    )


def test_a_knob_that_does_not_apply_to_the_rule_sets_game_is_refused_naming_its_games() -> None:
    coinche = RuleSet(**{**{f: getattr(HOUSE, f) for f in HOUSE.__slots__}, "game": "coinche"})
    with pytest.raises(UnknownRulesError) as info:
        coinche.with_knobs(tie="made")
    assert str(info.value) == "rules knob tie does not apply to coinche (it applies to belote)"


def test_every_knob_changed_is_checked_and_applied() -> None:
    rules = find_rules("house", undertrump="forbidden", capot_points="250", belote="attack_only")
    assert (rules.undertrump, rules.capot_points, rules.belote) == (
        "forbidden",
        "250",
        "attack_only",
    )
    assert rules.capot_total == 250 and HOUSE.capot_total == 252
    assert rules.knobs == {
        **HOUSE.knobs,
        "undertrump": "forbidden",
        "capot_points": "250",
        "belote": "attack_only",
    }
    assert HOUSE.with_knobs() is HOUSE and find_rules("house") is HOUSE
    with pytest.raises(UnknownRulesError):
        find_rules("house", undertrump="optional", tie="never")


def test_every_preset_is_a_preset_of_its_game_named_after_itself() -> None:
    for name, rules in PRESETS.items():
        assert (rules.name, rules.game, rules.is_preset) == (name, "belote", True)
        assert rules.knobs == {k: s.value for k, s in PRESET_VALUES[name].items()}


def test_preset_sources_of_an_unknown_preset_names_the_presets() -> None:
    with pytest.raises(UnknownRulesError) as info:
        preset_sources("offical")
    assert str(info.value) == (
        f"unknown rules: 'offical' (did you mean 'official'?) (expected {PRESET_LIST})"
    )
    assert preset_sources("official") is PRESET_VALUES["official"]


def test_a_citation_points_at_its_source_and_an_unknown_key_lists_the_known() -> None:
    assert Citation("PAG-C", "Scoring", "x").source is SOURCES["PAG-C"]
    assert find_source("PAG-B").url == "https://www.pagat.com/jass/belote.html"
    with pytest.raises(UnknownRulesError) as info:
        _ = Citation("FFB-B17", "§1", "x").source
    assert str(info.value) == f"unknown source: 'FFB-B17' (known: {', '.join(SOURCES)})"


def test_every_source_keeps_its_key_publisher_title_edition_address_and_language() -> None:
    ffb = SOURCES["FFB-C15"]
    assert (ffb.key, ffb.publisher, ffb.title, ffb.edition, ffb.lang) == (
        "FFB-C15",
        "Fédération Française de Belote",
        "Règles officielles de la Belote Contrée",
        "2015",
        "fr",
    )
    assert ffb.url == (
        "https://www.ffbelote.org/wp-content/uploads/2015/11/REGLES-DE-LA-BELOTE-CONTREE.pdf"
    )
    seed = SOURCES["SEED-003"]
    assert (seed.publisher, seed.title, seed.edition, seed.url, seed.lang) == (
        "the Belote app of the house rules",
        "4 graczy · Partnerujesz przeciwne AI · Pojedyncze rozdanie",
        "app text, undated",
        "",
        "pl",
    )
    assert SOURCES["SEED-000"].title == "Jaką kartę wolno zagrać?"
    assert all(key == s.key for key, s in SOURCES.items())


def test_a_value_without_citation_or_note_is_refused_by_its_whole_message() -> None:
    with pytest.raises(EngineError) as info:
        Sourced("optional", ())
    assert str(info.value) == "rule value 'optional' has neither a citation nor a note"
    assert Sourced("optional", (), "a note").note == "a note"


def test_the_house_values_cite_seed_003_by_section_and_verbatim_quote() -> None:
    house = preset_sources("house")
    assert house["undertrump"].cites == (
        Citation(
            "SEED-003", "4. Rozgrywka tury", "jeśli nie możesz przetrumfować, zagraj niższy atut"
        ),
    )
    assert house["capot_points"].cites[-1] == Citation(
        "SEED-003", "5. Punktacja i zakończenie", "co daje łącznie 252 punkty"
    )
