"""``kind: auction``: a Coinche auction, call by call, and the contract it ends on.

Keys: ``rules`` (a Coinche preset or mapping), ``dealer`` and ``calls`` (``SEAT: CALL``
pairs in turn order: ``pass``, ``90 spades``, ``capot hearts``, ``coinche``,
``surcoinche``). Facts: ``taker``, ``trump``, ``bid``, ``level``, ``coinched_by``,
``annulled``, ``next_dealer``. A refused call is reported at its place, ``calls[N]: ``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from explainer.engine import (
    AuctionError,
    AuctionResult,
    Call,
    CoincheRules,
    EngineError,
    Seat,
    run_auction,
)

from ..diagnostics import Code, KeyPath, dotted
from ..facts import BID, BOOLEAN, LEVEL, SEAT, SEAT_OR_NONE, SEAT_REF, TRUMP_OR_NONE
from ..model import Scenario
from ..reader import Reader, what_is
from ..yamlsource import MappingNode, Node
from .base import Fact, Kind, Pairs, require
from .coinche_rules import coinche_rules_schema, rules_of

__all__ = ["KIND", "AuctionKind", "AuctionScenario", "AuctionView"]

_MAX_CALLS: Final = 64
"""More calls than any auction has (every bid raises by at least 10 up to 160)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionScenario(Scenario):
    """``kind: auction``. ``expect`` keys: see :class:`AuctionKind`."""

    rules: CoincheRules
    dealer: Seat
    calls: tuple[tuple[Seat, Call], ...] = ()


@dataclass(frozen=True, slots=True)
class AuctionView:
    scenario: AuctionScenario
    seats: tuple[Seat, ...]
    """The seats in speaking order (from the seat after the dealer): the table's columns."""
    rows: tuple[tuple[tuple[int, Call] | None, ...], ...]
    """One row per turn round: each seat's ``(number, call)``, or ``None``."""
    result: AuctionResult


class AuctionKind(Kind[AuctionScenario]):
    name = "auction"
    macro = "auction"
    keys = ("rules", "dealer", "calls")
    required = ("kind", "dealer", "calls")
    facts = (
        Fact("taker", SEAT_OR_NONE, "the declarer, or none for an annulled deal"),
        Fact("trump", TRUMP_OR_NONE),
        Fact("bid", BID, "the contract's bid: points, capot, generale, or none"),
        Fact("level", LEVEL, "none, coinche or surcoinche"),
        Fact("coinched_by", SEAT_OR_NONE),
        Fact("annulled", BOOLEAN),
        Fact("next_dealer", SEAT),
    )

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> AuctionScenario | None:
        rules = rules_of(r, pairs, "auction")
        dealer = None
        if (node := require(r, pairs, "dealer", self.name)) is not None:
            dealer = r.seat(node, ("dealer",))
        calls: list[tuple[Seat, Call]] = []
        if (node := require(r, pairs, "calls", self.name)) is not None:
            calls = _read_calls(r, node)
        expect = self.read_expect(r, pairs)
        if r.diags or dealer is None or rules is None:
            return None
        try:
            outcome = run_auction(dealer, calls, rules=rules)
        except AuctionError as exc:
            if exc.call_index is None:
                r.error(r.keys.where(("calls",)), str(exc), Code.BAD_BID)
            else:
                at: KeyPath = ("calls", exc.call_index + 1)
                r.error(r.keys.where(at), f"calls[{exc.call_index + 1}]: {exc}", Code.BAD_BID)
            return None
        return AuctionScenario(
            **common,
            expect=expect,
            keys=r.keys,
            rules=rules,
            dealer=dealer,
            calls=tuple(calls),
            outcome=outcome,
        )

    def computed(self, scenario: AuctionScenario) -> dict[str, Any]:
        a: AuctionResult = scenario.outcome
        return {
            "taker": a.taker,
            "trump": a.trump,
            "bid": a.bid,
            "level": a.level,
            "coinched_by": a.coinched_by,
            "annulled": a.annulled,
            "next_dealer": a.next_dealer,
        }

    def fill_keys(self, computed: Mapping[str, Any]) -> list[str]:
        """An annulled deal: who passed does not make a contract; say only that."""
        noise = ("trump", "bid", "level", "coinched_by") if computed["annulled"] else ()
        return [k for k in super().fill_keys(computed) if k not in noise]

    def properties(self) -> dict[str, Any]:
        return {
            "rules": coinche_rules_schema("auction"),
            "dealer": SEAT_REF,
            "calls": {
                "type": "array",
                "maxItems": _MAX_CALLS,
                "items": {
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 1,
                    "propertyNames": SEAT_REF,
                    "additionalProperties": {"type": "string"},
                },
            },
        }

    def view(self, scenario: AuctionScenario) -> AuctionView:
        seats = tuple(scenario.dealer.after(k) for k in range(1, 5))
        rows: list[list[tuple[int, Call] | None]] = []
        for number, (seat, call) in enumerate(scenario.calls, 1):
            column = seats.index(seat)
            if not rows or rows[-1][column] is not None or _later_filled(rows[-1], column):
                rows.append([None] * 4)
            rows[-1][column] = (number, call)
        return AuctionView(scenario, seats, tuple(tuple(row) for row in rows), scenario.outcome)


def _later_filled(row: list[tuple[int, Call] | None], column: int) -> bool:
    """Whether a seat after ``column`` has already called in ``row`` (so a new row)."""
    return any(cell is not None for cell in row[column + 1 :])


def _read_calls(r: Reader, node: Node) -> list[tuple[Seat, Call]]:
    """The ``SEAT: CALL`` pairs, each bad one reported and left out."""
    calls: list[tuple[Seat, Call]] = []
    items = r.sequence(node, ("calls",), what="a list of calls") or ()
    for i, item in enumerate(items, 1):
        at: KeyPath = ("calls", i)
        if not (isinstance(item, MappingNode) and len(item.value) == 1):
            r.error(item, f"{dotted(at)}: a call is one 'SEAT: CALL' pair, got {what_is(item)}",
                    Code.TYPE)  # fmt: skip
            continue
        knode, vnode = item.value[0]
        seat = r.seat(knode, at)
        text = r.string(vnode, at, what="a call")
        if seat is None or text is None:
            continue
        try:
            calls.append((seat, Call.parse(text)))
        except EngineError as exc:
            r.error(vnode, f"calls[{i}]: {exc}", Code.BAD_BID)
    return calls


KIND: Final = AuctionKind()
