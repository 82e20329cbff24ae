"""A match law: a rule statement about whole classic matches, as data.

A :class:`MatchLaw` names the contracts its matches' deals are played in, ``when``
premises (:class:`~.terms.MatchPremise`, each maybe negated) and ``then`` conclusions
(:class:`~.terms.MatchConclusion`, or a premise claimed of every match the law speaks
of). Building one refuses a law that cannot be checked (:class:`~.terms.LawError`,
located); :mod:`.match_check` checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .terms import (
    LawError,
    MatchConclusion,
    MatchPremise,
    TrumpKind,
    _law_or_raise,
    _parse_kinds,
    _parse_words,
    _require_contract_and_conclusion,
)

MATCH_SAMPLES: Final = 1_000
"""Random matches a match law is checked over, per rule set."""

MATCH_WORDS: Final = frozenset(c.value for c in MatchConclusion)
"""The conclusions that make a law a match law (no deal law has one)."""


@dataclass(frozen=True, slots=True)
class MatchLaw:
    """A rule statement about whole matches: ``when`` premises (each maybe negated), ``then``.

    >>> from explainer.engine import PRESETS, check_match_law
    >>> law = MatchLaw.parse(trump="suit", then=["winner_ahead"])
    >>> check_match_law(law, {"house": PRESETS["house"]}, samples=20)["house"].holds
    True
    """

    kinds: tuple[TrumpKind, ...]
    when: tuple[tuple[MatchPremise, bool], ...]
    then: tuple[MatchConclusion | MatchPremise, ...]
    game: str = "belote"

    def __post_init__(self) -> None:
        _require_contract_and_conclusion(self.kinds, self.then)

    @classmethod
    def parse(
        cls, *, trump: str | Sequence[str], when: Sequence[str] = (), then: Sequence[str]
    ) -> MatchLaw:
        """A match law from the words of a scenario."""
        return _law_or_raise(cls.parse_all(trump=trump, when=when, then=then))

    @classmethod
    def parse_all(
        cls, *, trump: str | Sequence[str], when: Sequence[str] = (), then: Sequence[str]
    ) -> tuple[MatchLaw | None, list[LawError]]:
        """Like :meth:`parse`, but every problem at once: the law, or ``None`` and them."""
        problems: list[LawError] = []
        kinds = _parse_kinds(trump, problems) if trump else []
        conditions, conclusions = _parse_words(when, then, MatchPremise, MatchConclusion, problems)
        if problems:
            return None, problems
        try:
            return cls(tuple(dict.fromkeys(kinds)), tuple(conditions), tuple(conclusions)), []
        except LawError as e:
            return None, [e]
