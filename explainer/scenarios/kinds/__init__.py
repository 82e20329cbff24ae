"""The kind table: every scenario kind, one module each, found by name.

A kind is a :class:`~.base.Kind` (its keys, its model, its facts, its schema, its
view, and the name of its template macro). To add one: write ``kinds/<kind>.py`` with a
``KIND`` instance, add it to :data:`KINDS` below, and add its template macro to
``MACROS`` in ``templates/examples.html``, one line (``docs/architecture.md``).
"""

from __future__ import annotations

from typing import Any, Final

from ..model import Scenario
from . import auction, bidding, deal, dealing, declarations, law, match, play
from .base import Fact, Kind, Pairs, require, sort_for_display

__all__ = [
    "DEFAULT_KIND",
    "KINDS",
    "Fact",
    "Kind",
    "Pairs",
    "all_kind_keys",
    "kind_of",
    "require",
    "sort_for_display",
]

KINDS: Final[dict[str, Kind[Any]]] = {
    k.name: k
    for k in (
        play.KIND,
        deal.KIND,
        bidding.KIND,
        dealing.KIND,
        auction.KIND,
        declarations.KIND,
        match.KIND,
        law.KIND,
    )
}
"""Every kind by its name, in the order the schema and the docs list them."""
DEFAULT_KIND: Final = play.KIND.name
"""The kind of a scenario without a ``kind`` key."""


def kind_of(scenario: Scenario) -> Kind[Any]:
    """The kind of a loaded scenario."""
    return KINDS[scenario.kind]


def all_kind_keys() -> frozenset[str]:
    """The keys of every kind (to say "not a key of this kind" rather than "unknown")."""
    return frozenset(key for k in KINDS.values() for key in k.keys)
