"""``kind: dealing``: how a shuffled deck is dealt, and which card is turned up.

Keys: ``dealer``, ``deck`` (32 cards, top first) and ``taker`` (who took the turned
card: then the deal is completed). Facts: ``turned`` (a card) and ``hands``.
With ``rules`` (a Coinche rule set) or ``packets`` (Coinche: ``[3, 2, 3]``) no card is
turned: the whole deck is dealt in the packets written, or else in the rule set's
``deal_packets``, and the fact is ``hands``. A ``deal_packets`` knob beside written
packets is refused: it would change nothing, silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from explainer.engine import (
    DECK,
    CoincheRules,
    DealingResult,
    EngineError,
    PacketDealing,
    Seat,
    deal_cards,
    deal_packets,
)

from ..diagnostics import Code
from ..facts import CARD, HANDS, SEAT_REF, cards_schema
from ..model import Scenario
from ..reader import Reader
from ..yamlsource import MappingNode, Node
from .base import Fact, Kind, Pairs, require, sort_for_display
from .coinche_rules import coinche_rules_schema, rules_of

__all__ = ["KIND", "DealingKind", "DealingScenario", "DealingView", "PacketsView"]

_DECK_SIZE: Final = len(DECK)


@dataclass(frozen=True, slots=True, kw_only=True)
class DealingScenario(Scenario):
    """``kind: dealing``. ``expect`` keys: ``turned`` (card), ``hands`` (dict Seat ->
    frozenset of cards)."""

    dealer: Seat
    deck: tuple[int, ...]
    taker: Seat | None = None
    packets: tuple[int, ...] | None = None
    """Coinche: the packet sizes (no card is turned)."""
    rules: CoincheRules | None = None


@dataclass(frozen=True, slots=True)
class PacketsView:
    scenario: DealingScenario
    result: PacketDealing
    hands: tuple[tuple[Seat, tuple[int, ...]], ...]
    order: tuple[Seat, ...]
    """The seats in the order they receive cards (from the seat after the dealer)."""


@dataclass(frozen=True, slots=True)
class DealingView:
    scenario: DealingScenario
    result: DealingResult
    first: tuple[tuple[Seat, tuple[int, ...]], ...]
    hands: tuple[tuple[Seat, tuple[int, ...]], ...]
    order: tuple[Seat, ...]
    """The seats in the order they receive cards (from the seat after the dealer)."""


class DealingKind(Kind[DealingScenario]):
    name = "dealing"
    macro = "dealing"
    keys = ("dealer", "deck", "taker", "packets", "rules")
    required = ("kind", "dealer", "deck")
    facts = (Fact("turned", CARD), Fact("hands", HANDS))

    def macro_of(self, scenario: DealingScenario) -> str:
        """Dealing in packets without a turned card (Coinche) has its own macro."""
        return "packets" if isinstance(scenario.outcome, PacketDealing) else self.macro

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> DealingScenario | None:
        dealer = None
        if (node := require(r, pairs, "dealer", self.name)) is not None:
            dealer = r.seat(node, ("dealer",))
        deck: list[tuple[int, Node]] = []
        if (node := require(r, pairs, "deck", self.name)) is not None:
            cards = r.cards(node, ("deck",))  # None: a card reported, not the size
            deck = cards or []
            if cards is not None and len(cards) != _DECK_SIZE:
                r.error(r.keys.where(("deck",)),
                        f"deck: a deck has {_DECK_SIZE} cards, got {len(deck)}",
                        Code.BAD_DEAL)  # fmt: skip
        taker = r.seat(pairs["taker"][1], ("taker",)) if "taker" in pairs else None
        if "packets" in pairs or "rules" in pairs:
            return self._read_packets(r, pairs, common, dealer, deck)
        expect = self.read_expect(r, pairs)
        if r.diags or dealer is None:
            return None
        dealt = tuple(c for c, _ in deck)
        # The reader has reported every deck deal_cards refuses (a card twice, a size
        # other than 32, the empty deck too): with no problem reported it deals.
        outcome = deal_cards(dealt, dealer, taker)
        return DealingScenario(
            **common,
            expect=expect,
            keys=r.keys,
            dealer=dealer,
            deck=dealt,
            taker=taker,
            outcome=outcome,
        )

    def _read_packets(
        self,
        r: Reader,
        pairs: Pairs,
        common: dict[str, Any],
        dealer: Seat | None,
        deck: list[tuple[int, Node]],
    ) -> DealingScenario | None:
        """A Coinche dealing: the whole deck in packets, no card turned."""
        rules = rules_of(r, pairs, "dealing")
        packets: list[int] | None = None
        if "packets" in pairs:
            packets = []
            for i, item in enumerate(r.sequence(pairs["packets"][1], ("packets",)) or (), 1):
                n = r.integer(item, ("packets", i))
                if n is not None:
                    packets.append(n)
            if (knob := _knob_node(pairs, "deal_packets")) is not None:
                r.error(knob, "rules.deal_packets: knob deal_packets does not apply when "
                        "packets are written (the packets say how the deck is dealt)",
                        Code.BAD_RULES)  # fmt: skip
        if "taker" in pairs:
            r.error(pairs["taker"][0], "taker: no card is turned when dealing in packets",
                    Code.BAD_DEAL)  # fmt: skip
        expect = self.read_expect(r, pairs)
        if r.diags or dealer is None or rules is None:
            return None
        cards = tuple(c for c, _ in deck)
        try:
            outcome = deal_packets(cards, dealer, packets, rules=rules)
        except EngineError as exc:
            key = "packets" if packets is not None else "deck"
            r.error(r.keys.where((key,)), f"{key}: {exc}", Code.BAD_DEAL)
            return None
        return DealingScenario(
            **common,
            expect=expect,
            keys=r.keys,
            dealer=dealer,
            deck=cards,
            packets=outcome.packets,
            rules=rules,
            outcome=outcome,
        )

    def computed(self, scenario: DealingScenario) -> dict[str, Any]:
        if isinstance(scenario.outcome, PacketDealing):
            p: PacketDealing = scenario.outcome
            return {"hands": {Seat(i): frozenset(h) for i, h in enumerate(p.hands)}}
        g: DealingResult = scenario.outcome
        hands = g.hands if g.hands is not None else g.first
        return {"turned": g.turned, "hands": {Seat(i): frozenset(h) for i, h in enumerate(hands)}}

    def properties(self) -> dict[str, Any]:
        return {
            "dealer": SEAT_REF,
            "deck": cards_schema(_DECK_SIZE),
            "taker": SEAT_REF,
            "packets": {"type": "array", "items": {"type": "integer", "minimum": 1}},
            "rules": coinche_rules_schema("dealing"),
        }

    def view(self, scenario: DealingScenario) -> DealingView | PacketsView:
        order = tuple(scenario.dealer.after(k) for k in range(1, 5))
        if isinstance(scenario.outcome, PacketDealing):
            p: PacketDealing = scenario.outcome
            dealt = tuple((seat, sort_for_display(p.hands[seat])) for seat in order)
            return PacketsView(scenario, p, dealt, order)
        result: DealingResult = scenario.outcome
        first = tuple((seat, sort_for_display(result.first[seat])) for seat in order)
        hands: tuple[tuple[Seat, tuple[int, ...]], ...] = ()
        if result.hands is not None:
            hands = tuple((seat, sort_for_display(result.hands[seat])) for seat in order)
        return DealingView(scenario, result, first, hands, order)


def _knob_node(pairs: Pairs, knob: str) -> Node | None:
    """The key of ``knob`` where ``rules`` is written as a mapping, else ``None``."""
    node = pairs["rules"][1] if "rules" in pairs else None
    if not isinstance(node, MappingNode):
        return None
    return next((k for k, _ in node.value if k.value == knob), None)


KIND: Final = DealingKind()
