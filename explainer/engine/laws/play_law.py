"""A play law: a rule statement about play positions, as data.

A page states rules in prose ("if you cannot follow and your partner is winning, you
may play any card"); a :class:`PlayLaw` is the same statement in the words of
:mod:`.terms`: the contracts it speaks of, ``when`` premises and ``then`` conclusions.
Building one refuses a law that cannot be checked (:class:`~.terms.LawError`, every
problem located), including one whose premises no position of :mod:`.space` satisfies,
so that a law can never hold by being about nothing. :mod:`.play_check` checks it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..contract import Trump
from .space import _bits_of, _matches, _space, position_premises
from .terms import (
    _MEANINGLESS_CLASSES,
    _MEANINGLESS_PREMISES,
    Conclusion,
    Condition,
    LawError,
    TrumpKind,
    _kind_of,
    _law_or_raise,
    _masks,
    _parse_kinds,
)


@dataclass(frozen=True, slots=True)
class PlayLaw:
    """A rule statement about play positions: ``when`` premises, ``then`` conclusions.

    Building one checks that it can be checked (:class:`LawError` otherwise): each
    premise and class means something for each contract kind, and some position
    satisfies the premises.

    >>> law = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
    >>> str(law)
    'when void and partner_winning then may: any (trump: suit)'
    """

    kinds: tuple[TrumpKind, ...]
    when: tuple[Condition, ...]
    then: tuple[Conclusion, ...]
    game: str = "belote"

    def __post_init__(self) -> None:
        problems = _play_problems(self.kinds, self.when, self.then)
        if problems:
            raise problems[0]

    def __str__(self) -> str:
        when = " and ".join(map(str, self.when)) or "always"
        then = ", ".join(map(str, self.then))
        kinds = ", ".join(k.value for k in self.kinds)
        return f"when {when} then {then} (trump: {kinds})"

    @property
    def masks(self) -> tuple[int, int]:
        """``(need, forbid)``: the premise bits a position must have and must not have."""
        return _masks(self.when)

    def covers(self, trump: Trump, trick: Sequence[int], hand: int) -> bool:
        """Whether the position (``trick`` in play order, ``hand`` a mask) is one the law
        speaks of: its contract is of one of the law's kinds and it satisfies every premise.

        A page links an example to the law of the rule that decided it; of several laws
        stating one rule, only one that covers the example's position explains it.
        """
        if _kind_of(trump) not in self.kinds:
            return False
        return _matches(_bits_of(position_premises(trump, trick, hand)), *self.masks)

    @classmethod
    def parse(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Mapping[str, str] | Sequence[tuple[str, str]],
        game: str = "belote",
    ) -> PlayLaw:
        """A law from the words of a scenario (``trump`` one kind or a list of them)."""
        return _law_or_raise(cls.parse_all(trump=trump, when=when, then=then, game=game))

    @classmethod
    def parse_all(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Mapping[str, str] | Sequence[tuple[str, str]],
        game: str = "belote",
    ) -> tuple[PlayLaw | None, list[LawError]]:
        """Like :meth:`parse`, but every problem at once (each located by ``where``):
        the law, or ``None`` and the problems."""
        problems: list[LawError] = []
        kinds = _parse_kinds(trump, problems)
        conditions = []
        for i, text in enumerate(when):
            try:
                conditions.append(Condition.parse(text))
            except LawError as e:
                problems.append(LawError(str(e), where=("when", i)))
        pairs = list(then.items()) if isinstance(then, Mapping) else list(then)
        conclusions = []
        for quantifier, value in pairs:
            try:
                conclusions.append(Conclusion.parse(quantifier, value))
            except LawError as e:
                problems.append(LawError(str(e), where=("then", quantifier)))
        if problems:
            return None, problems
        parts = (tuple(dict.fromkeys(kinds)), tuple(conditions), tuple(conclusions))
        problems = _play_problems(*parts)
        return (None, problems) if problems else (cls(*parts, game), [])


def _play_problems(
    kinds: tuple[TrumpKind, ...], when: tuple[Condition, ...], then: tuple[Conclusion, ...]
) -> list[LawError]:
    """Every reason a play law cannot be checked, each located (``where``): no contract,
    no conclusion, a premise or class meaningless for a contract, and (only when none of
    those) premises that no position satisfies."""
    out = []
    if not kinds:
        out.append(LawError("a law needs a contract", where=("contract", "trump")))
    if not then:
        out.append(LawError("a law needs a conclusion", where=("then",)))
    for kind in kinds:
        for i, cond in enumerate(when):
            if cond.premise in _MEANINGLESS_PREMISES[kind]:
                message = f"premise {cond.premise.value} means nothing with trump: {kind.value}"
                out.append(LawError(message, where=("when", i)))
        for c in then:
            if c.card_class in _MEANINGLESS_CLASSES[kind]:
                message = f"class {c.card_class.value} means nothing with trump: {kind.value}"
                out.append(LawError(message, where=("then", c.quantifier.value)))
    if out:
        return out
    for kind in kinds:
        if not any(_space(kind).classes_matching(*_masks(when))):
            premises = " and ".join(map(str, when))
            suffix = "" if len(kinds) == 1 else f" with trump: {kind.value}"
            out.append(LawError(f"no position satisfies: {premises}{suffix}", where=("when",)))
    return out
