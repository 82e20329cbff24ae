"""Bidding: two rounds to choose the trump and the taker (*preneur*).

The seat after the dealer bids first. In the first round each seat may ``take``
the turned card's suit or ``pass``; if all four pass, the second round lets each,
in the same order, name any other suit or pass; four passes again annul the deal.

>>> from .cards import parse_card
>>> r = run_bidding(Seat.N, parse_card("JH"), [(Seat.E, "pass"), (Seat.S, "pass"), (Seat.W, "take")])
>>> r.taker, r.trump, r.round
(<Seat.W: 3>, <Trump.HEARTS: 1>, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Suit, card_str
from .contract import Trump
from .errors import BiddingError
from .seats import Seat

__all__ = ["Bid", "BiddingResult", "bid_round", "parse_bid", "run_bidding"]

Bid = str | Suit
"""``"take"``, ``"pass"`` or a suit named in the second round."""


@dataclass(frozen=True, slots=True)
class BiddingResult:
    """Who took and in which trump, or an annulled deal (``taker`` and ``trump`` ``None``)."""

    taker: Seat | None
    trump: Trump | None
    annulled: bool
    round: int | None


def bid_round(index: int) -> int:
    """The round (1 or 2) of the bid at 0-based ``index``: each seat speaks once a round.

    >>> [bid_round(i) for i in (0, 3, 4, 7)]
    [1, 1, 2, 2]
    """
    return 1 if index < 4 else 2


def parse_bid(text: str) -> Bid:
    """``take``, ``pass`` or a suit name; ``BiddingError`` otherwise."""
    key = text.strip().lower() if isinstance(text, str) else ""
    if key in ("take", "pass"):
        return key
    try:
        return (
            Suit.from_name(key) if key in ("spades", "hearts", "diamonds", "clubs") else _no(text)
        )
    except ValueError:
        return _no(text)


def _no(text: object) -> Bid:
    raise BiddingError(
        f"invalid bid: {text!r} (expected take, pass, spades, hearts, diamonds or clubs)"
    )


def run_bidding(dealer: Seat, turned: int, bids: Sequence[tuple[Seat, Bid]]) -> BiddingResult:
    """Run the bids (in turn order from the seat after ``dealer``) and say who took.

    Raises :class:`BiddingError` (with ``bid_index``) for a bid out of turn, after the
    end, or not allowed in its round, and (without it) for a bidding left unfinished.
    """
    turned_suit = Suit(turned >> 3)
    first = dealer.next
    result: BiddingResult | None = None
    for i, (seat, bid) in enumerate(bids):
        if result is not None:
            raise BiddingError(
                f"bid after the bidding ended: {seat.name} {_word(bid)}", bid_index=i
            )
        expected = first.after(i)
        if seat != expected:
            raise BiddingError(
                f"bid out of turn: {seat.name} bids, expected {expected.name}", bid_index=i
            )
        if not isinstance(bid, Suit):  # a word, or anything else: parse_bid says what is wrong
            try:
                bid = parse_bid(bid)
            except BiddingError as e:
                raise BiddingError(str(e), bid_index=i) from None
        rnd = bid_round(i)
        if bid == "pass":
            if i == 7:
                result = BiddingResult(None, None, True, None)
            continue
        if rnd == 1:
            if bid != "take":
                raise BiddingError(
                    f"in the first round {seat.name} may only take or pass, not {_word(bid)}",
                    bid_index=i,
                )
            result = BiddingResult(seat, Trump(turned_suit), False, 1)
        else:
            if bid == "take":
                raise BiddingError(
                    f"in the second round {seat.name} names a suit or passes; take is for the first round",
                    bid_index=i,
                )
            if bid == turned_suit:
                raise BiddingError(
                    f"in the second round {seat.name} cannot name the turned suit"
                    f" ({turned_suit.name.lower()}, turned {card_str(turned)})",
                    bid_index=i,
                )
            assert isinstance(bid, Suit)
            result = BiddingResult(seat, Trump(bid), False, 2)
    if result is None:
        raise BiddingError(
            f"the bidding is not finished after {len(bids)} bids: someone must take, or all pass twice"
        )
    return result


def _word(bid: Bid) -> str:
    return bid.name.lower() if isinstance(bid, Suit) else bid
