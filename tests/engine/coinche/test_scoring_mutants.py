"""Coinche scoring to the letter (issue 16: ``coinche.scoring``'s survivors, a start):
a capot bid fails when the defence takes every trick, and a contract that reached its
bid fails below the defence under ``must_beat_defence`` whatever ``tie`` says, every field
of a coinched contract's score, and ``scoring: points_only``."""

from __future__ import annotations

from explainer.engine.coinche import (
    BidKind,
    CoincheContract,
    CoincheScore,
    Level,
    find_coinche_rules,
    score_coinche,
)
from explainer.engine.contract import Trump
from explainer.engine.seats import Seat, Team


def test_a_capot_bid_fails_when_the_defence_takes_every_trick() -> None:
    contract = CoincheContract(Seat.N, Trump.HEARTS, BidKind.CAPOT)
    s = score_coinche(contract, trick_points=(0, 162), capot=Team.EW)
    assert (s.made, s.score) == (False, (0, 410))


def test_must_beat_defence_a_bid_reached_below_the_defence_fails_whatever_tie_says() -> None:
    contract = CoincheContract(Seat.N, Trump.HEARTS, 80)
    s = score_coinche(
        contract, trick_points=(90, 72), declarations=(0, 100), rules=find_coinche_rules(tie="made")
    )
    assert (s.total, s.made, s.score) == ((90, 172), False, (0, 340))


def test_a_coinched_contract_made_gives_every_field_of_its_score() -> None:
    contract = CoincheContract(Seat.E, Trump.SPADES, 100, Level.COINCHE)
    assert score_coinche(contract, trick_points=(52, 110), belote=(0, 20)) == CoincheScore(
        contract=contract,
        trick_points=(52, 110),
        belote=(0, 20),
        declarations=(0, 0),
        total=(52, 130),
        made=True,
        multiplier=2,
        unrounded=(0, 560),
        score=(0, 560),
        held=(0, 0),
        redeal=False,
    )


def test_scoring_points_only_each_team_scores_its_own_points_rounded() -> None:
    contract = CoincheContract(Seat.E, Trump.SPADES, 100)
    rules = find_coinche_rules(scoring="points_only")
    s = score_coinche(contract, trick_points=(52, 110), belote=(20, 0), rules=rules)
    assert (s.total, s.made, s.multiplier, s.unrounded, s.score) == (
        (72, 110),
        True,
        1,
        (72, 110),
        (70, 110),
    )
