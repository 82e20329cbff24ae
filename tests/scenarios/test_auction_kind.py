"""``kind: auction`` read from YAML (``kinds/auction.py``): the fields it keeps, the
table a page draws, what ``--fill`` writes, and each problem's message, place and code
(issue 16: the auction kind's mutants no case file noticed)."""

from __future__ import annotations

from typing import Any

import pytest

from explainer.engine import Call, Level, Seat, Trump, find_coinche_rules
from explainer.scenarios.kinds.auction import KIND, AuctionScenario
from explainer.scenarios.loader import load_text


def _load(text: str) -> tuple[AuctionScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "x.yaml")
    assert scenario is None or isinstance(scenario, AuctionScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def _valid(text: str) -> AuctionScenario:
    scenario, diags = _load(text)
    assert diags == [] and scenario is not None
    return scenario


def _numbers(scenario: AuctionScenario) -> list[list[int | None]]:
    return [[c and c[0] for c in row] for row in KIND.view(scenario).rows]


def test_a_coinched_auction_keeps_its_calls_and_is_drawn_one_row_per_round() -> None:
    scenario = _valid(
        "kind: auction\ndealer: N\n"
        "calls: [E: 80 hearts, S: pass, W: pass, N: coinche, E: pass, S: pass, W: pass]\n"
    )
    assert (scenario.dealer, scenario.rules) == (Seat.N, find_coinche_rules("ffb_coinche"))
    assert scenario.calls[0] == (Seat.E, Call.parse("80 hearts"))
    assert len(scenario.calls) == 7
    computed = KIND.computed(scenario)
    assert computed == {
        "taker": Seat.E,
        "trump": Trump.HEARTS,
        "bid": 80,
        "level": Level.COINCHE,
        "coinched_by": Seat.N,
        "annulled": False,
        "next_dealer": Seat.E,
    }
    assert KIND.fill_keys(computed) == list(computed)
    view = KIND.view(scenario)
    assert (view.scenario, view.result) == (scenario, scenario.outcome)
    assert view.seats == (Seat.E, Seat.S, Seat.W, Seat.N)
    assert view.rows[0][3] == (4, Call.parse("coinche"))
    assert _numbers(scenario) == [[1, 2, 3, 4], [5, 6, 7, None]]


def test_an_auction_dealt_by_west_starts_its_table_at_north() -> None:
    scenario = _valid(
        "kind: auction\ndealer: W\ncalls: [N: 80 hearts, E: 90 spades, S: pass, W: pass, N: pass]\n"
    )
    assert KIND.view(scenario).seats == (Seat.N, Seat.E, Seat.S, Seat.W)
    assert _numbers(scenario) == [[1, 2, 3, 4], [5, None, None, None]]


def test_an_annulled_auction_fills_who_passed_not_a_contract() -> None:
    scenario = _valid("kind: auction\ndealer: N\ncalls: [E: pass, S: pass, W: pass, N: pass]\n")
    computed = KIND.computed(scenario)
    assert (computed["annulled"], computed["level"]) == (True, Level.NONE)
    assert KIND.fill_keys(computed) == ["taker", "annulled", "next_dealer"]


def test_the_schema_of_the_calls_is_one_seat_and_one_call_each() -> None:
    props: dict[str, Any] = KIND.properties()
    calls = props["calls"]
    assert (calls["type"], calls["maxItems"]) == ("array", 64)
    item = calls["items"]
    assert (item["type"], item["minProperties"], item["maxProperties"]) == ("object", 1, 1)
    assert item["additionalProperties"] == {"type": "string"}
    assert set(props) == {"rules", "dealer", "calls"}


REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "kind: auction\ndealer: [N]\n"
        "calls: [E: pass, {S: pass, W: pass}, Q: pass, N: [x], E: maybe, 7]\n",
        [
            ("x.yaml:2:9: dealer: expected a seat, got a list", "TYPE"),
            ("x.yaml:3:18: calls.2: a call is one 'SEAT: CALL' pair, got a mapping", "TYPE"),
            ("x.yaml:3:38: invalid seat: 'Q' (expected N, E, S or W)", "BAD_SEAT"),
            ("x.yaml:3:50: calls.4: expected a call, got a list", "TYPE"),
            (
                "x.yaml:3:58: calls[5]: invalid call: 'maybe' (expected pass, coinche,"
                " surcoinche, or a value then a denomination: 90 hearts, capot spades)",
                "BAD_BID",
            ),
            ("x.yaml:3:65: calls.6: a call is one 'SEAT: CALL' pair, got '7'", "TYPE"),
        ],
    ),
    (
        "kind: auction\ndealer: N\ncalls: [E: pass, S: pass]\n",
        [
            (
                "x.yaml:3:1: the auction is not finished after 2 calls: W is still to speak",
                "BAD_BID",
            )
        ],
    ),
    (
        "kind: auction\ndealer: N\ncalls: [S: pass]\n",
        [("x.yaml:3:9: calls[1]: S calls out of turn: it is E's turn", "BAD_BID")],
    ),
    (
        "kind: auction\nrules: {preset: ffb_coinche, surcoinche: 'off'}\ndealer: N\n"
        "calls: [E: 80 hearts, S: coinche, W: surcoinche]\n",
        [
            (
                "x.yaml:4:35: calls[3]: W cannot surcoinche: there is no surcoinche under"
                " ffb_coinche",
                "BAD_BID",
            )
        ],
    ),
    (
        "kind: auction\ndealer: N\ncalls: [{[N]: pass}]\n",
        [("x.yaml:3:10: calls.1: expected a seat, got a list", "TYPE")],
    ),
    (
        "kind: auction\ndealer: N\ncalls: [E: 80 hearts, W: coinche]\n",
        [("x.yaml:3:23: calls[2]: W calls out of turn: it is S's turn", "BAD_BID")],
    ),
    (
        "kind: auction\ndealer: N\ncalls: {E: pass}\n",
        [("x.yaml:3:8: calls: expected a list of calls, got a mapping", "TYPE")],
    ),
    (
        "kind: auction\n",
        [
            ("x.yaml:1:1: dealer: required for kind: auction", "MISSING"),
            ("x.yaml:1:1: calls: required for kind: auction", "MISSING"),
        ],
    ),
    (
        "kind: auction\nrules: house\ndealer: N\ncalls: [E: pass]\n",
        [
            (
                "x.yaml:2:8: rules: preset house does not apply to coinche (it is a belote"
                " preset; expected ffb_coinche, ffb_contree or pagat_coinche)",
                "BAD_RULES",
            )
        ],
    ),
]


@pytest.mark.parametrize(("text", "diags"), REFUSED)
def test_a_wrong_auction_is_refused_saying_what_where_and_which_problem(
    text: str, diags: list[tuple[str, str]]
) -> None:
    assert _load(text) == (None, diags)
