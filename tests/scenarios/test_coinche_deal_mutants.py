"""``kind: deal`` with ``contract.game: coinche`` (``kinds/coinche_deal.py``): the dealer
checked against the first lead, when read and when played again, and the deal played
again scored under the rules it is given (issue 16: the mutants the Coinche deal's tests
left alive)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from explainer.engine import EngineError, Seat, Team, find_coinche_rules
from explainer.scenarios.kinds.coinche_deal import CoincheDealScenario
from explainer.scenarios.kinds.deal import KIND
from explainer.scenarios.loader import load_text

ROOT = Path(__file__).resolve().parents[2]


def _text(name: str) -> str:
    return (ROOT / "scenarios/coinche" / name).read_text(encoding="utf-8")


def _scenario(name: str) -> CoincheDealScenario:
    scenario, diags = load_text(_text(name), "x.yaml")
    assert diags == []
    assert isinstance(scenario, CoincheDealScenario)
    return scenario


TIERCE = "declarations/09-tierce-makes-contract.yaml"
"""Dealt by W, led by N."""
CAPOT_FAILED = "capot/03-capot-bid-failed.yaml"
"""S bids capot under ffb_coinche and loses one trick: EW score 410 there."""


def test_a_coinche_deal_whose_first_lead_is_not_after_its_dealer_is_refused() -> None:
    """North leads the first trick, so West dealt: a deal said dealt by North is refused
    where its first trick is."""
    scenario, diags = load_text(_text(TIERCE).replace("dealer: W", "dealer: N"), "x.yaml")
    assert scenario is None
    assert [(str(d), d.code.name) for d in diags] == [
        ("x.yaml:17:6: play out of turn in trick 1: N leads, expected E", "BAD_DEAL")
    ]


def test_a_coinche_deal_played_again_still_checks_the_first_lead_against_its_dealer() -> None:
    s = replace(_scenario(TIERCE), dealer=Seat.N)
    with pytest.raises(EngineError, match=r"^play out of turn in trick 1: N leads, expected E$"):
        KIND.recompute(s, find_coinche_rules("pagat_coinche"))


@pytest.mark.parametrize(
    ("preset", "score"),
    [("ffb_coinche", (0, 410)), ("ffb_contree", (0, 500)), ("pagat_coinche", (0, 500))],
)
def test_a_failed_capot_played_again_is_scored_under_the_rules_given(
    preset: str, score: tuple[int, int]
) -> None:
    """A failed capot bid: FFB coinche gives the defenders 160 + 250 (as_contract), FFB
    contrée and Pagat a flat 500."""
    s = _scenario(CAPOT_FAILED)
    again = KIND.recompute(s, find_coinche_rules(preset))
    assert again.rules == find_coinche_rules(preset)
    assert KIND.computed(again)["score"] == {Team.NS: score[0], Team.EW: score[1]}


@pytest.mark.parametrize(
    ("preset", "score"), [("ffb_coinche", (0, 410)), ("ffb_contree", (0, 500))]
)
def test_a_failed_capot_is_scored_under_the_rules_its_contract_names(
    preset: str, score: tuple[int, int]
) -> None:
    text = _text(CAPOT_FAILED).replace("rules: ffb_coinche", f"rules: {preset}")
    scenario, diags = load_text(text, "x.yaml")
    assert diags == []
    assert isinstance(scenario, CoincheDealScenario)
    assert KIND.computed(scenario)["score"] == {Team.NS: score[0], Team.EW: score[1]}
