"""Laws: general rule statements, checked over every position and over random deals.

A page states rules in prose ("if you cannot follow and your partner is winning, you
may play any card"); a law is the same statement as data, and :func:`check_play_law`
tells under which rule sets it holds, with the smallest counterexample where it does
not. :func:`check_deal_law` does the same for statements about whole deals.

The package is cut by role; each module says what it holds and why:

- :mod:`.terms`: the words laws are written in and what each means (premises, card
  classes, conclusions, contract kinds), :class:`LawError`, what both checks share;
- :mod:`.play_law` and :mod:`.deal_law`: the two kinds of law, as data, refusing a law
  that cannot be checked;
- :mod:`.space`: every trick of a play position up to suit symmetry, the zones of a hand,
  the classes of positions no law tells apart, and :func:`position_premises`;
- :mod:`.sampling`: the seeded sample of full hands a play law is also checked over;
- :mod:`.play_check`: checking a play law (every class, then the sample) through the
  engine's batch ruling, and a counterexample as a scenario;
- :mod:`.deal_check`: checking a deal law over seeded streams of random legal deals,
  scored under every rule set;
- :mod:`.results`: the outcomes and counterexamples both checks return.

Arrows point one way: ``terms`` <- ``space`` <- ``sampling``, ``play_law`` <-
``play_check``; ``terms`` <- ``deal_law`` <- ``deal_check``; ``results`` is read by both
checks. ``__all__`` is the package's API, as :mod:`explainer.engine` re-exports it.
"""

from __future__ import annotations

from .deal_check import SCORING_KNOBS, check_deal_law, scoring_variants
from .deal_law import DEAL_SAMPLES, DealLaw
from .play_check import PLAY_SAMPLES, check_play_law, counterexample_yaml
from .play_law import PlayLaw
from .results import (
    Counterexample,
    DealCounterexample,
    DealLawResult,
    DealOutcome,
    LawOutcome,
    LawResult,
)
from .sampling import BLOCK, HAND  # noqa: F401  (not API: importable here as before the split)
from .space import position_premises
from .terms import (
    RULING_KNOBS,  # noqa: F401  (as BLOCK)
    SEED,  # noqa: F401  (as BLOCK)
    CardClass,
    Conclusion,
    Condition,
    DealConclusion,
    DealPremise,
    LawError,
    Premise,
    Quantifier,
    TrumpKind,
)

__all__ = [
    "DEAL_SAMPLES",
    "PLAY_SAMPLES",
    "SCORING_KNOBS",
    "CardClass",
    "Conclusion",
    "Condition",
    "Counterexample",
    "DealConclusion",
    "DealCounterexample",
    "DealLaw",
    "DealLawResult",
    "DealOutcome",
    "DealPremise",
    "LawError",
    "LawOutcome",
    "LawResult",
    "PlayLaw",
    "Premise",
    "Quantifier",
    "TrumpKind",
    "check_deal_law",
    "check_play_law",
    "counterexample_yaml",
    "position_premises",
    "scoring_variants",
]
