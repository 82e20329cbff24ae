"""``kind: deal`` (a classic deal, ``kinds/deal.py``): the classic declarations path, the
fields kept, what a page shows, the re-play under other rules, and each problem's
message, place and code (issue 16: the deal kind's mutants no test noticed)."""

from __future__ import annotations

from typing import Any

from explainer.engine import PRESETS, Contract, DealResult, Seat, Team, Trump
from explainer.scenarios.kinds.deal import KIND, DealScenario, DealView
from explainer.scenarios.loader import load_text

# scenarios/one-deal/scoring/06-classic-declarations-failed.yaml: N's tierce scores 20 for
# NS (their total 86 against 96: failed).
ON = 'contract: {game: belote, rules: {preset: ffb_belote, classic_declarations: "on"}, trump: hearts, taker: N}\n'  # noqa: E501
OFF = "contract: {game: belote, rules: ffb_belote, trump: hearts, taker: N}\n"
TRICKS = """tricks:
  - [N: JS, E: AS, S: QS, W: KS]
  - [E: 7S, S: 7H, W: 8S, N: 10S]
  - [S: 9C, W: 10C, N: 7C, E: JC]
  - [W: AH, N: QH, E: 9D, S: JH]
  - [S: JD, W: 7D, N: QC, E: 8D]
  - [S: KD, W: 10D, N: 8H, E: QD]
  - [N: KC, E: 8C, S: 10H, W: 9H]
  - [W: KH, N: AC, E: 9S, S: AD]
"""
ANNOUNCED = "announced:\n  N: [tierce AC]\n"
EXPECT = "expect:\n  declarations: {NS: 20, EW: 0}\n  total: {NS: 86, EW: 96}\n"
WINNERS = (Seat.E, Seat.S, Seat.W, Seat.S, Seat.S, Seat.N, Seat.W, Seat.W)


def _load(text: str) -> tuple[DealScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "t.yaml")
    assert scenario is None or isinstance(scenario, DealScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def _declaring() -> DealScenario:
    scenario, diags = _load("kind: deal\n" + ON + "dealer: W\n" + ANNOUNCED + TRICKS + EXPECT)
    assert diags == []
    assert scenario is not None
    return scenario


def _facts(scenario: DealScenario) -> dict[str, Any]:
    return KIND.computed(scenario)


def test_a_classic_deal_with_declarations_keeps_its_contract_rules_dealer_tricks_and_announced() -> (
    None
):
    s = _declaring()
    assert s.contract == Contract(Trump.HEARTS, "belote", taker=Seat.N)
    assert (s.rules.name, s.rules.classic_declarations) == ("ffb_belote", "on")
    assert s.dealer is Seat.W
    assert s.tricks[0] == ((Seat.N, 4), (Seat.E, 7), (Seat.S, 5), (Seat.W, 6))
    assert len(s.tricks) == 8
    assert s.announced == ((Seat.N, ("tierce AC",)),)


def test_a_classic_deal_scores_its_declarations_and_compares_the_totals() -> None:
    assert _facts(_declaring()) == {
        "tricks": WINNERS,
        "card_points": {Team.NS: 66, Team.EW: 86},
        "last_trick": Team.EW,
        "belote": None,
        "capot": None,
        "points": {Team.NS: 66, Team.EW: 96},
        "declarations": {Team.NS: 20, Team.EW: 0},
        "total": {Team.NS: 86, Team.EW: 96},
        "made": False,
        "score": {Team.NS: 0, Team.EW: 182},
    }


# scenarios/one-deal/scoring/05-classic-declarations-made.yaml: E's cinquante scores 50 for EW.
MADE = (
    "kind: deal\n"
    'contract: {game: belote, rules: {preset: ffb_belote, classic_declarations: "on"},'
    " trump: spades, taker: E}\n"
    "dealer: N\nannounced:\n  E: [cinquante KD]\n  S: [tierce JC]\ntricks:\n"
    "  - [E: KD, S: 9D, W: 8D, N: AD]\n  - [N: QS, E: AS, S: 9S, W: 8S]\n"
    "  - [S: JH, W: KH, N: 10H, E: 7H]\n  - [N: JS, E: QC, S: 10S, W: 7S]\n"
    "  - [N: 7C, E: AC, S: JC, W: 8H]\n  - [E: QD, S: 10C, W: 7D, N: KC]\n"
    "  - [E: 10D, S: AH, W: KS, N: 9H]\n  - [W: QH, N: 8C, E: JD, S: 9C]\n"
)


def test_the_defenders_declarations_add_to_their_total() -> None:
    scenario, diags = _load(MADE)
    assert diags == []
    assert scenario is not None
    facts = _facts(scenario)
    assert (facts["points"], facts["declarations"], facts["total"]) == (
        {Team.NS: 92, Team.EW: 70},
        {Team.NS: 0, Team.EW: 50},
        {Team.NS: 92, Team.EW: 120},
    )
    assert (facts["made"], facts["score"]) == (True, {Team.NS: 92, Team.EW: 120})


def test_a_classic_deal_with_declarations_shows_its_contract_rules_result_and_declarations() -> (
    None
):
    s = _declaring()
    view = KIND.view(s)
    assert isinstance(view, DealView)
    assert view.scenario is s
    assert view.contract == s.contract
    assert view.rules is s.rules
    assert isinstance(view.result, DealResult)
    assert (view.result.made, view.result.score, view.result.points) == (False, (0, 182), (66, 96))
    assert view.declarations == (20, 0)


def test_a_deal_without_declarations_shows_none() -> None:
    scenario, diags = _load("kind: deal\n" + OFF + "dealer: W\n" + TRICKS)
    assert diags == []
    assert scenario is not None
    view = KIND.view(scenario)
    assert isinstance(view, DealView)
    assert view.declarations is None
    assert (view.result.made, view.result.score) == (False, (0, 162))


def test_a_classic_deal_is_drawn_by_the_deal_macro_and_varies_only_in_its_outcome() -> None:
    s = _declaring()
    assert KIND.macro_of(s) == "deal"
    assert KIND.variant_facts(s) == ("made", "score")


def test_a_classic_deal_replayed_without_declarations_drops_them() -> None:
    again = KIND.recompute(_declaring(), PRESETS["house"])
    assert isinstance(again, DealScenario)
    assert again.rules is PRESETS["house"]
    facts = _facts(again)
    assert "declarations" not in facts
    assert "total" not in facts
    assert (facts["made"], facts["score"]) == (False, {Team.NS: 0, Team.EW: 162})


def test_a_classic_deal_replayed_with_declarations_on_keeps_them() -> None:
    again = KIND.recompute(_declaring(), PRESETS["pagat_belote"])
    assert isinstance(again, DealScenario)
    assert again.rules is PRESETS["pagat_belote"]
    facts = _facts(again)
    assert facts["declarations"] == {Team.NS: 20, Team.EW: 0}
    assert facts["score"] == {Team.NS: 0, Team.EW: 182}


def test_announced_without_classic_declarations_is_refused_at_its_key() -> None:
    assert _load("kind: deal\n" + OFF + "dealer: W\n" + ANNOUNCED + TRICKS) == (
        None,
        [
            (
                "t.yaml:4:1: announced: only with contract.game: coinche or"
                " classic_declarations: on",
                "UNKNOWN_KEY",
            )
        ],
    )


def test_expected_declarations_and_total_without_classic_declarations_are_refused() -> None:
    assert _load("kind: deal\n" + OFF + "dealer: W\n" + TRICKS + EXPECT) == (
        None,
        [
            (
                "t.yaml:14:3: expect.declarations: only with contract.game: coinche or"
                " classic_declarations: on",
                "UNKNOWN_KEY",
            ),
            (
                "t.yaml:15:3: expect.total: only with contract.game: coinche or"
                " classic_declarations: on",
                "UNKNOWN_KEY",
            ),
        ],
    )


def test_a_bad_dealer_of_a_classic_deal_is_reported_at_dealer() -> None:
    assert _load("kind: deal\n" + ON + "dealer: [W]\n" + TRICKS) == (
        None,
        [("t.yaml:3:9: dealer: expected a seat, got a list", "TYPE")],
    )


def test_a_deal_without_tricks_is_refused() -> None:
    assert _load("kind: deal\n" + ON + "dealer: W\n") == (
        None,
        [("t.yaml:1:1: tricks: required for kind: deal", "MISSING")],
    )


def test_tricks_that_are_not_a_list_are_refused() -> None:
    assert _load("kind: deal\n" + ON + "dealer: W\ntricks: {N: JS}\n") == (
        None,
        [("t.yaml:4:9: tricks: expected a list of tricks, got a mapping", "TYPE")],
    )


def test_a_bad_card_is_the_only_problem_reported_the_deal_is_not_played() -> None:
    assert _load("kind: deal\n" + ON + "dealer: W\n" + TRICKS.replace("N: JS", "N: XS")) == (
        None,
        [
            (
                "t.yaml:5:9: invalid card: 'XS' (expected a rank and a suit, like KS or 10H; did you mean QS, KS, JS or AS?)",
                "BAD_CARD",
            )
        ],
    )


def test_announced_that_is_not_a_mapping_is_refused() -> None:
    assert _load("kind: deal\n" + ON + "dealer: W\nannounced: [N]\n" + TRICKS) == (
        None,
        [
            (
                "t.yaml:4:12: announced: expected a mapping of seats to declarations, got a list",
                "TYPE",
            )
        ],
    )


# A failed contract (NS 49 against 133) where S, a taker, holds the belote: ffb_belote's
# belote is imprenable, house's prenable (found by a seeded search with the engine).
IMPRENABLE = """tricks:
  - [N: 8S, E: AS, S: JS, W: 10S]
  - [E: AH, S: KH, W: 9H, N: 7H]
  - [W: 7S, N: 9S, E: QS, S: QH]
  - [S: QD, W: 10H, N: AD, E: 9D]
  - [W: 9C, N: AC, E: 10C, S: JC]
  - [N: 10D, E: JH, S: 8D, W: 8H]
  - [E: 7C, S: KD, W: KC, N: QC]
  - [W: KS, N: JD, E: 8C, S: 7D]
"""


def test_a_classic_deal_is_played_and_scored_under_its_own_rule_set() -> None:
    """The failed takers keep their belote under ffb_belote (imprenable), not under house."""
    for preset, score in (("ffb_belote", (20, 162)), ("house", (0, 182))):
        contract = f"contract: {{rules: {preset}, trump: hearts, taker: N}}\n"
        scenario, diags = _load("kind: deal\n" + contract + "dealer: W\n" + IMPRENABLE)
        assert diags == [] and scenario is not None
        facts = _facts(scenario)
        assert (facts["made"], facts["belote"], facts["score"]) == (
            False,
            Seat.S,
            {Team.NS: score[0], Team.EW: score[1]},
        ), preset
