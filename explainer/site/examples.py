"""Engine facts for each example, computed once and shared by every language.

The site shows what the engine computes, not what the scenario claims (the build
refuses to run unless the two agree). Each ``*View`` holds engine values only (cards
as ints, seats, rules); the templates turn them into words in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from explainer.engine import (
    PRESETS,
    BiddingResult,
    CardSet,
    Contract,
    DealingResult,
    DealResult,
    Rank,
    Rule,
    RuleSet,
    Seat,
    Suit,
    Trump,
    Verdict,
    card,
    rulings_by_preset,
    tables,
)
from explainer.engine.bidding import Bid
from explainer.engine.play import TrickResult
from explainer.scenarios.model import (
    AnyScenario,
    BiddingScenario,
    DealingScenario,
    DealScenario,
    PlayScenario,
)

__all__ = [
    "PlayView",
    "DealView",
    "BiddingView",
    "DealingView",
    "View",
    "view_of",
    "KindRow",
    "CONTRACT_KINDS",
    "contract_kinds",
    "sort_for_display",
]


@dataclass(frozen=True, slots=True)
class PresetNote:
    """Another preset rules this position differently: its name, allowed cards, rule."""

    preset: str
    legal: tuple[int, ...]
    rule: Rule


@dataclass(frozen=True, slots=True)
class PlayView:
    scenario: PlayScenario
    contract: Contract
    rules: RuleSet
    trick: tuple[tuple[int, Seat, int], ...]
    """``(number, seat, card)`` in play order, numbered from 1."""
    seat: Seat | None
    hand: tuple[int, ...]
    legal: tuple[int, ...]
    rule: Rule | None
    restricted: bool
    """``partner-wins`` with some cards forbidden (partner overtrump required)."""
    verdicts: tuple[Verdict, ...]
    play: int | None
    result: TrickResult | None
    others: tuple[PresetNote, ...]

    @property
    def at_table(self) -> tuple[tuple[Seat, int | None, int | None], ...]:
        """``(seat, number, card)`` for N, E, S, W: the card each seat has put on the table
        so far (with its place in play order), or ``None``; drawn N top, E left, S bottom,
        W right, as the spec's turn order (counterclockwise) requires."""
        played = {seat: (n, c) for n, seat, c in self.trick}
        return tuple((seat, *played.get(seat, (None, None))) for seat in Seat)


@dataclass(frozen=True, slots=True)
class DealView:
    scenario: DealScenario
    contract: Contract
    rules: RuleSet
    result: DealResult


@dataclass(frozen=True, slots=True)
class BiddingView:
    scenario: BiddingScenario
    bids: tuple[tuple[int, int, Seat, Bid], ...]
    """``(number, round, seat, bid)``."""
    result: BiddingResult


@dataclass(frozen=True, slots=True)
class DealingView:
    scenario: DealingScenario
    result: DealingResult
    first: tuple[tuple[Seat, tuple[int, ...]], ...]
    hands: tuple[tuple[Seat, tuple[int, ...]], ...]
    order: tuple[Seat, ...]
    """The seats in the order they receive cards (from the seat after the dealer)."""


View = PlayView | DealView | BiddingView | DealingView


def sort_for_display(cards: CardSet | tuple[int, ...], trump: Trump | None = None) -> tuple[int, ...]:
    """Cards grouped by suit (spades, hearts, diamonds, clubs), highest first in each."""
    strength = tables(trump if trump is not None else Trump.NONE).strength
    return tuple(sorted(cards, key=lambda c: (c >> 3, -strength[c])))


def _play(s: PlayScenario) -> PlayView:
    trump = s.contract.trump
    trick_cards = [c for _, c in s.trick]
    numbered = tuple((i + 1, seat, c) for i, (seat, c) in enumerate(s.trick))
    legal: tuple[int, ...] = ()
    rule: Rule | None = None
    restricted = False
    verdicts: tuple[Verdict, ...] = ()
    others: list[PresetNote] = []
    ruling = s.outcome.ruling
    if ruling is not None:
        legal = tuple(c for c in s.hand if c in ruling.legal)
        rule = ruling.rule
        restricted = rule is Rule.PARTNER_WINS and len(ruling.legal) < len(s.hand)
        verdicts = tuple(Verdict(c, c in ruling.legal, ruling.rule) for c in s.hand)
        for name, other in sorted(rulings_by_preset(s.hand, trick_cards, trump).items()):
            if PRESETS[name] != s.rules and other.legal != ruling.legal:
                others.append(PresetNote(name, tuple(c for c in s.hand if c in other.legal),
                                         other.rule))
    return PlayView(s, s.contract, s.rules, numbered, s.hand_seat, s.hand, legal, rule,
                    restricted, verdicts, s.play, s.outcome.trick, tuple(others))


def _deal(s: DealScenario) -> DealView:
    return DealView(s, s.contract, s.rules, s.outcome)


def _bidding(s: BiddingScenario) -> BiddingView:
    bids = tuple((i + 1, 1 if i < 4 else 2, seat, bid) for i, (seat, bid) in enumerate(s.bids))
    return BiddingView(s, bids, s.outcome)


def _dealing(s: DealingScenario) -> DealingView:
    result: DealingResult = s.outcome
    order = tuple(s.dealer.after(k) for k in range(1, 5))
    first = tuple((seat, sort_for_display(result.first[seat])) for seat in order)
    hands: tuple[tuple[Seat, tuple[int, ...]], ...] = ()
    if result.hands is not None:
        hands = tuple((seat, sort_for_display(result.hands[seat])) for seat in order)
    return DealingView(s, result, first, hands, order)


def view_of(scenario: AnyScenario) -> View:
    """What a page shows of one (valid, agreeing) scenario: the engine's facts, computed
    once by the loader (``scenario.outcome``), plus what only the page needs (each card's
    verdict, how the other presets would rule)."""
    if isinstance(scenario, PlayScenario):
        return _play(scenario)
    if isinstance(scenario, DealScenario):
        return _deal(scenario)
    if isinstance(scenario, BiddingScenario):
        return _bidding(scenario)
    return _dealing(scenario)


@dataclass(frozen=True, slots=True)
class KindRow:
    """A row of the rank and point tables: one kind of suit, read from the engine's tables."""

    kind: str
    ranks: tuple[Rank, ...]
    """High to low."""
    points: tuple[int, ...]
    """The points of ``ranks``, in the same order."""
    total: int
    """The points of the whole pack in such a contract."""


CONTRACT_KINDS: Final = ("trump", "plain", "no-trump", "all-trump")


def contract_kinds() -> tuple[KindRow, ...]:
    """Rank order and points for a trump suit, a plain suit, no-trump and all-trump.

    Generated from :func:`explainer.engine.tables`, never typed by hand: spades stand for
    the trump suit of a suit contract and hearts for a plain suit beside it.
    """
    rows = []
    for kind, trump, suit in (
        ("trump", Trump.SPADES, Suit.SPADES),
        ("plain", Trump.SPADES, Suit.HEARTS),
        ("no-trump", Trump.NONE, Suit.SPADES),
        ("all-trump", Trump.ALL, Suit.SPADES),
    ):
        t = tables(trump)
        ranks = t.order[suit]
        rows.append(KindRow(kind, ranks, tuple(t.points[card(r, suit)] for r in ranks),
                            sum(t.points)))
    return tuple(rows)


RULE_ORDER: Final = tuple(Rule)
"""The play obligations in the order the engine applies them."""
