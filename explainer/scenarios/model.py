"""The validated, located model of scenario and page files.

The loader turns YAML into these frozen values and nothing else; the runner, the
site and the translators' tools read them. Cards, seats and contracts are already
engine values here; every translatable text carries its ``msgctxt`` so that the
extractor and the site agree on it by construction.

Message contexts (``Text.ctx``):

* scenario fields: ``<scenario id>|title``, ``<scenario id>|text``, ``<scenario id>|reason``
* page fields: ``page:<page id>|title``, ``page:<page id>|intro``,
  ``page:<page id>:<section id>|title``, ``page:<page id>:<section id>|text``
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from explainer.engine import Contract, RuleSet, Ruling, Seat, TrickResult
from explainer.engine.bidding import Bid

from .diagnostics import KeyPath, Location

__all__ = [
    "KINDS",
    "AnyScenario",
    "BiddingScenario",
    "DealScenario",
    "DealingScenario",
    "Location",
    "Page",
    "Play",
    "PlayOutcome",
    "PlayScenario",
    "Scenario",
    "Section",
    "Text",
]

KINDS = ("play", "deal", "bidding", "dealing")


@dataclass(frozen=True, slots=True)
class Text:
    """A source-language (English) Markdown text and the message context it is translated under."""

    source: str
    ctx: str
    line: int


Play = tuple[Seat, int]
"""A play: the seat and its card."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    """What every scenario has.

    ``keys`` maps each key path written in the file (``("expect", "legal")``,
    ``("trick", 1)``, ``("tricks", 4, 2)``; list indices are 1-based, as in the messages)
    to its location (the key's, or the list item's), so a diagnostic can point at it.
    ``expect`` holds the stated facts, already as engine values (see each kind).
    ``status`` is ``checked`` or ``disputed`` (with ``reason``), an optional addition
    to the format for examples whose rule sources disagree.
    """

    id: str
    kind: str
    path: str
    title: Text | None = None
    text: Text | None = None
    page: str | None = None
    section: str | None = None
    order: int = 0
    expect: Mapping[str, Any] = field(default_factory=dict)
    keys: Mapping[KeyPath, Location] = field(default_factory=dict)
    status: str = "checked"
    reason: Text | None = None
    outcome: Any = field(default=None, compare=False, repr=False)
    """The engine's result, computed once while validating (``PlayOutcome``,
    ``DealResult``, ``BiddingResult``, ``DealingResult``): the runner and the site read it."""

    def where(self, *key: str | int) -> Location:
        """The location of ``key``, or of its nearest written parent, or of the file."""
        return _where(self.keys, self.path, key)


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """What the engine said of a play scenario: the hand's ruling (``None`` without a
    hand) and, when the trick has four cards (``trick`` + ``play``), its result."""

    ruling: Ruling | None
    trick: TrickResult | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayScenario(Scenario):
    """``kind: play``. ``expect`` keys: ``legal`` (frozenset of cards), ``rule`` (Rule),
    ``winner`` (Seat), ``points`` (int). ``hand`` keeps the written order for display."""

    contract: Contract
    rules: RuleSet
    trick: tuple[Play, ...] = ()
    hand_seat: Seat | None = None
    hand: tuple[int, ...] = ()
    play: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DealScenario(Scenario):
    """``kind: deal``. ``expect`` keys: ``tricks`` (tuple of Seat), ``card_points`` /
    ``points`` / ``score`` (dict Team -> int), ``last_trick`` (Team), ``belote``
    (Seat or None), ``capot`` (Team or None), ``made`` (bool)."""

    contract: Contract
    rules: RuleSet
    dealer: Seat | None = None
    tricks: tuple[tuple[Play, ...], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BiddingScenario(Scenario):
    """``kind: bidding``. ``expect`` keys: ``taker`` (Seat or None), ``trump`` (Trump or
    None), ``annulled`` (bool)."""

    dealer: Seat
    turned: int
    bids: tuple[tuple[Seat, Bid], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DealingScenario(Scenario):
    """``kind: dealing``. ``expect`` keys: ``turned`` (card), ``hands`` (dict Seat ->
    frozenset of cards)."""

    dealer: Seat
    deck: tuple[int, ...]
    taker: Seat | None = None


AnyScenario = PlayScenario | DealScenario | BiddingScenario | DealingScenario


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    """A section of a page: a heading, Markdown prose, and generated blocks.

    ``tables`` names engine-generated blocks shown after the prose, in order:
    ``ranks`` (rank order per contract), ``points`` (card points per contract),
    ``rules`` (the play obligations with their rule ids).
    """

    id: str
    title: Text
    text: Text | None = None
    tables: tuple[Literal["ranks", "points", "rules"], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Page:
    """A page of the site (``page.yaml`` in a folder of ``scenarios/``).

    Its examples are the scenarios whose ``page`` is this page's ``id``, placed in
    their ``section`` by ``order``.
    """

    id: str
    path: str
    title: Text
    intro: Text | None = None
    order: int = 0
    sections: tuple[Section, ...] = ()
    keys: Mapping[KeyPath, Location] = field(default_factory=dict)

    def where(self, *key: str | int) -> Location:
        """The location of ``key``, or of its nearest written parent, or of the file."""
        return _where(self.keys, self.path, key)


def _where(keys: Mapping[KeyPath, Location], path: str, key: KeyPath) -> Location:
    while key:
        if key in keys:
            return keys[key]
        key = key[:-1]
    return Location(path, 1, 1)
