"""``kind: match`` (``kinds/match.py``): the fields kept, what ``--fill`` writes, what a
page shows, and each problem's message, place and code (issue 16: the match kind's
mutants no test noticed)."""

from __future__ import annotations

import pytest

from explainer.engine import MatchDeal, Seat, Team
from explainer.scenarios.kinds.match import KIND, MatchScenario, MatchView
from explainer.scenarios.loader import load_text

MATCH = (
    "kind: match\nrules: {preset: ffb_contree, target: 1000}\ndealer: W\n"
    "start: {NS: 100, EW: 200}\ndeals:\n  - annulled\n"
    "  - {score: {NS: 162, EW: 0}, capot: NS, belote: [NS, EW], failed: EW}\n"
    "  - {score: {NS: 80, EW: 82}, belote: EW}\n"
)
DEALS = (
    MatchDeal(annulled=True),
    MatchDeal((162, 0), capot=Team.NS, belote=(Team.NS, Team.EW), failed=Team.EW),
    MatchDeal((80, 82), belote=(Team.EW,)),
)


def _load(text: str) -> tuple[MatchScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "t.yaml")
    assert scenario is None or isinstance(scenario, MatchScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def _scenario(text: str) -> MatchScenario:
    scenario, diags = _load(text)
    assert diags == []
    assert scenario is not None
    return scenario


def test_a_match_keeps_its_rules_dealer_start_and_deals() -> None:
    s = _scenario(MATCH)
    assert (s.rules.name, s.rules.target) == ("ffb_contree", 1000)
    assert (s.dealer, s.start, s.deals) == (Seat.W, (100, 200), DEALS)


def test_a_match_without_start_starts_at_nothing() -> None:
    s = _scenario("kind: match\ndealer: W\ndeals: [{score: {NS: 80, EW: 82}}]\n")
    assert s.start == (0, 0)
    assert KIND.computed(s)["totals"] == {Team.NS: 80, Team.EW: 80}


def test_a_match_computes_its_totals_winner_next_dealer_and_deals_counted() -> None:
    assert KIND.computed(_scenario(MATCH)) == {
        "totals": {Team.NS: 340, Team.EW: 280},
        "winner": None,
        "drawn": False,
        "next_dealer": Seat.S,
        "deals_counted": 2,
        "held": 0,
    }


def test_fill_writes_drawn_only_for_a_drawn_match() -> None:
    going = KIND.computed(_scenario(MATCH))
    assert KIND.fill_keys(going) == ["totals", "winner", "next_dealer", "deals_counted"]
    drawn = KIND.computed(
        _scenario(
            "kind: match\nrules: {preset: ffb_coinche, target: 1000, final_tie: draw}\n"
            "dealer: W\nstart: {NS: 920, EW: 920}\ndeals: [{score: {NS: 80, EW: 80}}]\n"
        )
    )
    assert drawn["drawn"] is True
    assert KIND.fill_keys(drawn) == ["totals", "winner", "drawn", "next_dealer", "deals_counted"]


def test_a_page_shows_each_deal_with_its_dealer_and_the_totals_after_it() -> None:
    s = _scenario(MATCH)
    view = KIND.view(s)
    assert isinstance(view, MatchView)
    assert view.scenario is s
    assert view.result is s.outcome
    # the annulled deal still passes the deal on (all_pass: next_dealer)
    assert view.rows == (
        (1, Seat.W, DEALS[0], (100, 200)),
        (2, Seat.N, DEALS[1], (260, 200)),
        (3, Seat.E, DEALS[2], (340, 280)),
    )


def test_a_page_shows_the_same_dealer_again_after_an_annulled_deal_under_same_dealer() -> None:
    s = _scenario(
        "kind: match\nrules: {preset: ffb_coinche, target: 1000, all_pass: same_dealer}\n"
        "dealer: W\ndeals: [annulled, {score: {NS: 80, EW: 82}}]\n"
    )
    assert [(n, dealer) for n, dealer, _, _ in KIND.view(s).rows] == [(1, Seat.W), (2, Seat.W)]
    assert KIND.computed(s)["next_dealer"] is Seat.N


REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "kind: match\ndealer: W\nstart: [1, 2]\ndeals: [annulled]\n",
        [("t.yaml:3:8: start: expected a mapping {NS: points, EW: points}, got a list", "TYPE")],
    ),
    (
        "kind: match\ndealer: W\ndeals:\n  - 12\n  - [score]\n  - {capot: NS}\n"
        "  - {score: {NS: 1}}\n  - {score: {NS: 1, EW: 2}, capot: XX, failed: YY, belote: ZZ}\n"
        "  - {score: {NS: 1, EW: 2}, belote: [NS, QQ]}\n  - {score: {NS: 1, EW: 2}, extra: 1}\n",
        [
            (
                "t.yaml:4:5: deals.1: a deal is 'annulled' or a mapping with a score, got '12'",
                "TYPE",
            ),
            (
                "t.yaml:5:5: deals.2: a deal is 'annulled' or a mapping with a score, got a list",
                "TYPE",
            ),
            ("t.yaml:6:5: deals.3.score: required", "MISSING"),
            ("t.yaml:7:13: deals.4.score: expected points for both teams, NS and EW", "BAD_VALUE"),
            ("t.yaml:8:36: invalid team: 'XX' (expected NS or EW)", "BAD_SEAT"),
            ("t.yaml:8:48: invalid team: 'YY' (expected NS or EW)", "BAD_SEAT"),
            ("t.yaml:8:60: invalid team: 'ZZ' (expected NS or EW)", "BAD_SEAT"),
            ("t.yaml:9:42: invalid team: 'QQ' (expected NS or EW)", "BAD_SEAT"),
            ("t.yaml:10:29: deals.7: unknown key 'extra'", "UNKNOWN_KEY"),
        ],
    ),
    (
        "kind: match\ndealer: W\ndeals:\n"
        "  - {score: {NS: 1, EW: 2}, capot: [NS], failed: {x: 1}, belote: [NS, [EW]]}\n"
        "  - {score: {NS: 1, EW: 2}, belote: [[EW]]}\n",
        [
            ("t.yaml:4:36: deals.1.capot: expected a team, got a list", "TYPE"),
            ("t.yaml:4:50: deals.1.failed: expected a team, got a mapping", "TYPE"),
            ("t.yaml:4:71: deals.1.belote.2: expected a team, got a list", "TYPE"),
            ("t.yaml:5:38: deals.2.belote.1: expected a team, got a list", "TYPE"),
        ],
    ),
    (
        # a bad deal is the only problem: the match (which starts at the target) is not run
        "kind: match\nrules: {preset: ffb_contree, target: 1000}\ndealer: W\n"
        "start: {NS: 1010, EW: 0}\ndeals:\n  - {score: {NS: 1, EW: 2}, capot: XX}\n",
        [("t.yaml:6:36: invalid team: 'XX' (expected NS or EW)", "BAD_SEAT")],
    ),
    (
        "kind: match\ndealer: W\ndeals: annulled\n",
        [("t.yaml:3:8: deals: expected a list of deals, got 'annulled'", "TYPE")],
    ),
    (
        "kind: match\nrules: {preset: ffb_contree, target: 1000}\ndealer: W\n"
        "start: {NS: 990, EW: 0}\ndeals:\n  - {score: {NS: 160, EW: 0}}\n"
        "  - {score: {NS: 160, EW: 0}}\n",
        [("t.yaml:7:5: deals[2]: deal 2 comes after the match ended at deal 1", "BAD_DEAL")],
    ),
    (
        "kind: match\nrules: {preset: ffb_contree, target: 1000}\ndealer: W\n"
        "start: {NS: 1010, EW: 0}\ndeals: [{score: {NS: 160, EW: 0}}]\n",
        [("t.yaml:4:1: the match starts at 1010-0, already at the target 1000", "BAD_DEAL")],
    ),
    (
        "kind: match\ndealer: [W]\ndeals: [annulled]\n",
        [("t.yaml:2:9: dealer: expected a seat, got a list", "TYPE")],
    ),
    (
        "kind: match\ndeals: [annulled]\n",
        [("t.yaml:1:1: dealer: required for kind: match", "MISSING")],
    ),
    (
        "kind: match\ndealer: W\n",
        [("t.yaml:1:1: deals: required for kind: match", "MISSING")],
    ),
    (
        "kind: match\nrules: {preset: ffb_coinche, declarations: off}\ndealer: W\ndeals: [annulled]\n",
        [
            (
                "t.yaml:2:30: rules.declarations: knob declarations does not apply to kind:"
                " match (it applies to kind: declarations or kind: deal)",
                "BAD_RULES",
            )
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), REFUSED)
def test_a_bad_match_is_refused_with_each_problem_at_its_place(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert _load(text) == (None, expected)
