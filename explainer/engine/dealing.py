"""Dealing: three cards each, then two, a card turned up; the rest after the bidding.

From the seat after the dealer, in turn order: three cards to each seat, then two;
the next card is turned up. Once someone has taken, the taker gets the turned card,
and the deal goes on from the seat after the dealer: two more cards to the taker,
three to each other seat, so every hand holds eight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CardSet, card_str
from .errors import InvalidDealError
from .seats import Seat

__all__ = ["DealingResult", "check_deck", "deal_cards"]


@dataclass(frozen=True, slots=True)
class DealingResult:
    """The first five cards of each seat, the turned card and, once taken, the full hands."""

    dealer: Seat
    first: tuple[CardSet, CardSet, CardSet, CardSet]
    turned: int
    taker: Seat | None
    hands: tuple[CardSet, CardSet, CardSet, CardSet] | None


def check_deck(deck: Sequence[int]) -> None:
    """Raise :class:`InvalidDealError` unless ``deck`` holds each of the 32 cards once,
    naming the first card at fault by its place (``play_index``). Both ways of dealing
    (classic and Coinche packets) check their deck here."""
    if len(deck) != 32:
        raise InvalidDealError(f"a deck has 32 cards, got {len(deck)}")
    seen: set[int] = set()
    for i, c in enumerate(deck):
        if not (isinstance(c, int) and 0 <= c < 32):
            raise InvalidDealError(f"invalid card in the deck: {c!r}", play_index=i)
        if c in seen:
            raise InvalidDealError(f"{card_str(c)} is in the deck twice", play_index=i)
        seen.add(c)


def deal_cards(deck: Sequence[int], dealer: Seat, taker: Seat | None = None) -> DealingResult:
    """Deal the 32-card ``deck`` (top first). Without ``taker``, stop after the turned card.

    Raises :class:`InvalidDealError` unless the deck holds each of the 32 cards once.
    """
    check_deck(deck)
    order = [dealer.after(k) for k in range(1, 5)]
    hands: list[set[int]] = [set(), set(), set(), set()]
    pos = 0
    for packet in (3, 2):
        for seat in order:
            hands[seat].update(deck[pos : pos + packet])
            pos += packet
    first = tuple(CardSet(h) for h in hands)
    turned = deck[pos]
    pos += 1
    full = None
    if taker is not None:
        hands[taker].add(turned)
        for seat in order:
            packet = 2 if seat == taker else 3
            hands[seat].update(deck[pos : pos + packet])
            pos += packet
        full = tuple(CardSet(h) for h in hands)
    return DealingResult(dealer, first, turned, taker, full)  # type: ignore[arg-type]
