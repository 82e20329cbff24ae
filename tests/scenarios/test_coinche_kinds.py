"""The Coinche kinds: auction, declarations, deal with game: coinche, match, packets."""

from __future__ import annotations

from typing import Any

from explainer.engine import BidKind, Level, Seat, Team, Trump
from explainer.scenarios.kinds import KINDS, kind_of
from explainer.scenarios.kinds.coinche_deal import CoincheDealScenario
from explainer.scenarios.kinds.deal import DealScenario
from explainer.scenarios.loader import load_text


def _load(text: str) -> tuple[Any, list[str]]:
    scenario, diags = load_text(text, "t.yaml")
    return scenario, [str(d) for d in diags]


def _facts(text: str) -> dict[str, Any]:
    scenario, diags = _load(text)
    assert diags == []
    return kind_of(scenario).computed(scenario)  # type: ignore[no-any-return]


def test_every_coinche_kind_is_registered() -> None:
    assert {"auction", "declarations", "match"} <= set(KINDS)


def test_auction_surcoinche_ends_the_auction_on_the_coinched_contract() -> None:
    facts = _facts(
        "kind: auction\ndealer: N\ncalls:\n  - E: 80 diamonds\n  - S: pass\n"
        "  - W: 90 diamonds\n  - N: coinche\n  - E: surcoinche\n"
    )
    assert facts == {
        "taker": Seat.W,
        "trump": Trump.DIAMONDS,
        "bid": 90,
        "level": Level.SURCOINCHE,
        "coinched_by": Seat.N,
        "annulled": False,
        "next_dealer": Seat.E,
    }


def test_auction_capot_bid_is_stated_as_capot() -> None:
    facts = _facts(
        "kind: auction\ndealer: W\ncalls:\n  - N: capot spades\n  - E: pass\n"
        "  - S: pass\n  - W: pass\n"
    )
    assert facts["bid"] is BidKind.CAPOT


def test_auction_partner_coinche_is_located_at_the_call() -> None:
    _, diags = _load(
        "kind: auction\ndealer: N\ncalls:\n  - E: 80 hearts\n  - S: pass\n  - W: coinche\n"
    )
    assert diags == ["t.yaml:6:5: calls[3]: W cannot coinche E's bid: W and E are partners"]


def test_unknown_coinche_preset_gets_the_engines_did_you_mean() -> None:
    _, diags = _load("kind: auction\nrules: ffb_coinch\ndealer: N\ncalls: [E: pass]\n")
    assert diags == [
        "t.yaml:2:8: unknown coinche rules: 'ffb_coinch' (did you mean 'ffb_coinche'?)"
    ]


def test_declarations_the_best_team_scores_all_of_its_declarations() -> None:
    facts = _facts(
        "kind: declarations\ncontract: {game: coinche, trump: clubs}\ndealer: N\n"
        "announced:\n  S: [carre J]\n  E: [cinquante 10H]\n  N: [tierce 9C]\n"
    )
    assert facts == {"best": Seat.S, "team": Team.NS, "points": {Team.NS: 220, Team.EW: 0}}


def test_match_reaches_the_target_with_the_rounding() -> None:
    facts = _facts(
        "kind: match\nrules: {preset: ffb_contree, target: 2000}\ndealer: W\n"
        "start: {NS: 1770, EW: 1490}\ndeals:\n  - {score: {NS: 227, EW: 45}}\n"
    )
    assert facts["totals"] == {Team.NS: 2000, Team.EW: 1540}
    assert facts["winner"] is Team.NS
    assert facts["next_dealer"] is Seat.N


def test_match_annulled_deal_is_not_counted_but_passes_the_deal() -> None:
    facts = _facts("kind: match\ndealer: S\ndeals:\n  - annulled\n  - {score: {NS: 227, EW: 45}}\n")
    assert (facts["deals_counted"], facts["next_dealer"]) == (1, Seat.N)


_TRICKS = """tricks:
  - [N: KD, E: JD, S: QD, W: 8D]
  - [N: QH, E: 9H, S: AH, W: KH]
  - [S: AD, W: 8S, N: 9D, E: 10D]
  - [W: KC, N: QC, E: 7C, S: 10C]
  - [S: 9C, W: JC, N: 9S, E: 8C]
  - [N: QS, E: AS, S: 7S, W: 10S]
  - [E: JH, S: KS, W: 10H, N: 8H]
  - [S: 7D, W: AC, N: JS, E: 7H]
"""


def test_coinche_deal_coinched_and_made_doubles_the_takers_score() -> None:
    text = (
        "kind: deal\ncontract: {game: coinche, trump: spades, taker: S, bid: 110, "
        "level: coinche}\ndealer: W\n" + _TRICKS
    )
    scenario, diags = _load(text)
    assert diags == []
    assert isinstance(scenario, CoincheDealScenario)
    facts = kind_of(scenario).computed(scenario)
    assert facts["total"] == {Team.NS: 117, Team.EW: 45}
    assert facts["score"] == {Team.NS: 540, Team.EW: 0}


def test_classic_deal_stays_a_classic_deal_without_coinche_facts() -> None:
    scenario, diags = _load("kind: deal\ncontract: {trump: spades, taker: S}\n" + _TRICKS)
    assert diags == []
    assert isinstance(scenario, DealScenario)
    assert "total" not in kind_of(scenario).computed(scenario)


def test_packets_deal_the_whole_deck_without_a_turned_card() -> None:
    deck = (
        "[KD, QH, 9D, JD, 9H, 10D, QD, AH, AD, 8D, KH, 8S, QC, 9S, 7C, 8C, 10C, 9C, KC, "
        "JC, QS, 8H, JS, AS, JH, 7H, 7S, KS, 7D, 10S, 10H, AC]"
    )
    facts = _facts(f"kind: dealing\ndealer: W\npackets: [3, 2, 3]\ndeck: {deck}\n")
    assert set(facts) == {"hands"}
    assert len(facts["hands"][Seat.N]) == 8
