"""``kind: dealing`` read from YAML: the fields it keeps, and each problem's message,
place and code (issue 16: the dealing kind's mutants no case file noticed)."""

from __future__ import annotations

import pytest

from explainer.engine import Seat, find_coinche_rules
from explainer.scenarios.kinds.dealing import KIND, DealingScenario, DealingView, PacketsView
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
    # An empty deck is a deck of the wrong size like any other (issue 27: it used to reach
    # the engine, reported without the key, on the packets, or not with the other problems).
    (
        "kind: dealing\ndealer: N\ndeck: []\n",
        [("t.yaml:3:1: deck: a deck has 32 cards, got 0", "BAD_DEAL")],
    ),
    (
        "kind: dealing\ndealer: N\ndeck: []\npackets: [3, 2, 3]\nrules: ffb_coinche\n",
        [("t.yaml:3:1: deck: a deck has 32 cards, got 0", "BAD_DEAL")],
    ),
    (
        "kind: dealing\ndealer: N\ndeck: []\nrules: ffb_coinche\n",
        [("t.yaml:3:1: deck: a deck has 32 cards, got 0", "BAD_DEAL")],
    ),
    (
        "kind: dealing\ndealer: Z\ndeck: []\ntaker: W\n",
        [
            ("t.yaml:2:9: invalid seat: 'Z' (expected N, E, S or W)", "BAD_SEAT"),
            ("t.yaml:3:1: deck: a deck has 32 cards, got 0", "BAD_DEAL"),
        ],
    ),
    (
        "kind: dealing\ndealer: N\ndeck: [7S, 7S]\n",
        [("t.yaml:3:12: duplicate card: 7S (also at line 3)", "DUPLICATE_CARD")],
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


def _view(extra: str) -> tuple[str, object]:
    scenario, diags = _load(HEAD + extra)
    assert diags == [] and scenario is not None
    view = KIND.view(scenario)
    assert (view.scenario, view.result) == (scenario, scenario.outcome)
    assert view.order == (Seat.E, Seat.S, Seat.W, Seat.N)  # from the seat after the dealer
    return KIND.macro_of(scenario), view


def test_a_dealing_is_drawn_first_five_cards_then_the_hands_after_the_taker_took() -> None:
    macro, view = _view("taker: W\n")
    assert macro == "dealing" and isinstance(view, DealingView)
    assert view.first == (
        (Seat.E, (2, 1, 0, 13, 12)),
        (Seat.S, (3, 5, 4, 15, 14)),
        (Seat.W, (7, 6, 8, 17, 16)),
        (Seat.N, (11, 10, 9, 19, 18)),
    )
    assert view.hands == (
        (Seat.E, (2, 1, 0, 13, 12, 23, 22, 21)),
        (Seat.S, (3, 5, 4, 15, 14, 26, 25, 24)),
        (Seat.W, (7, 6, 8, 20, 17, 16, 27, 28)),
        (Seat.N, (11, 10, 9, 19, 18, 31, 30, 29)),
    )


def test_a_dealing_without_taker_is_drawn_with_the_first_five_cards_only() -> None:
    macro, view = _view("")
    assert macro == "dealing" and isinstance(view, DealingView)
    assert [cards for _, cards in view.first][0] == (2, 1, 0, 13, 12)
    assert view.hands == ()


def test_a_dealing_in_packets_is_drawn_with_its_own_macro_and_whole_hands() -> None:
    macro, view = _view("packets: [3, 3, 2]\nrules: ffb_coinche\n")
    assert macro == "packets" and isinstance(view, PacketsView)
    assert view.hands == (
        (Seat.E, (2, 1, 0, 14, 13, 12, 25, 24)),
        (Seat.S, (3, 5, 4, 15, 17, 16, 27, 26)),
        (Seat.W, (7, 6, 8, 19, 20, 18, 29, 28)),
        (Seat.N, (11, 10, 9, 23, 22, 21, 31, 30)),
    )
