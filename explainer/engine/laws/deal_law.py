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
    _parse_words,
    _require_contract_and_conclusion,
)

_MEANINGLESS: Final = {
    DealPremise.BELOTE: (TrumpKind.NONE, TrumpKind.ALL),
    DealPremise.TAKERS_BELOTE: (TrumpKind.NONE, TrumpKind.ALL),
    DealPremise.KING_QUEEN: (TrumpKind.NONE,),
}
"""The contracts a premise means nothing with: a belote premise outside a trump suit (at
all-trump whether there is a belote is what the rule sets differ on: ``king_queen``
says what the hands hold instead); a king and queen of trump with no trump."""

_COINCHE_ONLY: Final = frozenset(
    {
        DealPremise.COINCHED,
        DealPremise.DECLARATIONS_EQUAL,
        DealConclusion.WINNER_TAKES_ALL,
        DealConclusion.DEFENCE_CAPOT_160,
    }
)
"""The words only a Coinche deal speaks of: classic deals are never coinched here, and
the Coinche scores alone carry a defence's capot and a winner of a coinched deal."""
_CLASSIC_ONLY: Final = frozenset(
    {
        DealConclusion.POINTS_162_OR_CAPOT,
        DealConclusion.MADE_SCORES_OWN,
        DealConclusion.FAILED_TAKERS_ZERO,
        DealConclusion.FAILED_DEFENDERS_ALL,
    }
)
"""The conclusions that read the classic score (points that add up to 162, a failed
contract's 162 to the defence): a Coinche deal scores its bid besides."""
GAMES: Final = ("belote", "coinche")
"""The games a deal law speaks of."""

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
        _require_contract_and_conclusion(self.kinds, self.then)
        for i, (premise, _) in enumerate(self.when):
            for kind in self.kinds:
                if kind in _MEANINGLESS.get(premise, ()):
                    raise LawError(
                        f"premise {premise.value} means nothing with trump: {kind.value}",
                        where=("when", i),
                    )
        self._check_game()
        premises = {p for p, negated in self.when if not negated}
        if {DealPremise.MADE, DealPremise.FAILED} <= premises:
            raise LawError("no deal satisfies: made and failed", where=("when",))

    def _check_game(self) -> None:
        """Refuse a word the law's game does not speak of (:data:`_COINCHE_ONLY`,
        :data:`_CLASSIC_ONLY`), located at the word."""
        if self.game not in GAMES:
            raise LawError(f"unknown game: {self.game!r} (expected belote or coinche)")
        other = _CLASSIC_ONLY if self.game == "coinche" else _COINCHE_ONLY
        theirs = "belote" if self.game == "coinche" else "coinche"
        words: list[tuple[str, int, DealPremise | DealConclusion]]
        words = [("when", i, p) for i, (p, _) in enumerate(self.when)]
        words += [("then", i, c) for i, c in enumerate(self.then)]
        for key, i, word in words:
            if word in other:
                raise LawError(
                    f"{word.value} is a word of {theirs} deal laws (contract.game: {theirs})",
                    where=(key, i),
                )

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
        other = _CLASSIC_ONLY if game == "coinche" else _COINCHE_ONLY
        conditions, conclusions = _parse_words(
            when, then, DealPremise, DealConclusion, problems, other
        )
        if problems:
            return None, problems
        try:
            return cls(tuple(dict.fromkeys(kinds)), tuple(conditions), tuple(conclusions), game), []
        except LawError as e:
            return None, [e]
