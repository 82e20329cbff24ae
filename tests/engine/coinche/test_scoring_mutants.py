"""Coinche scoring to the letter (issue 16: ``coinche.scoring``'s survivors, a start):
a capot bid fails when the defence takes every trick, and a contract that reached its
bid fails below the defence under ``must_beat_defence`` whatever ``tie`` says."""

from __future__ import annotations

from explainer.engine.coinche import BidKind, CoincheContract, find_coinche_rules, score_coinche
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
