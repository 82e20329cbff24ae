"""The Coinche rule tables to the letter (issue 16: ``coinche.rules``' survivors): a
knob's games and words, a citation without a note, a rule set no preset cites, and a
preset name that is not text."""

from __future__ import annotations

from dataclasses import replace

import pytest

from explainer.engine.coinche import COINCHE_KNOBS, FFB_COINCHE, PRESET_SOURCES, find_coinche_rules
from explainer.engine.errors import UnknownRulesError
from explainer.engine.sources import Citation, Knob, Sourced


def test_a_coinche_knob_names_its_games_and_says_what_it_decides() -> None:
    assert COINCHE_KNOBS["surcoinche"] == Knob(
        "surcoinche",
        ("4", "3", "off"),
        frozenset({"coinche"}),
        "the surcoinche multiplier, or no surcoinche",
    )
    assert COINCHE_KNOBS["undertrump"].games == frozenset({"coinche", "belote"})


def test_a_preset_value_cited_without_a_note_has_an_empty_note() -> None:
    sourced = PRESET_SOURCES["ffb_coinche"]["surcoinche"]
    assert (sourced.value, sourced.note) == ("4", "")
    assert [(c.key, c.section, c.quote) for c in sourced.cites] == [
        ("FFB-CO15", "§4.1", "Le score de la donne sera multiplié par 4.")
    ]
    assert sourced == Sourced("4", sourced.cites, "")
    assert isinstance(sourced.cites[0], Citation)


def test_a_rule_set_no_preset_names_cites_nothing() -> None:
    assert replace(FFB_COINCHE, name="mine").sourced("surcoinche") is None


def test_a_preset_name_that_is_not_text_is_an_unknown_rule_set() -> None:
    with pytest.raises(UnknownRulesError) as e:
        find_coinche_rules(["ffb"])  # type: ignore[arg-type]
    assert str(e.value) == "unknown coinche rules: ['ffb']"
