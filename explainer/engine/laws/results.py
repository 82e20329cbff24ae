"""What a check of a law returns: one outcome per rule set, with a counterexample where
the law fails.

Both kinds of law report in one shape (:class:`LawResult`, generic over the outcome),
so that the scenario kind and the page read a play law's result and a deal law's alike;
the outcomes and counterexamples are plain frozen data, built by :mod:`.play_check` and
:mod:`.deal_check` and turned into text only by the callers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from ..contract import Trump
from ..play import Rule
from ..rules import RuleSet
from ..seats import Seat
from ..simulate import RandomDeal
from .terms import DealConclusion, DealPremise


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A position where a law fails, as a ``kind: play`` scenario states it.

    The trick is led by N; ``seat`` is the seat to move, ``hand`` its cards, ``legal``
    the cards the rule set allows and ``rule`` the rule that decided them.
    """

    trump: Trump
    rules: RuleSet
    trick: tuple[tuple[Seat, int], ...]
    seat: Seat
    hand: tuple[int, ...]
    legal: tuple[int, ...]
    rule: Rule


@dataclass(frozen=True, slots=True)
class LawOutcome:
    """A law under one rule set: whether it holds, over how many positions, and where not.

    ``exhaustive`` counts the class representatives ruled on, ``sampled`` the full-hand
    positions; ``counterexample`` is the smallest failing position found, if any.
    """

    preset: str
    holds: bool
    exhaustive: int
    sampled: int
    counterexample: Counterexample | None = None

    @property
    def checked(self) -> int:
        """Every position ruled on."""
        return self.exhaustive + self.sampled


OutcomeT = TypeVar("OutcomeT", "LawOutcome", "DealOutcome")


@dataclass(frozen=True, slots=True)
class LawResult(Generic[OutcomeT]):
    """A law under each rule set it was checked under, in order: a play law's
    (:class:`LawOutcome`) or a deal law's (:class:`DealOutcome`, :data:`DealLawResult`)."""

    outcomes: tuple[OutcomeT, ...]

    @property
    def holds_under(self) -> frozenset[str]:
        """The rule sets under which the law holds."""
        return frozenset(o.preset for o in self.outcomes if o.holds)

    def __getitem__(self, preset: str) -> OutcomeT:
        for o in self.outcomes:
            if o.preset == preset:
                return o
        raise KeyError(preset)


@dataclass(frozen=True, slots=True)
class DealCounterexample:
    """A deal where a law fails: the contract, the rule set and the deal as played."""

    trump: Trump
    rules: RuleSet
    deal: RandomDeal
    conclusion: DealConclusion | DealPremise


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A deal law under one rule set: whether it holds, over how many deals, and where not.

    ``deals`` counts the deals played, ``matching`` those that satisfied the premises.
    """

    preset: str
    holds: bool
    deals: int
    matching: int
    counterexample: DealCounterexample | None = None


DealLawResult = LawResult["DealOutcome"]
"""A deal law under each rule set it was checked under (one result type for both kinds)."""
