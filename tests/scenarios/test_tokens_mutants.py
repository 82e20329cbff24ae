"""``explainer/scenarios/tokens.py``: card tokens replaced one by one, and value tokens at
all-trump under each scale (issue 16: the tokens mutants no test noticed)."""

from __future__ import annotations

import re

from explainer.engine import Trump, card_str, find_rules
from explainer.scenarios.tokens import replace_card_tokens, value_of

HOUSE = find_rules("house")


def _show(match: re.Match[str], card: int) -> str:
    return f"<{card_str(card)}|{match.group('words')}>"


def test_replace_card_tokens_replaces_each_card_token_with_its_match_and_card() -> None:
    text = "Lead {AS}, keep {th|the ten}; {8X} and {num} stay."
    assert (
        replace_card_tokens(text, _show)
        == "Lead <AS|None>, keep <10H|the ten>; {8X} and {num} stay."
    )


def test_replace_card_tokens_leaves_a_text_without_tokens_as_it_is() -> None:
    assert replace_card_tokens("no {seat} here", _show) == "no {seat} here"


def test_all_trump_deal_total_under_the_pagat_scale_is_162() -> None:
    assert HOUSE.all_trump_points == "pagat"
    assert value_of("deal_total", None, HOUSE, Trump.ALL) == 162


def test_all_trump_card_points_follow_the_rule_sets_scale() -> None:
    ffb2015 = HOUSE.with_knobs(all_trump_points="ffb2015")
    assert value_of("points", "JS", HOUSE, Trump.ALL) == 14
    assert value_of("points", "JS", ffb2015, Trump.ALL) == 13
    assert value_of("points", "9S", ffb2015, Trump.ALL) == 9
