"""``kind: bidding`` read from YAML (``kinds/bidding.py``): the fields it keeps, what a
page shows, what ``--fill`` writes, and each problem's message, place and code (issue 16:
the bidding kind's mutants no case file noticed)."""

from __future__ import annotations

from typing import Any

import pytest

from explainer.engine import BiddingResult, Seat, Suit, Trump, parse_card
from explainer.scenarios.kinds.bidding import KIND, BiddingScenario
from explainer.scenarios.loader import load_text

HEAD = "kind: bidding\ndealer: N\nturned: JH\n"
PASSES = "E: pass, S: pass, W: pass, N: pass"


def _load(text: str) -> tuple[BiddingScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "x.yaml")
    assert scenario is None or isinstance(scenario, BiddingScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def _valid(bids: str) -> BiddingScenario:
    scenario, diags = _load(HEAD + f"bids: [{bids}]\n")
    assert diags == [] and scenario is not None
    return scenario


def test_a_second_round_take_keeps_the_bids_and_numbers_them_by_round() -> None:
    scenario = _valid(PASSES + ", E: spades")
    assert (scenario.dealer, scenario.turned) == (Seat.N, parse_card("JH"))
    assert scenario.bids[-1] == (Seat.E, Suit.SPADES)
    computed = KIND.computed(scenario)
    assert computed == {"taker": Seat.E, "trump": Trump.SPADES, "annulled": False}
    assert KIND.fill_keys(computed) == ["taker", "trump"]
    view = KIND.view(scenario)
    assert view.scenario == scenario
    assert view.bids == (
        (1, 1, Seat.E, "pass"),
        (2, 1, Seat.S, "pass"),
        (3, 1, Seat.W, "pass"),
        (4, 1, Seat.N, "pass"),
        (5, 2, Seat.E, Suit.SPADES),
    )
    assert view.result == BiddingResult(Seat.E, Trump.SPADES, False, 2)


def test_an_annulled_bidding_fills_only_annulled() -> None:
    scenario = _valid(PASSES + ", " + PASSES)
    computed = KIND.computed(scenario)
    assert computed == {"taker": None, "trump": None, "annulled": True}
    assert KIND.fill_keys(computed) == ["annulled"]
    assert [r for _, r, _, _ in KIND.view(scenario).bids] == [1, 1, 1, 1, 2, 2, 2, 2]


def test_the_schema_of_the_bids_is_one_seat_and_one_bid_each_two_rounds_at_most() -> None:
    props: dict[str, Any] = KIND.properties()
    bids = props["bids"]
    assert (bids["type"], bids["maxItems"]) == ("array", 8)
    item = bids["items"]
    assert (item["type"], item["minProperties"], item["maxProperties"]) == ("object", 1, 1)
    assert item["additionalProperties"] == {
        "enum": ["take", "pass", "spades", "hearts", "diamonds", "clubs"]
    }
    assert set(props) == {"dealer", "turned", "bids"}


REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "kind: bidding\ndealer: [N]\nturned: JX\n"
        "bids: [E: pass, {S: pass, W: pass}, Q: pass, N: [x], E: maybe, 7]\n",
        [
            ("x.yaml:2:9: dealer: expected a seat, got a list", "TYPE"),
            (
                "x.yaml:3:9: invalid card: 'JX' (expected a rank and a suit, like KS or 10H; did you mean JS, JH, JD or JC?)",
                "BAD_CARD",
            ),
            ("x.yaml:4:17: bids.2: a bid is one 'SEAT: BID' pair, got a mapping", "TYPE"),
            ("x.yaml:4:37: invalid seat: 'Q' (expected N, E, S or W)", "BAD_SEAT"),
            ("x.yaml:4:49: bids.4: expected a bid, got a list", "TYPE"),
            (
                "x.yaml:4:57: invalid bid: 'maybe'"
                " (expected take, pass, spades, hearts, diamonds or clubs)",
                "BAD_BID",
            ),
            ("x.yaml:4:64: bids.6: a bid is one 'SEAT: BID' pair, got '7'", "TYPE"),
        ],
    ),
    (
        HEAD + "bids: {E: pass}\n",
        [("x.yaml:4:7: bids: expected a list of bids, got a mapping", "TYPE")],
    ),
    (
        "kind: bidding\n",
        [
            ("x.yaml:1:1: dealer: required for kind: bidding", "MISSING"),
            ("x.yaml:1:1: turned: required for kind: bidding", "MISSING"),
            ("x.yaml:1:1: bids: required for kind: bidding", "MISSING"),
        ],
    ),
    (
        HEAD + "bids: [E: pass, S: pass]\n",
        [
            (
                "x.yaml:4:1: the bidding is not finished after 2 bids:"
                " someone must take, or all pass twice",
                "BAD_BID",
            )
        ],
    ),
    (
        "kind: bidding\ndealer: N\nturned: [JH]\nbids: [E: take]\n",
        [("x.yaml:3:9: turned: expected a card, got a list", "TYPE")],
    ),
    (
        HEAD + "bids: [{[N]: pass}]\n",
        [("x.yaml:4:9: bids.1: expected a seat, got a list", "TYPE")],
    ),
    (HEAD + "bids: [S: pass]\n", [("x.yaml:4:8: bid out of turn: S bids, expected E", "BAD_BID")]),
]


@pytest.mark.parametrize(("text", "diags"), REFUSED)
def test_a_wrong_bidding_is_refused_saying_what_where_and_which_problem(
    text: str, diags: list[tuple[str, str]]
) -> None:
    assert _load(text) == (None, diags)
