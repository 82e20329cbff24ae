"""A deal law: a rule statement about whole deals, as data.

A :class:`DealLaw` names its contracts, ``when`` premises (:class:`~.terms.DealPremise`,
each maybe negated) and ``then`` conclusions (:class:`~.terms.DealConclusion`, or a
premise claimed of every deal the law speaks of). Building one refuses a law that
cannot be checked (:class:`~.terms.LawError`, located); :mod:`.deal_check` checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .terms import (
    DealConclusion,
    DealPremise,
    LawError,
    TrumpKind,
    _law_or_raise,
    _parse_kinds,
    _unknown,
)

DEAL_SAMPLES: Final = 10_000
"""Random legal deals a deal law is checked over, per rule set (split among its contracts)."""


@dataclass(frozen=True, slots=True)
class DealLaw:
    """A rule statement about whole deals: ``when`` premises (each maybe negated), ``then``.

    >>> from explainer.engine import check_deal_law
    >>> law = DealLaw.parse(trump=["suit", "none", "all"], then=["card_points_152"])
    >>> check_deal_law(law, samples=300)["house"].holds
    True
    """

    kinds: tuple[TrumpKind, ...]
    when: tuple[tuple[DealPremise, bool], ...]
    then: tuple[DealConclusion | DealPremise, ...]
    game: str = "belote"

    def __post_init__(self) -> None:
        if not self.kinds:
            raise LawError("a law needs a contract", where=("contract", "trump"))
        if not self.then:
            raise LawError("a law needs a conclusion", where=("then",))
        for i, (premise, _) in enumerate(self.when):
            if premise in (DealPremise.BELOTE, DealPremise.TAKERS_BELOTE):
                for kind in self.kinds:
                    if kind is not TrumpKind.SUIT:
                        raise LawError(
                            f"premise {premise.value} means nothing with trump: {kind.value}",
                            where=("when", i),
                        )
        premises = {p for p, negated in self.when if not negated}
        if {DealPremise.MADE, DealPremise.FAILED} <= premises:
            raise LawError("no deal satisfies: made and failed", where=("when",))

    @classmethod
    def parse(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Sequence[str],
        game: str = "belote",
    ) -> DealLaw:
        """A deal law from the words of a scenario."""
        return _law_or_raise(cls.parse_all(trump=trump, when=when, then=then, game=game))

    @classmethod
    def parse_all(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Sequence[str],
        game: str = "belote",
    ) -> tuple[DealLaw | None, list[LawError]]:
        """Like :meth:`parse`, but every problem at once: the law, or ``None`` and them."""
        problems: list[LawError] = []
        kinds = _parse_kinds(trump, problems) if trump else []
        names = [p.value for p in DealPremise]
        conditions = []
        for i, text in enumerate(when):
            words = str(text).split()
            negated = len(words) == 2 and words[0] == "not"
            name = words[-1] if len(words) in (1, 2) else str(text)
            if name not in names or (len(words) == 2 and not negated):
                problems.append(LawError(_unknown("premise", str(text), names), where=("when", i)))
            else:
                conditions.append((DealPremise(name), negated))
        conclusions: list[DealConclusion | DealPremise] = []
        names = [c.value for c in DealConclusion] + names
        for i, text in enumerate(then):
            if text not in names:
                problems.append(LawError(_unknown("conclusion", text, names), where=("then", i)))
            elif text in DealConclusion._value2member_map_:
                conclusions.append(DealConclusion(text))
            else:
                conclusions.append(DealPremise(text))
        if problems:
            return None, problems
        try:
            return cls(tuple(dict.fromkeys(kinds)), tuple(conditions), tuple(conclusions), game), []
        except LawError as e:
            return None, [e]
