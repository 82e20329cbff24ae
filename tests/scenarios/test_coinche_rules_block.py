"""The Coinche ``rules`` block (``kinds/coinche_rules.py``): the rule set each way it
is written, and each problem's message, place and code (issue 16: the mutants no case
file noticed)."""

from __future__ import annotations

from typing import Any

import pytest

from explainer.engine import COINCHE_PRESETS, CoincheRules, find_coinche_rules
from explainer.scenarios.kinds.coinche_rules import coinche_rules_schema, rules_of
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

EXPECTED = "expected ffb_coinche, ffb_contree or pagat_coinche"


def _read(text: str, step: str = "auction") -> tuple[CoincheRules | None, list[tuple[str, str]]]:
    r = Reader("x.yaml")
    root = compose(text)
    assert root is not None
    pairs = r.mapping(root, (), None)
    assert pairs is not None
    got = rules_of(r, pairs, step)
    return got, [(str(d), d.code.name) for d in r.diags]


# (the block, the kind's step, the rule set it names)
READS: list[tuple[str, str, CoincheRules]] = [
    ("x: 1\n", "auction", find_coinche_rules("ffb_coinche")),
    ("rules: ffb_contree\n", "auction", find_coinche_rules("ffb_contree")),
    ("rules: {preset: pagat_coinche}\n", "auction", find_coinche_rules("pagat_coinche")),
    ("rules: {max_bid: 160}\n", "auction", find_coinche_rules("ffb_coinche", max_bid="160")),
    (
        "rules: {preset: ffb_contree, coinche_80: 'no', max_bid: 170}\n",
        "auction",
        find_coinche_rules("ffb_contree", coinche_80="no", max_bid="170"),
    ),
    ("rules: {target: 1000}\n", "match", find_coinche_rules("ffb_coinche", target="1000")),
]


@pytest.mark.parametrize(("text", "step", "rules"), READS)
def test_a_coinche_rule_set_is_its_preset_with_its_knobs(
    text: str, step: str, rules: CoincheRules
) -> None:
    assert _read(text, step) == (rules, [])


REFUSED: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "rules: {preset: [x]}\n",
        "auction",
        [("x.yaml:1:17: rules.preset: expected a string, got a list", "TYPE")],
    ),
    (
        "rules: {max_bid: [x]}\n",
        "auction",
        [("x.yaml:1:18: rules.max_bid: expected a string, got a list", "TYPE")],
    ),
    (
        "rules: {max_bid: ''}\n",
        "auction",
        [
            (
                "x.yaml:1:18: invalid value for max_bid: '' (expected none, 160, 170, 180 or 650)",
                "BAD_RULES",
            )
        ],
    ),
    (
        "rules: {max_bid: }\n",
        "auction",
        [("x.yaml:1:18: rules.max_bid: missing value (expected a string)", "TYPE")],
    ),
    (
        "rules: [x]\n",
        "auction",
        [("x.yaml:1:8: rules: expected a preset or a mapping, got a list", "TYPE")],
    ),
    (
        "rules: {target: 1000, deal_packets: 3-2-3, surcoinche: 'off'}\n",
        "auction",
        [
            (
                "x.yaml:1:9: rules.target: knob target does not apply to kind: auction"
                " (it applies to kind: match)",
                "BAD_RULES",
            ),
            (
                "x.yaml:1:23: rules.deal_packets: knob deal_packets does not apply to"
                " kind: auction (it applies to kind: dealing)",
                "BAD_RULES",
            ),
        ],
    ),
    (
        "rules: {surcoinche: 'off'}\n",
        "match",
        [
            (
                "x.yaml:1:9: rules.surcoinche: knob surcoinche does not apply to kind: match"
                " (it applies to kind: auction or kind: deal)",
                "BAD_RULES",
            )
        ],
    ),
    (
        "rules: {preset: official}\n",
        "auction",
        [
            (
                "x.yaml:1:17: rules: preset official does not apply to coinche"
                f" (it is a belote preset; {EXPECTED})",
                "BAD_RULES",
            )
        ],
    ),
    (
        "rules: house\n",
        "auction",
        [
            (
                "x.yaml:1:8: rules: preset house does not apply to coinche"
                f" (it is a belote preset; {EXPECTED})",
                "BAD_RULES",
            )
        ],
    ),
    (
        "rules: {preset: ffb_contre, max_bid: 160}\n",
        "auction",
        [
            (
                "x.yaml:1:17: unknown coinche rules: 'ffb_contre' (did you mean 'ffb_contree'?)",
                "BAD_RULES",
            )
        ],
    ),
    (
        "rules: {max_bid: 7, coinche_80: perhaps}\n",
        "auction",
        [
            (
                "x.yaml:1:18: invalid value for max_bid: '7' (expected none, 160, 170, 180 or 650)",
                "BAD_RULES",
            ),
            (
                "x.yaml:1:33: invalid value for coinche_80: 'perhaps' (expected yes or no)",
                "BAD_RULES",
            ),
        ],
    ),
    (
        "rules: {coinche_80: true}\n",
        "auction",
        [("x.yaml:1:21: invalid value for coinche_80: 'true' (expected yes or no)", "BAD_RULES")],
    ),
]


@pytest.mark.parametrize(("text", "step", "diags"), REFUSED)
def test_a_wrong_coinche_rule_set_is_refused_saying_what_where_and_which_problem(
    text: str, step: str, diags: list[tuple[str, str]]
) -> None:
    assert _read(text, step) == (None, diags)


def test_an_unknown_key_is_named_and_the_preset_still_read() -> None:
    assert _read("rules: {bogus: 1}\n") == (
        find_coinche_rules("ffb_coinche"),
        [("x.yaml:1:9: rules: unknown key 'bogus'", "UNKNOWN_KEY")],
    )


def test_the_schema_of_a_coinche_rule_set_lists_the_presets_and_the_steps_knobs_only() -> None:
    presets = {"enum": list(COINCHE_PRESETS)}
    knob: dict[str, Any] = {"type": ["string", "integer", "boolean"]}
    assert coinche_rules_schema("dealing") == {
        "anyOf": [
            presets,
            {
                "type": "object",
                "additionalProperties": False,
                "properties": {"preset": presets, "deal_packets": knob},
            },
        ]
    }
