"""The coinche auction: bids, coinche and surcoinche, the end, an annulled deal.

The seat after the dealer speaks first and each seat in turn makes one call
(``coinche.md`` §1.2-§1.6). A bid must be a multiple of 10 and higher in value than
the last (suits do not rank unless ``suit_order: ranked``); a capot tops every number.
An opponent of the last bidder may coinche; the coinched team may then surcoinche,
which ends the auction at once. Three passes after a bid (or after a coinche, as
``after_coinche`` says) end it; four passes with no bid annul the deal.

:class:`Auction` is the state machine (python-chess's ``Board``: push calls, read the
state); :func:`run_auction` runs a whole list and returns an :class:`AuctionResult`.

>>> r = run_auction(Seat.W, ["N: 90 spades", "E: pass", "S: 110 spades", "W: coinche",
...                          "N: pass", "E: pass", "S: pass"])
>>> r.taker, str(r.contract.bid), r.level, r.coinched_by, r.next_dealer
(<Seat.S: 2>, '110', <Level.COINCHE: 1>, <Seat.W: 3>, <Seat.N: 0>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..contract import Trump
from ..errors import InvalidSeatError
from ..seats import Seat
from .calls import BidKind, Call, CallKind, CoincheContract, Level
from .errors import AuctionError
from .rules import FFB_COINCHE, CoincheRules

__all__ = ["Auction", "AuctionResult", "parse_calls", "run_auction"]

_RANKED = (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.SPADES, Trump.NONE, Trump.ALL)
"""Pagat's variant order of denominations, low to high (``suit_order: ranked``)."""


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """How an auction ended: the contract, or an annulled deal (``taker`` ``None``).

    ``next_dealer`` deals the next deal (the seat after the dealer; the same dealer
    after an annulled deal under ``all_pass: same_dealer``); ``first_lead`` leads the
    first trick, whoever won the auction.
    """

    dealer: Seat
    calls: tuple[tuple[Seat, Call], ...]
    taker: Seat | None
    trump: Trump | None
    bid: int | BidKind | None
    level: Level
    coinched_by: Seat | None
    surcoinched_by: Seat | None
    annulled: bool
    next_dealer: Seat

    @property
    def contract(self) -> CoincheContract | None:
        """The contract, or ``None`` for an annulled deal."""
        if self.taker is None or self.trump is None or self.bid is None:
            return None
        return CoincheContract(self.taker, self.trump, self.bid, self.level)

    @property
    def first_lead(self) -> Seat:
        """The seat that leads the first trick: the seat after the dealer (FFB-CO15 §5.1)."""
        return self.dealer.next


_NEXT = tuple(Seat((s + 1) & 3) for s in range(4))
"""``_NEXT[seat]``: the seat after ``seat`` (a tuple lookup, not an enum call)."""


def _name(seat: Seat) -> str:
    return seat.name


class Auction:
    """An auction in progress. :meth:`push` one call at a time; :meth:`result` at the end.

    Raises :class:`AuctionError` (with ``call_index``) for a call the rules refuse.
    """

    def __init__(self, dealer: Seat, *, rules: CoincheRules = FFB_COINCHE) -> None:
        self.dealer = dealer
        self.rules = rules
        self.turn: Seat = _NEXT[dealer]
        self.calls: list[tuple[Seat, Call]] = []
        self.high: tuple[Call, Seat] | None = None
        self.level = Level.NONE
        self.coincher: Seat | None = None
        self.surcoincher: Seat | None = None
        self.passes = 0
        self.ended = False
        self.annulled = False
        self.why_ended = ""

    def push(self, seat: Seat, call: Call | str) -> None:
        """Make ``seat``'s call (a :class:`Call` or its text)."""
        index = len(self.calls)
        if isinstance(call, str):
            try:
                call = Call.parse(call)
            except AuctionError as e:
                raise AuctionError(str(e), call_index=index) from None
        try:
            self._check_turn(seat, call)
            if call.kind is CallKind.PASS:
                self._pass()
            elif call.is_bid:
                self._bid(seat, call)
            elif call.kind is CallKind.COINCHE:
                self._coinche(seat)
            else:
                self._surcoinche(seat)
        except AuctionError as e:
            raise AuctionError(str(e), call_index=index) from None
        self.calls.append((seat, call))
        self._advance(seat)

    def _check_turn(self, seat: Seat, call: Call) -> None:
        if self.ended:
            raise AuctionError(
                f"{_name(seat)} cannot call {call}: the auction has ended {self.why_ended}"
            )
        if (
            self.level is Level.COINCHE
            and self.rules.after_coinche == "coinched_team_only"
            and self.coincher is not None
            and seat == self.coincher.partner
        ):
            raise AuctionError(
                f"{_name(seat)} cannot speak after {_name(self.coincher)}'s coinche: "
                "only the coinched team speaks"
            )
        if seat == self.turn:
            return
        if call.kind is CallKind.COINCHE and self.rules.coinche_timing == "any_time":
            return
        raise AuctionError(f"{_name(seat)} calls out of turn: it is {_name(self.turn)}'s turn")

    def _pass(self) -> None:
        self.passes += 1
        if self.high is None:
            if self.passes == 4:
                self.ended, self.annulled = True, True
                self.why_ended = "after four passes: the deal is annulled"
            return
        if self.level is Level.COINCHE:
            needed = 3 if self.rules.after_coinche == "three_passes" else 2
            if self.passes == needed:
                self.ended = True
                self.why_ended = "after the coinche and the passes that follow it"
            return
        needed = 4 if self.rules.self_overbid == "change_suit" else 3
        if self.passes == needed:
            self.ended = True
            self.why_ended = f"after {'four' if needed == 4 else 'three'} passes"

    def _bid(self, seat: Seat, call: Call) -> None:
        rules = self.rules
        assert call.trump is not None
        if call.trump >= Trump.NONE and not rules.sa_ta:
            raise AuctionError(
                f"{_name(seat)} cannot bid {call}: sans atout and tout atout are not played"
                f" under {rules.name}"
            )
        if call.kind is CallKind.GENERALE and rules.generale == "off":
            raise AuctionError(
                f"{_name(seat)} cannot bid {call}: the générale is not played under {rules.name}"
            )
        if self.level is not Level.NONE:
            assert self.coincher is not None
            if rules.coinche_freezes:
                raise AuctionError(
                    f"{_name(seat)} cannot bid {call} after {_name(self.coincher)}'s coinche: "
                    "a coinche freezes the contract"
                )
            self.level, self.coincher = Level.NONE, None  # décoincher
        if call.kind is CallKind.BID:
            self._check_value(seat, call)
        elif self.high is not None and self.high[0].kind is not CallKind.BID:
            high, by = self.high
            raise AuctionError(
                f"{_name(seat)} cannot bid {call} after {_name(by)}'s {high}: no bid is higher"
            )
        if (
            self.high is not None
            and self.passes == 3
            and self.high[1] == seat
            and self.high[0].trump == call.trump
        ):
            raise AuctionError(
                f"{_name(seat)} cannot bid {call} over their own {self.high[0]}: "
                "only a change of suit may follow three passes"
            )
        self.high = (call, seat)
        self.passes = 0
        if call.kind is not CallKind.BID and not rules.capot_doublable:
            self.ended = True
            self.why_ended = f"with {_name(seat)}'s {call}, which cannot be coinched"

    def _check_value(self, seat: Seat, call: Call) -> None:
        rules = self.rules
        value = call.value
        assert value is not None and call.trump is not None

        def refuse(why: str) -> AuctionError:
            return AuctionError(f"{_name(seat)} cannot bid {call}{why}")

        if value % 10:
            raise refuse(": a bid is a multiple of 10")
        if value < 80:
            raise refuse(": the lowest bid is 80")
        if rules.max_bid is not None and value > rules.max_bid:
            raise refuse(f": the highest bid is {rules.max_bid}")
        if self.high is None:
            return
        high, by = self.high
        if high.kind is not CallKind.BID:
            raise refuse(f" after {_name(by)}'s {high}: no bid is higher")
        assert high.value is not None and high.trump is not None
        ranked_above = rules.suit_order == "ranked" and _RANKED.index(call.trump) > _RANKED.index(
            high.trump
        )
        if value < high.value or (value == high.value and not ranked_above):
            raise refuse(f": it is not higher than {_name(by)}'s {high}")

    def _coinche(self, seat: Seat) -> None:
        if self.high is None:
            raise AuctionError(f"{_name(seat)} cannot coinche: there is no bid")
        high, by = self.high
        if by == seat:
            raise AuctionError(f"{_name(seat)} cannot coinche their own bid")
        if by == seat.partner:
            raise AuctionError(
                f"{_name(seat)} cannot coinche {_name(by)}'s bid: "
                f"{_name(seat)} and {_name(by)} are partners"
            )
        if self.level is not Level.NONE:
            assert self.coincher is not None
            raise AuctionError(
                f"{_name(seat)} cannot coinche: {_name(self.coincher)} has already coinched"
            )
        if high.kind is not CallKind.BID and not self.rules.capot_doublable:
            raise AuctionError(
                f"{_name(seat)} cannot coinche {_name(by)}'s {high}: "
                f"a {high.kind.value} cannot be coinched under {self.rules.name}"
            )
        if high.value == 80 and not self.rules.coinche_80:
            raise AuctionError(f"{_name(seat)} cannot coinche a bid of 80 under {self.rules.name}")
        self.level, self.coincher, self.passes = Level.COINCHE, seat, 0

    def _surcoinche(self, seat: Seat) -> None:
        if self.rules.surcoinche == 0:
            raise AuctionError(
                f"{_name(seat)} cannot surcoinche: there is no surcoinche under {self.rules.name}"
            )
        if self.level is not Level.COINCHE or self.high is None:
            raise AuctionError(f"{_name(seat)} cannot surcoinche: nobody has coinched")
        by = self.high[1]
        if seat.team != by.team:
            a, b = by.team.seats
            raise AuctionError(
                f"{_name(seat)} cannot surcoinche: only {_name(a)} and {_name(b)}, "
                "the coinched team, may"
            )
        self.level, self.surcoincher = Level.SURCOINCHE, seat
        self.ended = True
        self.why_ended = f"with {_name(seat)}'s surcoinche"

    def _advance(self, seat: Seat) -> None:
        turn = _NEXT[seat]
        if (
            self.level is Level.COINCHE
            and self.rules.after_coinche == "coinched_team_only"
            and self.coincher is not None
            and turn == self.coincher ^ 2
        ):
            turn = _NEXT[turn]
        self.turn = turn

    def result(self) -> AuctionResult:
        """The auction's outcome; :class:`AuctionError` (no index) if it has not ended."""
        if not self.ended:
            raise AuctionError(
                f"the auction is not finished after {len(self.calls)} calls: "
                f"{_name(self.turn)} is still to speak"
            )
        call, by = self.high if self.high is not None and not self.annulled else (None, None)
        same = self.annulled and self.rules.all_pass == "same_dealer"
        return AuctionResult(
            dealer=self.dealer,
            calls=tuple(self.calls),
            taker=by,
            trump=call.trump if call is not None else None,
            bid=call.bid if call is not None else None,
            level=self.level,
            coinched_by=self.coincher,
            surcoinched_by=self.surcoincher,
            annulled=self.annulled,
            next_dealer=self.dealer if same else _NEXT[self.dealer],
        )


def parse_calls(lines: Sequence[str]) -> list[tuple[Seat, Call]]:
    """``["N: 90 spades", "E: pass"]`` as ``(seat, call)`` pairs; errors carry the index."""
    out = []
    for i, line in enumerate(lines):
        seat_text, _, call_text = line.partition(":")
        try:
            out.append((Seat.parse(seat_text), Call.parse(call_text)))
        except (AuctionError, InvalidSeatError) as e:
            raise AuctionError(str(e), call_index=i) from None
    return out


def run_auction(
    dealer: Seat,
    calls: Sequence[tuple[Seat, Call | str] | str],
    *,
    rules: CoincheRules = FFB_COINCHE,
) -> AuctionResult:
    """Run ``calls`` (``(seat, call)`` pairs, or ``"N: 90 spades"`` lines) from the seat
    after ``dealer`` and return how the auction ended.

    Raises :class:`AuctionError` with ``call_index`` for the first call the rules
    refuse, and without it for an auction that has not ended.
    """
    auction = Auction(dealer, rules=rules)
    for i, item in enumerate(calls):
        pair: tuple[Seat, Call | str]
        if isinstance(item, str):
            try:
                pair = parse_calls([item])[0]
            except AuctionError as e:
                raise AuctionError(str(e), call_index=i) from None
        else:
            pair = item
        auction.push(*pair)
    return auction.result()
