"""What a check of a law returns: one outcome per rule set, with a counterexample where
the law fails.

Both kinds of law report in one shape (:class:`LawResult`, generic over the outcome),
so that the scenario kind and the page read a play law's result and a deal law's alike;
the outcomes and counterexamples are plain frozen data, built by :mod:`.play_check`,
:mod:`.deal_check` and :mod:`.match_check` and turned into text only by the callers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from ..coinche.calls import CoincheContract
from ..coinche.match import MatchDeal
from ..coinche.rules import CoincheRules
from ..contract import Trump
from ..play import Rule
from ..rules import RuleSet
from ..seats import Seat
from ..simulate import RandomDeal
from .terms import DealConclusion, DealPremise, MatchConclusion, MatchPremise


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


OutcomeT = TypeVar("OutcomeT", "LawOutcome", "DealOutcome", "MatchOutcome")


@dataclass(frozen=True, slots=True)
class LawResult(Generic[OutcomeT]):
    """A law under each rule set it was checked under, in order: a play law's
    (:class:`LawOutcome`), a deal law's (:class:`DealOutcome`, :data:`DealLawResult`) or
    a match law's (:class:`MatchOutcome`, :data:`MatchLawResult`)."""

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
    """A deal where a law fails: the contract, the rule set and the deal as played.

    A Coinche deal law's counterexample also has its Coinche rule set (``coinche``;
    ``rules`` is then the rule set its cards were played under,
    :attr:`~explainer.engine.CoincheRules.play_rules`) and the ``contract`` it was bid
    and scored as (:mod:`.coinche_deal`)."""

    trump: Trump
    rules: RuleSet
    deal: RandomDeal
    conclusion: DealConclusion | DealPremise
    coinche: CoincheRules | None = None
    contract: CoincheContract | None = None


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


@dataclass(frozen=True, slots=True)
class MatchCounterexample:
    """A match where a law fails, as short as it still fails: the rule set, the first
    dealer and the totals before its first deal, its deals, the word that is false."""

    rules: RuleSet
    dealer: Seat
    start: tuple[int, int]
    deals: tuple[MatchDeal, ...]
    conclusion: MatchConclusion | MatchPremise


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """A match law under one rule set: whether it holds, over how many matches, and where
    not. ``matches`` counts the matches played, ``matching`` those that satisfied the
    premises, ``deals`` their deals."""

    preset: str
    holds: bool
    matches: int
    matching: int
    deals: int
    counterexample: MatchCounterexample | None = None


MatchLawResult = LawResult["MatchOutcome"]
"""A match law under each rule set it was checked under."""
