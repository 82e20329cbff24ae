"""Checking a match law: random classic matches, played from 0-0 to their end.

A :class:`~.match_law.MatchLaw` is checked over :data:`~.match_law.MATCH_SAMPLES` random
matches per rule set. Their deals are the deal laws' (:mod:`.deal_check`): the same seeded
streams of random legal deals, scored under the rule set, the law's contract kinds taken
in turn; a match takes the deals that follow the previous match's, from the start again
when the stream runs out (its deals then meet in other matches), and is played by the
engine's own match (:func:`~explainer.engine.coinche.match.play_match`) under the rule
set's ``target``, ``both_reach`` and ``rounding``. A match still going after
:data:`MATCH_DEALS` deals has not ended (``one_winner`` is false of it).

By default the rule sets are :func:`match_variants`: the presets of the game, and each
with one scoring knob (:data:`~.deal_check.SCORING_KNOBS`) or match knob
(:data:`MATCH_KNOBS`) at each of its other values. Where a law fails, the counterexample
is the shortest end of the failing match that still fails, from the totals before it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..coinche.errors import MatchError
from ..coinche.match import MatchDeal, MatchResult, MatchRules, match_rules, play_match
from ..rules import RuleSet
from ..seats import TEAMS, Seat
from .deal_check import SCORING_KNOBS, _fill, _Scored, _scored, _scored_key, scoring_variants
from .deal_law import DEAL_SAMPLES
from .match_law import MATCH_SAMPLES, MatchLaw
from .results import LawResult, MatchCounterexample, MatchLawResult, MatchOutcome
from .terms import MatchConclusion, MatchPremise, TrumpKind, rules_yaml

MATCH_KNOBS: Final = ("target", "both_reach", "rounding")
"""The knobs that change how a match is scored, not its deals."""

MATCH_DEALS: Final = 500
"""Deals after which a match that has not ended is cut short (and has no winner)."""


def match_variants(game: str = "belote") -> dict[str, RuleSet]:
    """Every preset of ``game`` and, for each, every other value of each scoring knob and
    match knob (labelled as :func:`~.deal_check.scoring_variants` labels them)."""
    return scoring_variants(game, (*SCORING_KNOBS, *MATCH_KNOBS))


@dataclass(frozen=True, slots=True)
class _Match:
    """A played match: its deals, the first dealer, the totals before its first deal,
    where it ended and the premises it satisfies."""

    deals: tuple[MatchDeal, ...]
    dealer: Seat
    start: tuple[int, int]
    result: MatchResult
    facts: frozenset[MatchPremise]


def _match_deal(s: _Scored) -> MatchDeal:
    """A scored deal as its match sees it: the score, and who made or failed the contract
    (a classic match reads no belote: it never decides an end)."""
    takers = TEAMS[s.deal.taker & 1]
    score = s.score
    made = takers if score.made else None
    failed = None if score.made or score.held else takers
    return MatchDeal(score.score, score.capot, (), failed, made=made, held=score.held)


_STREAMS: dict[tuple[object, ...], list[MatchDeal]] = {}


def _stream(kinds: Sequence[TrumpKind], rules: RuleSet) -> list[MatchDeal]:
    """The deals of the law's contract kinds, scored under ``rules``, in turn."""
    per_kind = -(-DEAL_SAMPLES // len(kinds))
    key = tuple(_scored_key(kind.trump, rules, per_kind) for kind in kinds)
    found = _STREAMS.get(key)
    if found is None:
        lists = [_scored(kind.trump, rules, per_kind) for kind in kinds]
        found = _STREAMS[key] = [_match_deal(s) for turn in zip(*lists, strict=True) for s in turn]
    return found


def _facts(
    deals: Sequence[MatchDeal], result: MatchResult, rules: MatchRules
) -> frozenset[MatchPremise]:
    reached = rules.target is not None and min(result.totals) >= rules.target
    litige = any(d.held for d in deals)
    return frozenset(
        p for p, true in ((MatchPremise.BOTH_REACH, reached), (MatchPremise.LITIGE, litige)) if true
    )


def _play(
    deals: Sequence[MatchDeal], dealer: Seat, start: tuple[int, int], rules: MatchRules
) -> _Match:
    result = play_match(deals, dealer=dealer, start=start, rules=rules)
    taken = tuple(deals[: len(result.history)])
    return _Match(taken, dealer, start, result, _facts(taken, result, rules))


def _matches(stream: Sequence[MatchDeal], rules: MatchRules, samples: int) -> list[_Match]:
    """``samples`` matches, each on the deals after the previous one's (the stream read
    round), the first dealer turning from match to match."""
    out = []
    at = 0
    for i in range(samples):
        window = stream[at : at + MATCH_DEALS]
        while len(window) < MATCH_DEALS:  # the stream read round
            window = [*window, *stream[: MATCH_DEALS - len(window)]]
        match = _play(window, Seat(i & 3), (0, 0), rules)
        out.append(match)
        at = (at + len(match.deals)) % len(stream)
    return out


_PLAYED: dict[tuple[object, ...], list[_Match]] = {}


def _played(
    key: tuple[object, ...],
    kinds: Sequence[TrumpKind],
    rules: RuleSet,
    m: MatchRules,
    samples: int,
) -> list[_Match]:
    """The matches of :func:`_matches`, kept by what they depend on (``key``: the scored
    deals and the match rules; and ``samples``): match laws of the same kinds of contract
    read the same matches under rule sets that score and add alike."""
    found = _PLAYED.get((key, samples))
    if found is None:
        found = _PLAYED[key, samples] = _matches(_stream(kinds, rules), m, samples)
    return found


def _holds(conclusion: MatchConclusion | MatchPremise, match: _Match) -> bool:
    """Whether one conclusion is true of a played match."""
    if isinstance(conclusion, MatchPremise):
        return conclusion in match.facts
    r = match.result
    if conclusion is MatchConclusion.ONE_WINNER:
        return r.winner is not None
    if conclusion is MatchConclusion.WINNER_AHEAD:
        return r.winner is None or r.totals[r.winner] > r.totals[r.winner.other]
    scored = sum(sum(d.score) + d.held for d in match.deals)
    return sum(r.totals) + r.held == sum(match.start) + scored


def _applies(law: MatchLaw, match: _Match) -> bool:
    return all((p in match.facts) != negated for p, negated in law.when)


def check_match_law(
    law: MatchLaw,
    rule_sets: Mapping[str, RuleSet] | None = None,
    *,
    samples: int = MATCH_SAMPLES,
) -> MatchLawResult:
    """Check ``law`` under each rule set (default: :func:`match_variants`) over ``samples``
    random matches each (seeded, so repeatable): a match's deals are played under the rule
    set's play knobs, scored under the rule set, and added up as its match knobs say."""
    presets = match_variants(law.game) if rule_sets is None else dict(rule_sets)
    per_kind = -(-DEAL_SAMPLES // len(law.kinds))
    for kind in law.kinds:
        _fill(kind.trump, presets.values(), per_kind)
    outcomes = []
    done: dict[tuple[object, ...], MatchOutcome] = {}
    for name, rules in presets.items():
        m = match_rules(rules)
        key = (
            tuple(_scored_key(kind.trump, rules, per_kind) for kind in law.kinds),
            dataclasses.replace(m, name=""),
        )
        if key not in done:  # the same deals, scored and added alike: the same outcome
            done[key] = _outcome(law, rules, _played(key, law.kinds, rules, m, samples))
        o = done[key]
        failure = o.counterexample
        if failure is not None:
            failure = dataclasses.replace(failure, rules=rules)
        outcomes.append(MatchOutcome(name, o.holds, o.matches, o.matching, o.deals, failure))
    return LawResult(tuple(outcomes))


def _outcome(law: MatchLaw, rules: RuleSet, matches: list[_Match]) -> MatchOutcome:
    matching = 0
    failure: MatchCounterexample | None = None
    for match in matches:
        if not _applies(law, match):
            continue
        matching += 1
        for c in law.then:
            if failure is None and not _holds(c, match):
                failure = _shortest(law, c, match, rules)
    deals = sum(len(m.deals) for m in matches)
    return MatchOutcome(rules.name, failure is None, len(matches), matching, deals, failure)


def _shortest(
    law: MatchLaw, conclusion: MatchConclusion | MatchPremise, match: _Match, rules: RuleSet
) -> MatchCounterexample:
    """The shortest end of ``match`` that, played from the totals before it, still meets
    the law's premises, ends as the match did (or is the whole match) and fails
    ``conclusion``: no points are held over into it."""
    m = match_rules(rules)
    deals = match.deals
    for k in range(len(deals) - 1, 0, -1):
        before = play_match(deals[:k], dealer=match.dealer, rules=m)
        if before.held:
            continue
        try:
            end = _play(deals[k:], before.next_dealer, before.totals, m)
        except MatchError:  # the totals before it are over the target already
            continue
        if end.result.ended_at is not None and _applies(law, end) and not _holds(conclusion, end):
            return MatchCounterexample(
                rules, before.next_dealer, before.totals, end.deals, conclusion
            )
    return MatchCounterexample(rules, match.dealer, (0, 0), deals, conclusion)


def match_counterexample_yaml(example: MatchCounterexample) -> str:
    """The counterexample as a ``kind: match`` scenario that ``explainer check`` passes.

    >>> from explainer.engine import PRESETS
    >>> law = MatchLaw.parse(trump="suit", then=["one_winner"])
    >>> cx = check_match_law(law, {"pagat_belote": PRESETS["pagat_belote"]})["pagat_belote"]
    >>> print(match_counterexample_yaml(cx.counterexample), end="")  # doctest: +ELLIPSIS
    kind: match
    game: belote
    rules: pagat_belote
    dealer: ...
    start: {NS: ..., EW: ...}
    deals: [{score: {NS: ..., EW: ...}, ...}]
    expect: {totals: {NS: ..., EW: ...}, winner: none, drawn: true}
    """
    result = play_match(example.deals, dealer=example.dealer, start=example.start,
                        rules=example.rules)  # fmt: skip
    expect = f"totals: {_teams(result.totals)}, winner: " + (
        "none" if result.winner is None else result.winner.name
    )
    if result.drawn:
        expect += ", drawn: true"
    if result.held:
        expect += f", held: {result.held}"
    lines = [
        "kind: match",
        "game: belote",
        f"rules: {rules_yaml(example.rules)}",
        f"dealer: {example.dealer.name}",
        f"start: {_teams(example.start)}",
        "deals: [" + ", ".join(_deal_yaml(d) for d in example.deals) + "]",
        f"expect: {{{expect}}}",
    ]
    return "\n".join(lines) + "\n"


def _teams(points: tuple[int, int]) -> str:
    return f"{{NS: {points[0]}, EW: {points[1]}}}"


def _deal_yaml(deal: MatchDeal) -> str:
    words = [f"score: {_teams(deal.score)}"]
    for key, team in (("capot", deal.capot), ("made", deal.made), ("failed", deal.failed)):
        if team is not None:
            words.append(f"{key}: {team.name}")
    if deal.held:
        words.append(f"held: {deal.held}")
    return "{" + ", ".join(words) + "}"
