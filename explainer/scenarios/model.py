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
from enum import StrEnum
from typing import Any, Literal

from explainer.engine import Seat

from .diagnostics import Diagnostic, KeyPath, Location

__all__ = [
    "AnyScenario",
    "KeyPath",
    "Location",
    "Page",
    "Play",
    "Scenario",
    "Section",
    "Status",
    "Table",
    "Text",
]


class Status(StrEnum):
    """Whether an example is checked like any other or shown as disputed."""

    CHECKED = "checked"
    """The sources agree; the engine's answer is the rule."""
    DISPUTED = "disputed"
    """Rule sources disagree; the page says so (``reason``)."""


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
    status: Status = Status.CHECKED
    reason: Text | None = None
    outcome: Any = field(default=None, compare=False, repr=False)
    """The engine's result, computed once while validating (``PlayOutcome``,
    ``DealResult``, ``BiddingResult``, ``DealingResult``...): the runner and the site read it."""
    warnings: tuple[Diagnostic, ...] = field(default=(), compare=False, repr=False)
    """Located lines ``explainer check`` prints, in file order among the diagnostics,
    without failing the file (a preset kept
    only as an alias, ``rules: official``: what to write instead)."""

    def where(self, *key: str | int) -> Location:
        """The location of ``key``, or of its nearest written parent, or of the file."""
        return _where(self.keys, self.path, key)


AnyScenario = Scenario
"""Any loaded scenario (each kind's model is a subclass, in ``kinds/<kind>.py``)."""


Table = Literal["ranks", "points", "rules"]
"""An engine-generated block a section may show."""


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
    tables: tuple[Table, ...] = ()


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
