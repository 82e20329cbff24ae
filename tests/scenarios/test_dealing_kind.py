"""``kind: dealing`` read from YAML: the fields it keeps, and each problem's message,
place and code (issue 16: the dealing kind's mutants no case file noticed)."""

from __future__ import annotations

import pytest

from explainer.engine import Seat, find_coinche_rules
from explainer.scenarios.kinds.dealing import DealingScenario
from explainer.scenarios.loader import load_text

DECK = (
    "[7S, 8S, 9S, 10S, JS, QS, KS, AS, 7H, 8H, 9H, 10H, JH, QH, KH, AH,"
    " 7D, 8D, 9D, 10D, JD, QD, KD, AD, 7C, 8C, 9C, 10C, JC, QC, KC, AC]"
)
HEAD = f"kind: dealing\ndealer: N\ndeck: {DECK}\n"


def _load(text: str) -> tuple[DealingScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "t.yaml")
    assert scenario is None or isinstance(scenario, DealingScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def test_a_dealing_keeps_its_dealer_deck_and_taker() -> None:
    scenario, diags = _load(HEAD + "taker: W\n")
    assert diags == []
    assert scenario is not None
    assert (scenario.dealer, scenario.deck, scenario.taker) == (Seat.N, tuple(range(32)), Seat.W)
    assert (scenario.packets, scenario.rules) == (None, None)


def test_a_dealing_without_taker_has_none() -> None:
    scenario, diags = _load(HEAD)
    assert diags == []
    assert scenario is not None
    assert scenario.taker is None


def test_a_dealing_in_packets_keeps_its_packets_and_rules() -> None:
    scenario, diags = _load(HEAD + "packets: [3, 2, 3]\nrules: ffb_coinche\n")
    assert diags == []
    assert scenario is not None
    assert (scenario.dealer, scenario.deck, scenario.taker) == (Seat.N, tuple(range(32)), None)
    assert (scenario.packets, scenario.rules) == ((3, 2, 3), find_coinche_rules("ffb_coinche"))


REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        f"kind: dealing\ndealer: [N]\ndeck: {DECK}\ntaker: [W]\n",
        [
            ("t.yaml:2:9: dealer: expected a seat, got a list", "TYPE"),
            ("t.yaml:4:8: taker: expected a seat, got a list", "TYPE"),
        ],
    ),
    (
        "kind: dealing\ndealer: N\ndeck: [7S, 8S]\n",
        [("t.yaml:3:1: deck: a deck has 32 cards, got 2", "BAD_DEAL")],
    ),
    (
        "kind: dealing\ndealer: N\ndeck: {a: 1}\n",
        [("t.yaml:3:7: deck: expected a list of cards, got a mapping", "TYPE")],
    ),
    (
        "kind: dealing\n",
        [
            ("t.yaml:1:1: dealer: required for kind: dealing", "MISSING"),
            ("t.yaml:1:1: deck: required for kind: dealing", "MISSING"),
        ],
    ),
    (
        HEAD + "packets: [3, x, 3]\ntaker: W\nrules: ffb_coinche\n",
        [
            ("t.yaml:4:14: packets.2: expected a whole number, got 'x'", "TYPE"),
            ("t.yaml:5:1: taker: no card is turned when dealing in packets", "BAD_DEAL"),
        ],
    ),
    (
        HEAD + "packets: 3\nrules: ffb_coinche\n",
        [("t.yaml:4:10: packets: expected a list, got '3'", "TYPE")],
    ),
    (
        HEAD + "packets: [3, 2, 2]\nrules: ffb_coinche\n",
        [
            (
                "t.yaml:4:1: packets: invalid packets: 3-2-2 (expected 3-2-3, 3-3-2, 2-3-3 or 4-4)",
                "BAD_DEAL",
            )
        ],
    ),
    (
        HEAD + "packets: [3, 2, 3]\nrules: {preset: ffb_coinche, surcoinche: 'off'}\n",
        [
            (
                "t.yaml:5:30: rules.surcoinche: knob surcoinche does not apply to kind: dealing"
                " (it applies to kind: auction or kind: deal)",
                "BAD_RULES",
            )
        ],
    ),
    (
        HEAD + "packets: [3, 2, 3]\nrules: bogus\n",
        [("t.yaml:5:8: unknown coinche rules: 'bogus'", "BAD_RULES")],
    ),
]


@pytest.mark.parametrize(("text", "diags"), REFUSED)
def test_a_wrong_dealing_is_refused_saying_what_where_and_which_problem(
    text: str, diags: list[tuple[str, str]]
) -> None:
    assert _load(text) == (None, diags)


def test_a_dealing_deals_in_its_own_packets_not_the_rule_sets() -> None:
    scenario, diags = _load(HEAD + "packets: [3, 3, 2]\nrules: ffb_coinche\n")
    assert diags == []
    assert scenario is not None
    assert scenario.outcome.packets == (3, 3, 2)
    assert str(scenario.outcome.hands[Seat.E]) == "7S 8S 9S JH QH KH 7C 8C"
