"""Each seat's packets, the dealer kept, and the whole message of an unreadable
``deal_packets`` value (issue 16: ``coinche.dealing``'s survivors)."""

from __future__ import annotations

import pytest

from explainer.engine.cards import CardSet
from explainer.engine.coinche import PacketDealing, deal_packets, packets_of
from explainer.engine.errors import InvalidDealError
from explainer.engine.seats import Seat

DECK = list(range(32))


def cards(*indexes: int) -> CardSet:
    return CardSet(sum(1 << c for c in indexes))


def test_deal_packets_gives_every_seat_its_packets_and_keeps_the_dealer() -> None:
    # West deals 3-2-3 from the top: North, East, South, West take 3, then 2, then 3.
    assert deal_packets(DECK, Seat.W, (3, 2, 3)) == PacketDealing(
        Seat.W,
        (3, 2, 3),
        (
            cards(0, 1, 2, 12, 13, 20, 21, 22),
            cards(3, 4, 5, 14, 15, 23, 24, 25),
            cards(6, 7, 8, 16, 17, 26, 27, 28),
            cards(9, 10, 11, 18, 19, 29, 30, 31),
        ),
    )


def test_packets_of_a_value_that_is_not_numbers_names_it() -> None:
    with pytest.raises(InvalidDealError) as e:
        packets_of("3-x-3")
    assert str(e.value) == "invalid packets: '3-x-3'"
