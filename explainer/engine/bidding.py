"""Bidding: two rounds to choose the trump and the taker (*preneur*).

The seat after the dealer bids first. In the first round each seat may ``take``
the turned card's suit or ``pass``; if all four pass, the second round lets each,
in the same order, name any other suit or pass; four passes again annul the deal.
Under ``classic_sa_ta: on`` (the FFB's organiser's variant, FFB-B16 §11.1) the second
round may also name ``none`` (sans atout) or ``all`` (tout atout), whatever the turned
card; the first round still only takes the turned suit.

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
from .rules import HOUSE, RuleSet
from .seats import Seat

__all__ = ["Bid", "BiddingResult", "bid_round", "parse_bid", "run_bidding"]

Bid = str | Suit | Trump
"""``"take"``, ``"pass"``, a suit named in the second round, or ``Trump.NONE`` /
``Trump.ALL`` named there under ``classic_sa_ta: on``."""


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


def parse_bid(text: object) -> Bid:
    """``take``, ``pass``, a suit name, ``none`` or ``all``; ``BiddingError`` otherwise.

    >>> parse_bid("Hearts"), parse_bid("none")
    (<Suit.HEARTS: 1>, <Trump.NONE: 4>)
    """
    key = text.strip().lower() if isinstance(text, str) else ""
    if key in ("take", "pass"):
        return key
    if key in ("spades", "hearts", "diamonds", "clubs"):
        return Suit.from_name(key)
    if key in ("none", "all"):
        return Trump.parse(key)
    raise BiddingError(
        f"invalid bid: {text!r} (expected take, pass, spades, hearts, diamonds, clubs, none or all)"
    )


def run_bidding(
    dealer: Seat, turned: int, bids: Sequence[tuple[Seat, Bid]], rules: RuleSet = HOUSE
) -> BiddingResult:
    """Run the bids (in turn order from the seat after ``dealer``) and say who took.

    ``rules`` matters only by ``classic_sa_ta``. Raises :class:`BiddingError` (with
    ``bid_index``) for a bid out of turn, after the end, or not allowed in its round,
    and (without it) for a bidding left unfinished.
    """
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
        if not _is_bid(bid):  # a word, or anything else: parse_bid says what is wrong
            try:
                bid = parse_bid(bid)
            except BiddingError as e:
                raise BiddingError(str(e), bid_index=i) from None
        if bid == "pass":
            if i == 7:
                result = BiddingResult(None, None, True, None)
            continue
        trump = _taken(i, seat, bid, turned, rules)
        result = BiddingResult(seat, trump, False, bid_round(i))
    if result is None:
        raise BiddingError(
            f"the bidding is not finished after {len(bids)} bids: someone must take, or all pass twice"
        )
    return result


def _taken(i: int, seat: Seat, bid: Bid, turned: int, rules: RuleSet) -> Trump:
    """The trump ``seat`` takes with ``bid`` (not a pass) at the ``i``-th bid (0-based), or
    :class:`BiddingError` where its round does not allow it."""
    turned_suit = Suit(turned >> 3)
    if bid_round(i) == 1:
        if bid != "take":
            raise BiddingError(
                f"in the first round {seat.name} may only take or pass, not {_word(bid)}",
                bid_index=i,
            )
        return Trump(turned_suit)
    if bid == "take":
        raise BiddingError(
            f"in the second round {seat.name} names a suit or passes; take is for the first round",
            bid_index=i,
        )
    if isinstance(bid, Trump):
        if rules.classic_sa_ta == "off":
            raise BiddingError(
                f"in the second round {seat.name} names a suit or passes; {_word(bid)} is bid"
                f" only with classic_sa_ta: on (not under {rules.name})",
                bid_index=i,
            )
        return bid
    if bid == turned_suit:
        raise BiddingError(
            f"in the second round {seat.name} cannot name the turned suit"
            f" ({turned_suit.name.lower()}, turned {card_str(turned)})",
            bid_index=i,
        )
    assert isinstance(bid, Suit)
    return Trump(bid)


def _is_bid(bid: object) -> bool:
    """A suit, or sans atout / tout atout, given as a value (not as a word)."""
    return isinstance(bid, Suit) or (isinstance(bid, Trump) and bid.suit is None)


def _word(bid: Bid) -> str:
    if isinstance(bid, Trump):
        return bid.word
    return bid.name.lower() if isinstance(bid, Suit) else bid
