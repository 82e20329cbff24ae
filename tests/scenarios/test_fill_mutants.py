"""``explainer/scenarios/fill.py``: where ``--fill`` writes the absent keys, compared as
whole texts, for each shape an ``expect`` can take (issue 16: the fill mutants)."""

from __future__ import annotations

import pytest

from explainer.scenarios.fill import fill_text, flow
from explainer.scenarios.loader import load_text
from explainer.scenarios.model import Scenario

TRICK = "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: 9S]\n"
FILLED = "expect:\n  winner: N\n  points: 11\n"
POSITION = "contract: {trump: spades}\ntrick: [W: 7H, N: 8S, E: AH]\nhand: {seat: S, cards: [9S, 7S, KD]}\n"
LEGAL = "expect:\n  legal:\n    - 9S\n    - KD\n"
RULE = "  rule: partner-wins\n"


def _fill(text: str) -> tuple[str, list[str]]:
    scenario, diags = load_text(text, "x.yaml")
    assert diags == []
    assert isinstance(scenario, Scenario)
    return fill_text(text, scenario)


def test_flow_writes_booleans_lists_and_mappings_as_yaml_flow() -> None:
    assert [flow(True), flow(False)] == ["true", "false"]
    assert flow({"NS": 97, "EW": [True, "9S"]}) == "{NS: 97, EW: [true, 9S]}"


def test_an_empty_flow_expect_gets_the_keys_without_a_leading_comma() -> None:
    assert _fill(TRICK + "expect: {}\n") == (
        TRICK + "expect: {winner: N, points: 11}\n",
        ["winner", "points"],
    )


def test_a_flow_expect_gets_the_keys_after_a_comma() -> None:
    assert _fill(TRICK + "expect: {winner: N}\n") == (
        TRICK + "expect: {winner: N, points: 11}\n",
        ["points"],
    )


def test_a_file_without_a_last_line_end_gets_one_before_the_new_keys() -> None:
    assert _fill(TRICK + "expect:\n  winner: N") == (TRICK + FILLED, ["points"])


def test_a_file_whose_lines_end_in_carriage_returns_gets_no_extra_line_feed() -> None:
    text = TRICK.replace("\n", "\r")
    assert _fill(text) == (text + FILLED, ["winner", "points"])


def test_an_empty_expect_ending_in_a_carriage_return_gets_a_line_feed_after_it() -> None:
    assert _fill(TRICK + "expect:\r") == (TRICK + "expect:\r\n" + FILLED[8:], ["winner", "points"])


def test_a_new_expect_is_indented_as_the_file_is() -> None:
    text = "  contract: {trump: hearts}\n  trick: [N: AS, E: 7S, S: 8S, W: 9S]\n"
    assert _fill(text) == (
        text + "  expect:\n    winner: N\n    points: 11\n",
        ["winner", "points"],
    )


def test_a_key_goes_right_after_a_last_value_on_its_own_line() -> None:
    text = POSITION + "expect:\n  rule: partner-wins\ntext: Hi.\n"
    assert _fill(text) == (
        POSITION + "expect:\n  rule: partner-wins\n  legal: [9S, KD]\ntext: Hi.\n",
        ["legal"],
    )


def test_a_key_goes_right_after_a_last_block_list_followed_by_a_key() -> None:
    assert _fill(POSITION + LEGAL + "text: Hi.\n") == (
        POSITION + LEGAL + RULE + "text: Hi.\n",
        ["rule"],
    )


def test_a_key_goes_before_the_blank_lines_and_comments_that_end_the_block() -> None:
    assert _fill(POSITION + LEGAL + "\n  # why\ntext: Hi.\n") == (
        POSITION + LEGAL + RULE + "\n  # why\ntext: Hi.\n",
        ["rule"],
    )
    assert _fill(POSITION + LEGAL + "  # end\n") == (
        POSITION + LEGAL + RULE + "  # end\n",
        ["rule"],
    )
    assert _fill(POSITION + LEGAL + "\n\n") == (POSITION + LEGAL + RULE + "\n\n", ["rule"])


def test_a_key_goes_before_a_blank_line_after_a_one_item_block_list() -> None:
    position = POSITION.replace("[9S, 7S, KD]", "[9S, 7S]")
    legal = "expect:\n  legal:\n    - 9S\n"
    assert _fill(position + legal + "\ntext: Hi.\n") == (
        position + legal + RULE + "\ntext: Hi.\n",
        ["rule"],
    )


def test_a_file_written_as_one_flow_mapping_cannot_be_filled() -> None:
    text = "{contract: {trump: hearts}, trick: [N: AS, E: 7S, S: 8S, W: 9S]}\n"
    with pytest.raises(ValueError, match=r"\Acannot fill a file written as one flow mapping\Z"):
        _fill(text)
