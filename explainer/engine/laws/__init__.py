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
- :mod:`.coinche_deal`: a random deal bid, maybe coinched, and scored as a Coinche deal,
  and what a Coinche deal law's conclusions say of it;
- :mod:`.deal_check`: checking a deal law over seeded streams of random legal deals,
  scored under every rule set (classic or Coinche);
- :mod:`.match_law` and :mod:`.match_check`: laws about whole classic matches, as data,
  and their check over random matches made of the deal laws' deals;
- :mod:`.results`: the outcomes and counterexamples both checks return.

Arrows point one way: ``terms`` <- ``space`` <- ``sampling``, ``play_law`` <-
``play_check``; ``terms`` <- ``deal_law`` <- ``deal_check`` <- ``match_check``, ``coinche_deal`` <- ``deal_check``, ``match_law`` <-
``match_check``; ``results`` is read by every check. ``__all__`` is the package's API, as :mod:`explainer.engine` re-exports it.
"""

from __future__ import annotations

from .coinche_deal import announce_all, coinche_contract
from .deal_check import (
    COINCHE_SCORING_KNOBS,
    SCORING_KNOBS,
    check_deal_law,
    coinche_scoring_variants,
    play_ahead,
    scoring_variants,
)
from .deal_law import DEAL_SAMPLES, DealLaw
from .match_check import (
    MATCH_DEALS,
    MATCH_KNOBS,
    check_match_law,
    match_counterexample_yaml,
    match_variants,
)
from .match_law import MATCH_SAMPLES, MATCH_WORDS, MatchLaw
from .play_check import PLAY_SAMPLES, check_play_law, counterexample_yaml
from .play_law import PlayLaw
from .results import (
    Counterexample,
    DealCounterexample,
    DealLawResult,
    DealOutcome,
    LawOutcome,
    LawResult,
    MatchCounterexample,
    MatchLawResult,
    MatchOutcome,
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
    MatchConclusion,
    MatchPremise,
    Premise,
    Quantifier,
    TrumpKind,
)

__all__ = [
    "COINCHE_SCORING_KNOBS",
    "DEAL_SAMPLES",
    "MATCH_DEALS",
    "MATCH_KNOBS",
    "MATCH_SAMPLES",
    "MATCH_WORDS",
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
    "MatchConclusion",
    "MatchCounterexample",
    "MatchLaw",
    "MatchLawResult",
    "MatchOutcome",
    "MatchPremise",
    "PlayLaw",
    "Premise",
    "Quantifier",
    "TrumpKind",
    "announce_all",
    "check_deal_law",
    "check_match_law",
    "check_play_law",
    "coinche_contract",
    "coinche_scoring_variants",
    "counterexample_yaml",
    "match_counterexample_yaml",
    "match_variants",
    "play_ahead",
    "position_premises",
    "scoring_variants",
]
