"""Dealing for coinche: all 32 cards in packets, no card turned up.

From the seat after the dealer, in turn order, each round of the deal gives every seat
one packet: 3-2-3, 3-3-2 or 2-3-3 at the dealer's choice (FFB-CO15 §3.4), or 4-4 in
the South-East and Corsica (knob ``deal_packets``).

>>> r = deal_packets(list(range(32)), Seat.N, (4, 4))
>>> str(r.hands[Seat.E])
'7S 8S 9S 10S 7D 8D 9D 10D'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import CardSet
from ..dealing import check_deck
from ..errors import InvalidDealError
from ..seats import Seat
from .rules import FFB_COINCHE, CoincheRules

__all__ = ["PacketDealing", "deal_packets", "packets_of"]


@dataclass(frozen=True, slots=True)
class PacketDealing:
    """The dealer, the packets used and the four hands of eight cards (by seat)."""

    dealer: Seat
    packets: tuple[int, ...]
    hands: tuple[CardSet, CardSet, CardSet, CardSet]


def packets_of(text: str) -> tuple[int, ...]:
    """The packets of a ``deal_packets`` knob value: ``"3-2-3"`` → ``(3, 2, 3)``."""
    try:
        packets = tuple(int(p) for p in text.split("-"))
    except ValueError:
        raise InvalidDealError(f"invalid packets: {text!r}") from None
    _check_packets(packets)
    return packets


def _check_packets(packets: Sequence[int]) -> None:
    if sorted(packets) not in ([2, 3, 3], [4, 4]):
        written = "-".join(map(str, packets))
        raise InvalidDealError(f"invalid packets: {written} (expected 3-2-3, 3-3-2, 2-3-3 or 4-4)")


def deal_packets(
    deck: Sequence[int],
    dealer: Seat,
    packets: Sequence[int] | None = None,
    *,
    rules: CoincheRules = FFB_COINCHE,
) -> PacketDealing:
    """Deal the 32-card ``deck`` (top first) in ``packets`` from the seat after ``dealer``;
    without ``packets``, in the rule set's ``deal_packets``.

    Raises :class:`InvalidDealError` for packets that are not an order of 3, 3, 2 or
    4, 4, and for a deck that does not hold each of the 32 cards once.
    """
    if packets is None:
        packets = packets_of(rules.deal_packets)
    _check_packets(packets)
    check_deck(deck)
    hands = [0, 0, 0, 0]
    pos = 0
    for packet in packets:
        for k in range(1, 5):
            for c in deck[pos : pos + packet]:
                hands[dealer.after(k)] |= 1 << c
            pos += packet
    return PacketDealing(
        dealer,
        tuple(packets),
        (CardSet(hands[0]), CardSet(hands[1]), CardSet(hands[2]), CardSet(hands[3])),
    )
