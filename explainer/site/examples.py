"""Engine facts for each example, computed once and shared by every language.

The site shows what the engine computes, not what the scenario claims (the build
refuses to run unless the two agree). Each kind builds its view (``kinds/<kind>.py``):
engine values only (cards as ints, seats, rules); the kind's template macro turns them
into words in the page's language. The rank and point tables are read from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from explainer.engine import (
    PRESETS,
    CoincheDealResult,
    Rank,
    Suit,
    Trump,
    card,
    presets_for,
    tables,
)
from explainer.scenarios.kinds import kind_of, sort_for_display
from explainer.scenarios.model import Scenario

from .outcomes import Line, Outcome, classic_lines, classic_outcome, coinche_lines, coinche_outcome

__all__ = [
    "CONTRACT_KINDS",
    "KindRow",
    "View",
    "capot_values",
    "contract_kinds",
    "macro_of",
    "outcome_of",
    "score_lines",
    "sort_for_display",
    "view_of",
]

View = Any
"""What a page shows of one example: the view its kind builds (``kinds/<kind>.py``)."""


def view_of(scenario: Scenario) -> View:
    """What a page shows of one (valid, agreeing) scenario: the engine's facts, computed
    once by the loader (``scenario.outcome``), plus what only the page needs (each card's
    verdict, how the other presets would rule), as the scenario's kind builds it."""
    return kind_of(scenario).view(scenario)


def macro_of(scenario: Scenario) -> str:
    """The name of the template macro that shows ``scenario``, as its kind declares it
    (``Kind.macro`` / ``Kind.macro_of``): a key of ``MACROS`` in ``examples.html``."""
    return kind_of(scenario).macro_of(scenario)


def outcome_of(view: View) -> Outcome:
    """What a deal example's outcome says (:mod:`.outcomes`), from the engine's result in
    its view and the rule set it was scored under."""
    if isinstance(view.result, CoincheDealResult):
        return coinche_outcome(view.result, view.rules)
    return classic_outcome(view.result, view.rules, view.declarations)


def score_lines(view: View) -> tuple[Line, ...]:
    """The rows of a deal example's score table, adding up to its total."""
    if isinstance(view.result, CoincheDealResult):
        return coinche_lines(view.result, view.rules)
    return classic_lines(view.result, view.rules, view.declarations)


def capot_values(game: str = "belote") -> tuple[tuple[int, bool, tuple[str, ...]], ...]:
    """What a capot is worth in all under the presets of ``game``: ``(points, defenders,
    presets)`` for each value, highest first, ``defenders`` whether defenders who win every
    trick score it too (``defenders_capot: bonus``) or only 162. The tables' note says it
    rule set by rule set, so it stays true when a preset counts a capot otherwise (a flat
    250, no bonus for the defenders)."""
    worth: dict[tuple[int, bool], list[str]] = {}
    for name in presets_for(game):
        rules = PRESETS[name]
        key = (rules.capot_total, rules.defenders_capot == "bonus")
        worth.setdefault(key, []).append(name)
    return tuple((p, d, tuple(names)) for (p, d), names in sorted(worth.items(), reverse=True))


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
        rows.append(
            KindRow(kind, ranks, tuple(t.points[card(r, suit)] for r in ranks), sum(t.points))
        )
    return tuple(rows)
