"""A deal whose tricks cannot be a deal under any contract (not eight tricks of four, a
card played twice) says so even when its contract or dealer has a problem too: every
problem in one run. A deal whose only problem is its tricks says it once."""

from __future__ import annotations

import pytest

from explainer.engine import InvalidDealError, Seat, check_dealt
from explainer.scenarios.loader import load_text

from .test_deal_mutants import TRICKS


def _problems(text: str) -> list[tuple[str, str]]:
    scenario, diags = load_text(text, "t.yaml")
    assert scenario is None
    return sorted((str(d), d.code.name) for d in diags)


SEVEN = TRICKS.rsplit("  - ", 1)[0]
"""The eight tricks of a classic deal but its last."""
TWICE = TRICKS.replace("W: 8S, N: 10S]", "W: 8S, N: JS]")
"""The same, N's jack of spades played again in the second trick."""


@pytest.mark.parametrize(
    ("contract", "problem"),
    [
        ("contract: [hearts]\n", ("t.yaml:2:11: contract: expected a mapping, got a list", "TYPE")),
        (
            "contract: {trump: hearts}\n",
            ("t.yaml:2:1: contract.taker: required for kind: deal", "MISSING"),
        ),
        (
            "contract: {game: coinche, trump: hearts, taker: N, bid: 80, colour: red}\n",
            ("t.yaml:2:61: contract: unknown key 'colour'", "UNKNOWN_KEY"),
        ),
    ],
)
def test_a_contract_s_problem_and_seven_tricks_are_both_reported(
    contract: str, problem: tuple[str, str]
) -> None:
    assert _problems("kind: deal\n" + contract + SEVEN) == [
        problem,
        ("t.yaml:3:1: a deal has 8 tricks, got 7", "BAD_DEAL"),
    ]


def test_a_dealer_s_problem_and_a_card_played_twice_are_both_reported() -> None:
    found = _problems("kind: deal\ncontract: {trump: hearts, taker: N}\ndealer: X\n" + TWICE)
    assert found == [
        ("t.yaml:3:9: invalid seat: 'X' (expected N, E, S or W)", "BAD_SEAT"),
        ("t.yaml:6:27: JS is played twice (trick 1 and trick 2)", "BAD_DEAL"),
    ]


def test_tricks_that_are_the_only_problem_are_reported_once() -> None:
    assert _problems("kind: deal\ncontract: {trump: hearts, taker: N}\n" + SEVEN) == [
        ("t.yaml:3:1: a deal has 8 tricks, got 7", "BAD_DEAL")
    ]


def test_a_trick_that_cannot_be_read_is_not_counted_as_well() -> None:
    """A card the reader refuses leaves its trick short: that is not a second problem."""
    bad = TRICKS.replace("N: JS,", "N: 1S,")
    assert _problems("kind: deal\ncontract: [hearts]\n" + bad) == [
        ("t.yaml:2:11: contract: expected a mapping, got a list", "TYPE"),
        (
            "t.yaml:4:9: invalid card: '1S' (expected a rank and a suit, like KS or 10H; did you mean 10S, QS, KS or JS?)",
            "BAD_CARD",
        ),
    ]


def test_check_dealt_takes_eight_tricks_of_four_and_refuses_seven() -> None:
    tricks = [[(Seat.N, 4 * t + 0), (Seat.E, 4 * t + 1), (Seat.S, 4 * t + 2), (Seat.W, 4 * t + 3)]
              for t in range(8)]  # fmt: skip
    assert check_dealt(tricks) is None
    with pytest.raises(InvalidDealError, match=r"^a deal has 8 tricks, got 7$"):
        check_dealt(tricks[:7])
