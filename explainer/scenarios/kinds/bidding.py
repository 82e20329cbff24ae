"""``kind: bidding``: who takes, in which trump, or whether the deal is annulled.

Keys: ``rules`` (a classic preset or mapping; only ``classic_sa_ta`` changes a bidding),
``dealer``, ``turned`` (the card turned up) and ``bids`` (``SEAT: BID`` pairs in turn
order: ``take`` or ``pass`` in the first round, a suit or ``pass`` in the second, or
``none`` / ``all`` under ``classic_sa_ta: on``). Facts: ``taker``, ``trump``,
``annulled``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from explainer.engine import (
    Bid,
    BiddingError,
    BiddingResult,
    EngineError,
    RuleSet,
    Seat,
    bid_round,
    find_rules,
    parse_bid,
    run_bidding,
)

from ..diagnostics import Code, KeyPath, dotted
from ..facts import BOOLEAN, CARD_REF, SEAT_OR_NONE, SEAT_REF, TRUMP_OR_NONE
from ..model import Scenario
from ..reader import Reader, what_is
from ..yamlsource import MappingNode, Node
from .base import Fact, Kind, Pairs, require
from .contract import classic_rules_schema, read_classic_rules

__all__ = ["KIND", "BiddingKind", "BiddingScenario", "BiddingView"]

_SEATS: Final = 4
"""Bids in a round."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BiddingScenario(Scenario):
    """``kind: bidding``. ``expect`` keys: ``taker`` (Seat or None), ``trump`` (Trump or
    None), ``annulled`` (bool)."""

    dealer: Seat
    turned: int
    bids: tuple[tuple[Seat, Bid], ...] = ()
    rules: RuleSet = field(default_factory=find_rules)


@dataclass(frozen=True, slots=True)
class BiddingView:
    scenario: BiddingScenario
    bids: tuple[tuple[int, int, Seat, Bid], ...]
    """``(number, round, seat, bid)``."""
    result: BiddingResult


class BiddingKind(Kind[BiddingScenario]):
    name = "bidding"
    macro = "bidding"
    keys = ("rules", "dealer", "turned", "bids")
    required = ("kind", "dealer", "turned", "bids")
    facts = (
        Fact("taker", SEAT_OR_NONE),
        Fact("trump", TRUMP_OR_NONE),
        Fact("annulled", BOOLEAN),
    )

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> BiddingScenario | None:
        rules: RuleSet | None = find_rules()
        if "rules" in pairs:
            rules = read_classic_rules(r, pairs["rules"][1], ("rules",), self.name)
        dealer = turned = None
        if (node := require(r, pairs, "dealer", self.name)) is not None:
            dealer = r.seat(node, ("dealer",))
        if (node := require(r, pairs, "turned", self.name)) is not None:
            turned = r.card(node, ("turned",))
        bids: list[tuple[Seat, Bid]] = []
        if (node := require(r, pairs, "bids", self.name)) is not None:
            bids = _read_bids(r, node)
        expect = self.read_expect(r, pairs)
        if r.diags or dealer is None or turned is None or rules is None:
            return None
        try:
            outcome = run_bidding(dealer, turned, bids, rules)
        except BiddingError as exc:
            at: KeyPath = ("bids", exc.bid_index + 1) if exc.bid_index is not None else ("bids",)
            r.error(r.keys.where(at), str(exc), Code.BAD_BID)
            return None
        return BiddingScenario(
            **common,
            expect=expect,
            keys=r.keys,
            dealer=dealer,
            turned=turned,
            bids=tuple(bids),
            rules=rules,
            outcome=outcome,
        )

    def computed(self, scenario: BiddingScenario) -> dict[str, Any]:
        b: BiddingResult = scenario.outcome
        return {"taker": b.taker, "trump": b.trump, "annulled": b.annulled}

    def fill_keys(self, computed: Mapping[str, Any]) -> list[str]:
        """Say ``annulled: true``, or who took and in which trump: not both."""
        noise = ("taker", "trump") if computed["annulled"] else ("annulled",)
        return [k for k in super().fill_keys(computed) if k not in noise]

    def properties(self) -> dict[str, Any]:
        return {
            "rules": classic_rules_schema(self.name),
            "dealer": SEAT_REF,
            "turned": CARD_REF,
            "bids": {
                "type": "array",
                "maxItems": 2 * _SEATS,
                "items": {
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 1,
                    "propertyNames": SEAT_REF,
                    "additionalProperties": {
                        "enum": [
                            "take",
                            "pass",
                            "spades",
                            "hearts",
                            "diamonds",
                            "clubs",
                            "none",
                            "all",
                        ]
                    },
                },
            },
        }

    def view(self, scenario: BiddingScenario) -> BiddingView:
        bids = tuple(
            (i, bid_round(i - 1), seat, bid) for i, (seat, bid) in enumerate(scenario.bids, 1)
        )
        return BiddingView(scenario, bids, scenario.outcome)


def _read_bids(r: Reader, node: Node) -> list[tuple[Seat, Bid]]:
    """The ``SEAT: BID`` pairs, each bad one reported and left out."""
    bids: list[tuple[Seat, Bid]] = []
    for i, item in enumerate(r.sequence(node, ("bids",), what="a list of bids") or (), 1):
        at: KeyPath = ("bids", i)
        if not (isinstance(item, MappingNode) and len(item.value) == 1):
            r.error(item, f"{dotted(at)}: a bid is one 'SEAT: BID' pair, got {what_is(item)}",
                    Code.TYPE)  # fmt: skip
            continue
        knode, vnode = item.value[0]
        seat = r.seat(knode, at)
        text = r.string(vnode, at, what="a bid")
        if seat is None or text is None:
            continue
        try:
            bids.append((seat, parse_bid(text)))
        except EngineError as exc:
            r.error(vnode, str(exc), Code.BAD_BID)
    return bids


KIND: Final = BiddingKind()
