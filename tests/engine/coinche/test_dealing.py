"""Dealing in packets without a turned card (coinche.md §1.1, knob ``deal_packets``)."""

from __future__ import annotations

import pytest

from explainer.engine.cards import CardSet
from explainer.engine.coinche import deal_packets, find_coinche_rules, packets_of
from explainer.engine.errors import InvalidDealError
from explainer.engine.seats import Seat

DECK = list(range(32))


@pytest.mark.parametrize(
    ("knob", "east"),
    [
        ("3-2-3", "7S 8S 9S JH QH JD QD KD"),
        ("3-3-2", "7S 8S 9S JH QH KH 7C 8C"),
        ("2-3-3", "7S 8S 7H 8H 9H JD QD KD"),
        ("4-4", "7S 8S 9S 10S 7D 8D 9D 10D"),
    ],
)
def test_deal_packets_from_the_seat_after_the_dealer(knob: str, east: str) -> None:
    rules = find_coinche_rules(deal_packets=knob)
    r = deal_packets(DECK, Seat.N, rules=rules)
    assert r.packets == packets_of(knob)
    assert r.hands[Seat.E] == CardSet.parse(east)
    assert deal_packets(DECK, Seat.N, packets_of(knob)) == r
    assert all(len(h) == 8 for h in r.hands)


def test_deal_packets_rejects_other_packets() -> None:
    with pytest.raises(
        InvalidDealError, match=r"invalid packets: 3-3-3 \(expected 3-2-3, 3-3-2, 2-3-3 or 4-4\)"
    ):
        deal_packets(DECK, Seat.N, (3, 3, 3))


def test_deal_packets_rejects_a_card_twice() -> None:
    with pytest.raises(InvalidDealError, match="7S is in the deck twice"):
        deal_packets([0, *DECK[:31]], Seat.N)
