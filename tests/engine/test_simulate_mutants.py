"""A random deal is the same deal card for card whatever runs before it (issue 16:
``simulate``'s survivors). The deal laws print counts over these deals, so the card a
lead takes and the rulings a deal played under several rule sets reuses are pinned."""

from __future__ import annotations

import random

import pytest

from explainer.engine import HOUSE, OFFICIAL, PRESETS, RuleSet, Seat, Trump, find_rules
from explainer.engine.cards import parse_card
from explainer.engine.simulate import random_scored_deal, random_scored_deals

FFB = PRESETS["ffb_belote"]

PINNED = [
    (
        1,
        Trump.HEARTS,
        HOUSE,
        Seat.N,
        "8S AS KS 10S 10D AD 9D 8D QD 7H 10H 7D 9C KC QC AC"
        " 7C JC QH JH AH 10C 9H 8H QS 7S JD 9S JS KD KH 8C",
    ),
    (
        2,
        Trump.NONE,
        OFFICIAL,
        Seat.E,
        "KH QH 10H JS 10S 7S AS KS AH 8H AD AC 8D 10D QD JD"
        " 7H 9C 9D JH KD 10C QS 7D JC 7C KC 8C 9S QC 9H 8S",
    ),
    (
        3,
        Trump.ALL,
        FFB,
        Seat.W,
        "10D 8S AD 8C QH 7H AH 9H 7C 10C 9C AC 9S JS 10S KS"
        " JD QS 7D 7S 9D KH KD AS 8D 8H QD KC JH QC 10H JC",
    ),
]


@pytest.mark.parametrize(("seed", "trump", "rules", "leader", "cards"), PINNED)
def test_a_seeds_deal_is_played_card_for_card_as_pinned(
    seed: int, trump: Trump, rules: RuleSet, leader: Seat, cards: str
) -> None:
    d = random_scored_deal(random.Random(seed), trump, rules, leader=leader)
    assert d.cards == tuple(parse_card(c) for c in cards.split())


def test_rulings_watched_for_one_rule_set_are_not_reused_for_another() -> None:
    # ffb_belote and official rule a partner's overtrump alike, the house does not: the
    # shapes where ffb_belote and official agree must be watched again for the house.
    for first in (FFB, HOUSE):
        together, apart = random.Random(9), random.Random(9)
        for i in range(150):
            deals = random_scored_deals(
                together, Trump.CLUBS, (first, OFFICIAL), leader=Seat(i & 3)
            )
            alone = random_scored_deal(apart, Trump.CLUBS, OFFICIAL, leader=Seat(i & 3))
            assert deals[1] == alone


def test_a_random_deal_at_a_litige_holds_the_takers_points_over() -> None:
    litige = find_rules("ffb_belote", tie="litige")
    d = random_scored_deal(random.Random(221), Trump.HEARTS, litige)
    assert (d.points, d.score, d.held) == ((81, 81), (0, 81), 81)
