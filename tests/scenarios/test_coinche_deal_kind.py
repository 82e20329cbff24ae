"""``kind: deal`` with ``contract.game: coinche`` (``kinds/coinche_deal.py``): the fields
it keeps, its score lines, the deal played again under other rules, and each problem of
its contract with its message, place and code (issue 16: the mutants no case file
noticed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from explainer.engine import Seat, Team, find_coinche_rules
from explainer.scenarios.kinds.coinche_deal import CoincheDealScenario
from explainer.scenarios.kinds.deal import KIND
from explainer.scenarios.loader import load_text
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

ROOT = Path(__file__).resolve().parents[2]
TIERCE = (ROOT / "scenarios/coinche/declarations/09-tierce-makes-contract.yaml").read_text(
    encoding="utf-8"
)
TRICKS = "tricks:\n" + TIERCE.split("tricks:\n")[1].split("expect:")[0]


def _load(text: str) -> tuple[CoincheDealScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "x.yaml")
    assert scenario is None or isinstance(scenario, CoincheDealScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def _tierce() -> CoincheDealScenario:
    scenario, diags = _load(TIERCE)
    assert diags == [] and scenario is not None
    return scenario


def test_a_coinche_deal_keeps_its_contract_dealer_announced_and_tricks() -> None:
    s = _tierce()
    assert (s.contract.taker, s.contract.bid, s.dealer, s.game) == (Seat.N, 100, Seat.W, "coinche")
    assert (s.rules, s.announced) == (
        find_coinche_rules("ffb_coinche"),
        ((Seat.N, ("tierce QH",)),),
    )
    assert len(s.tricks) == 8 and s.tricks[0][0][0] == Seat.N
    assert KIND.macro_of(s) == "coinche_deal"
    assert KIND.variant_facts(s) == ("made", "score")


def test_a_coinche_deals_score_lines_leave_out_the_empty_ones() -> None:
    s = _tierce()
    view = KIND.view(s)
    assert (view.scenario, view.contract, view.rules, view.result) == (
        s,
        s.contract,
        s.rules,
        s.outcome,
    )
    assert view.lines == (
        ("tricks", 4, 4),
        ("card_points", 73, 79),
        ("last_trick", 10, 0),
        ("declarations", 20, 0),
        ("total", 103, 79),
        ("score", 200, 80),
    )


def test_a_capot_shows_its_bonus_on_the_last_trick_line() -> None:
    text = (ROOT / "scenarios/coinche/capot/04-capot-bid-coinched.yaml").read_text(encoding="utf-8")
    scenario, diags = _load(text)
    assert diags == [] and scenario is not None
    assert KIND.view(scenario).lines == (
        ("tricks", 8, 0),
        ("card_points", 152, 0),
        ("last_trick", 100, 0),
        ("total", 252, 0),
        ("score", 1000, 0),
    )


def test_a_coinche_deal_again_under_rules_without_declarations_drops_them() -> None:
    s = _tierce()
    again = KIND.recompute(s, find_coinche_rules("ffb_contree"))
    assert again.rules == find_coinche_rules("ffb_contree")
    facts = KIND.computed(again)
    assert facts["declarations"] == {Team.NS: 0, Team.EW: 0}
    assert facts["made"] is False
    assert (again.tricks, again.dealer, again.contract) == (s.tricks, s.dealer, s.contract)


def test_a_coinche_deal_again_under_rules_with_declarations_keeps_them() -> None:
    s = _tierce()
    rules = find_coinche_rules("ffb_contree", declarations="on")
    again = KIND.recompute(s, rules)
    assert KIND.computed(again)["declarations"] == {Team.NS: 20, Team.EW: 0}
    assert KIND.computed(again) == KIND.computed(
        _load(
            TIERCE.replace("rules: ffb_coinche", 'rules: {preset: ffb_contree, declarations: "on"}')
        )[0]
    )  # type: ignore[arg-type]


def _contract(contract: str) -> str:
    return f"kind: deal\ncontract: {contract}\ndealer: W\n{TRICKS}"


REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "{game: coinche, trump: hearts}",
        [
            ("x.yaml:2:1: contract.taker: required for game: coinche", "MISSING"),
            ("x.yaml:2:1: contract.bid: required for game: coinche", "MISSING"),
        ],
    ),
    (
        "{game: coinche, trump: [x], taker: N, bid: 100}",
        [("x.yaml:2:34: contract.trump: expected a string, got a list", "TYPE")],
    ),
    (
        "{game: coinche, trump: hearts, taker: N, bid: 95}",
        [
            (
                "x.yaml:2:1: contract: invalid bid: '95' (a bid is a multiple of 10, at least 80)",
                "BAD_VALUE",
            )
        ],
    ),
    (
        "{game: coinche, trump: hearts, taker: N, bid: 100, level: double}",
        [
            (
                "x.yaml:2:1: contract: unknown level: 'double' (expected none, coinche or surcoinche)",
                "BAD_VALUE",
            )
        ],
    ),
    (
        "{game: coinche, rules: house, trump: hearts, taker: N, bid: 100}",
        [
            (
                "x.yaml:2:34: contract.rules: preset house does not apply to coinche (it is a"
                " belote preset; expected ffb_coinche, ffb_contree or pagat_coinche)",
                "BAD_RULES",
            )
        ],
    ),
]


@pytest.mark.parametrize(("contract", "diags"), REFUSED)
def test_a_wrong_coinche_contract_is_refused_saying_what_where_and_which_problem(
    contract: str, diags: list[tuple[str, str]]
) -> None:
    assert _load(_contract(contract)) == (None, diags)


def _shipped(name: str) -> CoincheDealScenario:
    scenario, diags = _load((ROOT / "scenarios/coinche" / name).read_text(encoding="utf-8"))
    assert diags == [] and scenario is not None
    return scenario


def test_a_belote_has_its_own_score_line() -> None:
    lines = KIND.view(_shipped("scoring/02-failed-belote.yaml")).lines
    assert ("belote", 0, 20) in lines


def test_a_coinche_deal_again_under_other_rules_is_scored_by_them() -> None:
    s = _shipped("capot/01-capot-not-bid.yaml")
    assert KIND.computed(s)["score"] == {Team.NS: 0, Team.EW: 380}
    again = KIND.recompute(s, find_coinche_rules("ffb_contree"))
    assert KIND.computed(again)["score"] == {Team.NS: 0, Team.EW: 360}


def test_a_coinche_deal_without_dealer_is_read() -> None:
    scenario, diags = _load(TIERCE.replace("dealer: W\n", ""))
    assert diags == [] and scenario is not None
    assert scenario.dealer is None


REFUSED_TOO: list[tuple[str, list[tuple[str, str]]]] = [
    (
        TIERCE.replace("dealer: W", "dealer: [W]"),
        [("x.yaml:13:9: dealer: expected a seat, got a list", "TYPE")],
    ),
    (
        _contract("{game: coinche, trump: hearts, taker: N, bid: 100, colour: red}"),
        [("x.yaml:2:62: contract: unknown key 'colour'", "UNKNOWN_KEY")],
    ),
    (
        _contract("{game: coinche, rules: {target: 1000}, trump: hearts, taker: N, bid: 100}"),
        [
            (
                "x.yaml:2:35: contract.rules.target: knob target does not apply to kind: deal"
                " (it applies to kind: match)",
                "BAD_RULES",
            )
        ],
    ),
    (
        _contract("{game: coinche, rules: house, trump: hearts, taker: N, bid: 95}"),
        [
            (
                "x.yaml:2:34: contract.rules: preset house does not apply to coinche (it is a"
                " belote preset; expected ffb_coinche, ffb_contree or pagat_coinche)",
                "BAD_RULES",
            )
        ],
    ),
]


@pytest.mark.parametrize(("text", "diags"), REFUSED_TOO)
def test_a_wrong_coinche_deal_reports_each_problem_once(
    text: str, diags: list[tuple[str, str]]
) -> None:
    assert _load(text) == (None, diags)


def test_a_refused_coinche_deal_is_never_played() -> None:
    r = Reader("x.yaml")
    root = compose(TIERCE.replace("dealer: W", "dealer: [W]"))
    assert root is not None
    pairs = r.mapping(root, (), None)
    assert pairs is not None
    assert KIND.read(r, pairs, {"id": "x", "kind": "deal", "path": "x.yaml"}) is None


def test_a_deal_without_contract_or_with_a_list_is_not_taken_for_a_coinche_deal() -> None:
    assert _load(f"kind: deal\ndealer: W\n{TRICKS}") == (
        None,
        [("x.yaml:1:1: contract: required for kind: deal", "MISSING")],
    )
    assert _load(f"kind: deal\ncontract: [game, coinche]\ndealer: W\n{TRICKS}") == (
        None,
        [("x.yaml:2:11: contract: expected a mapping, got a list", "TYPE")],
    )
