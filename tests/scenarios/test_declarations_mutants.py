"""``kind: declarations`` (``kinds/declarations.py``): the fields kept, the hands checked,
what a page shows, and each problem's message, place and code (issue 16: the
declarations kind's mutants no test noticed)."""

from __future__ import annotations

import pytest

from explainer.engine import Seat, Team, Trump
from explainer.scenarios.kinds.declarations import (
    KIND,
    DeclarationsScenario,
    DeclarationsView,
)
from explainer.scenarios.loader import load_text

HEAD = "kind: declarations\ncontract: {game: coinche, trump: hearts}\n"
TWO = "announced:\n  S: [tierce KH]\n  W: [cinquante JC]\n  N: []\n"


def _load(text: str) -> tuple[DeclarationsScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "t.yaml")
    assert scenario is None or isinstance(scenario, DeclarationsScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def _scenario(text: str) -> DeclarationsScenario:
    scenario, diags = _load(text)
    assert diags == []
    assert scenario is not None
    return scenario


def test_declarations_keep_their_rules_trump_dealer_announced_and_hands() -> None:
    s = _scenario(
        HEAD + "rules: ffb_coinche\ndealer: E\n"
        "hands: {S: [QH, KH, JH, 7S], W: [7C, 8C, 9C, 10C, JC]}\n" + TWO
    )
    assert (s.rules.name, s.trump, s.dealer) == ("ffb_coinche", Trump.HEARTS, Seat.E)
    assert s.announced == (
        (Seat.S, ("tierce KH",)),
        (Seat.W, ("cinquante JC",)),
        (Seat.N, ()),
    )
    # each hand sorted for display: spades first, then hearts by their trump order
    assert s.hands == ((Seat.S, (0, 12, 14, 13)), (Seat.W, (27, 28, 26, 25, 24)))


def test_the_best_declaration_scores_for_its_team() -> None:
    s = _scenario(HEAD + "dealer: E\n" + TWO)
    assert KIND.computed(s) == {
        "best": Seat.W,
        "team": Team.EW,
        "points": {Team.NS: 0, Team.EW: 50},
    }


def test_a_page_shows_each_announcing_seat_in_turn_from_the_dealer_with_its_worth() -> None:
    s = _scenario(HEAD + "dealer: E\n" + TWO)
    view = KIND.view(s)
    assert isinstance(view, DeclarationsView)
    assert view.scenario is s
    assert view.result is s.outcome
    # E deals: S announces first, then W; N announced nothing and has no row
    assert view.rows == ((Seat.S, ("tierce KH",), 20), (Seat.W, ("cinquante JC",), 50))


def test_equal_declarations_at_all_trumps_score_nothing_and_show_in_turn() -> None:
    s = _scenario(
        "kind: declarations\ncontract: {game: coinche, trump: all}\ndealer: E\n"
        "announced:\n  E: [tierce KS]\n  S: [tierce KH]\n"
    )
    assert KIND.computed(s) == {"best": None, "team": None, "points": {Team.NS: 0, Team.EW: 0}}
    assert KIND.view(s).rows == ((Seat.S, ("tierce KH",), 20), (Seat.E, ("tierce KS",), 20))


def test_a_seat_without_a_hand_may_announce_any_cards() -> None:
    s = _scenario(HEAD + "dealer: E\nhands: {W: [7C, 8C, 9C, 10C, JC]}\n" + TWO)
    assert KIND.computed(s)["best"] is Seat.W


def test_a_declaration_of_cards_not_in_the_hand_is_refused_at_it() -> None:
    assert _load(HEAD + "dealer: N\nhands: {S: [QH, KH, AH]}\nannounced: {S: [tierce KH]}\n") == (
        None,
        [("t.yaml:5:17: announced.S[1]: S announced tierce KH without JH", "BAD_VALUE")],
    )


def test_the_contracts_rules_win_over_the_rules_key() -> None:
    assert _load(
        "kind: declarations\ncontract: {game: coinche, trump: hearts, rules: ffb_contree}\n"
        "rules: ffb_coinche\ndealer: N\nannounced:\n  S: [tierce KH]\n"
    ) == (
        None,
        [
            (
                "t.yaml:5:1: declarations are not played under ffb_contree (declarations: off)",
                "BAD_VALUE",
            )
        ],
    )


def test_a_carre_at_no_trump_is_shown_at_its_worth_under_the_rules_no_trump_carres() -> None:
    s = _scenario(
        "kind: declarations\ncontract: {trump: none}\n"
        "rules: {preset: ffb_coinche, no_trump_carres: britannica}\ndealer: N\n"
        "announced: {E: [carre J], S: [carre 9]}\n"
    )
    # britannica: the carre of 9s is worth nothing at no trump, the carre of jacks 100
    assert KIND.view(s).rows == ((Seat.E, ("carre J",), 100), (Seat.S, ("carre 9",), 0))


def test_a_hand_without_the_seven_of_spades_cannot_announce_a_tierce_to_the_nine() -> None:
    assert _load(HEAD + "dealer: N\nhands: {S: [9S, 8S]}\nannounced: {S: [tierce 9S]}\n") == (
        None,
        [("t.yaml:5:17: announced.S[1]: S announced tierce 9S without 7S", "BAD_VALUE")],
    )


def test_a_bad_declaration_is_the_only_problem_reported_the_hands_are_not_checked() -> None:
    assert _load(
        HEAD + "dealer: N\nhands: {S: [QH, KH]}\nannounced: {S: [tierce KH], N: [[x]]}\n"
    ) == (None, [("t.yaml:5:33: announced.N.1: expected a declaration, got a list", "TYPE")])


ANNOUNCED = "announced: {S: [tierce KH]}\n"
REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "kind: declarations\ncontract: [coinche]\ndealer: N\n" + ANNOUNCED,
        [("t.yaml:2:11: contract: expected a mapping, got a list", "TYPE")],
    ),
    (
        "kind: declarations\ncontract: {game: belote, trump: hearts}\ndealer: N\n" + ANNOUNCED,
        [("t.yaml:2:18: contract.game: unknown value 'belote' (expected coinche)", "BAD_VALUE")],
    ),
    (
        "kind: declarations\ncontract: {game: coinche}\ndealer: N\n" + ANNOUNCED,
        [("t.yaml:2:1: contract.trump: required", "MISSING")],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts, taker: N}\ndealer: N\n" + ANNOUNCED,
        [("t.yaml:2:27: contract: unknown key 'taker'", "UNKNOWN_KEY")],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts}\nrules: {preset: ffb_coinche, target: 1000}"
        "\ndealer: N\n" + ANNOUNCED,
        [
            (
                "t.yaml:3:30: rules.target: knob target does not apply to kind: declarations"
                " (it applies to kind: match)",
                "BAD_RULES",
            )
        ],
    ),
    (
        "kind: declarations\ncontract: {trump: [hearts]}\ndealer: N\n" + ANNOUNCED,
        [("t.yaml:2:19: contract.trump: expected a trump, got a list", "TYPE")],
    ),
    (
        "kind: declarations\ncontract: {trump: heart}\ndealer: N\n" + ANNOUNCED,
        [
            (
                "t.yaml:2:19: unknown trump: 'heart' (expected spades, hearts, diamonds, clubs,"
                " none or all)",
                "BAD_TRUMP",
            )
        ],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts, rules: {preset: ffb_coinche, target: 1000}}"
        "\ndealer: N\n" + ANNOUNCED,
        [
            (
                "t.yaml:2:56: contract.rules.target: knob target does not apply to kind:"
                " declarations (it applies to kind: match)",
                "BAD_RULES",
            )
        ],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts}\ndealer: [N]\n"
        "announced: {X: [tierce KH], S: tierce KH, E: [[tierce], tierce KS]}\n",
        [
            ("t.yaml:3:9: dealer: expected a seat, got a list", "TYPE"),
            ("t.yaml:4:13: invalid seat: 'X' (expected N, E, S or W)", "BAD_SEAT"),
            ("t.yaml:4:32: announced.S: expected a list of declarations, got 'tierce KH'", "TYPE"),
            ("t.yaml:4:47: announced.E.1: expected a declaration, got a list", "TYPE"),
        ],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts}\ndealer: N\nannounced: [S]\n",
        [
            (
                "t.yaml:4:12: announced: expected a mapping of seats to declarations, got a list",
                "TYPE",
            )
        ],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts}\ndealer: N\nhands: [QH]\n" + ANNOUNCED,
        [("t.yaml:4:8: hands: expected a mapping of seats to cards, got a list", "TYPE")],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts}\n" + ANNOUNCED,
        [("t.yaml:1:1: dealer: required for kind: declarations", "MISSING")],
    ),
    (
        "kind: declarations\ndealer: N\n" + ANNOUNCED,
        [("t.yaml:1:1: contract: required for kind: declarations", "MISSING")],
    ),
    (
        "kind: declarations\ncontract: {trump: hearts}\ndealer: N\n",
        [("t.yaml:1:1: announced: required for kind: declarations", "MISSING")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), REFUSED)
def test_a_bad_declarations_scenario_is_refused_with_each_problem_at_its_place(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert _load(text) == (None, expected)
