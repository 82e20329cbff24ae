"""Checking a deal law: random legal deals, played once and scored under every rule set.

A :class:`~.deal_law.DealLaw` is checked over :data:`~.deal_law.DEAL_SAMPLES` random
legal deals per rule set, split evenly among its contract kinds
(:func:`~.simulate.random_scored_deal`, fixed seed; the taker and the first leader turn
from deal to deal). By default the rule sets are :func:`scoring_variants`: every preset
of the game, and each with one scoring knob (:data:`SCORING_KNOBS`) set to each of its
other values. A deal is played under the rule set's play knobs and scored under the
rule set, so rule sets that differ only in scoring share their deals; the streams of
rule sets that play differently are played together
(:func:`~.simulate.random_scored_deals`), each deal again only under a rule set that
rules one of its plays otherwise (about three deals in a hundred between ``undertrump:
required`` and ``optional``), with the same deals as apart.

A Coinche deal law (``game: coinche``) is checked the same way under Coinche rule sets
(:class:`~explainer.engine.CoincheRules`; by default :func:`coinche_scoring_variants`):
the same streams, played under each rule set's play knobs, each deal bid, maybe
coinched, and scored as a Coinche deal (:mod:`.coinche_deal`).

The streams (:data:`_DEAL_POOLS`) and the deals scored under each rule set
(:data:`_SCORED`) are kept for the whole process, shared by every deal law.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Final

from ..coinche.declarations import Declaration, compare_held
from ..coinche.rules import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    FFB_COINCHE,
    STEP_KNOBS,
    CoincheRules,
)
from ..coinche.scoring import classic_comparison
from ..contract import Trump, point_table
from ..deal import (
    BELOTE,
    LAST_TRICK,
    DealScore,
    belote_seats,
    capot_value,
    deal_total,
    score_deal,
)
from ..rules import KNOBS, PRESETS, RuleSet, presets_for
from ..seats import SEATS, Seat
from ..simulate import RandomDeal, recount, score_random_deal, scored_deal_stream
from .coinche_deal import (
    COINCHE_CONCLUSIONS,
    CoincheFacts,
    coinche_score,
    declarations_equal,
    hand_declarations,
)
from .coinche_deal import play_rules as coinche_play_rules
from .deal_law import DEAL_SAMPLES, DealLaw
from .results import DealCounterexample, DealLawResult, DealOutcome, LawResult
from .terms import (
    SEED,
    DealConclusion,
    DealPremise,
    LawError,
    TrumpKind,
    _behaviour,
    _kind_of,
)

SCORING_KNOBS: Final = (
    "tie",
    "belote",
    "capot_points",
    "all_trump_points",
    "all_trump_belote",
    "belote_bonus",
    "defenders_capot",
)
"""The knobs that change how a played deal is scored, not how it is played."""


def scoring_variants(
    game: str = "belote", knobs: Sequence[str] = SCORING_KNOBS
) -> dict[str, RuleSet]:
    """Every preset of ``game`` and, for each, every other value of each scoring knob
    (or of each of ``knobs``).

    Labelled ``house`` or ``house, belote: imprenable``; a deal law is checked under
    each, so that it is known to hold under every scoring knob value.
    """
    out = {}
    for name in presets_for(game):
        base = PRESETS[name]
        out[name] = base
        for knob in knobs:
            if knob not in KNOBS or game not in KNOBS[knob].games:
                continue
            for value in KNOBS[knob].values:
                if value != getattr(base, knob):
                    out[f"{name}, {knob}: {value}"] = base.with_knobs(**{knob: value})
    return out


COINCHE_SCORING_KNOBS: Final = (
    "must_beat_defence",
    "tie",
    "belote",
    "coinche_scoring",
    "belote_multiplied",
    "capot_points",
    "capot_bid_scoring",
    "defence_capot",
    "declarations",
    "failure_base",
)
"""The Coinche knobs a deal law is checked under each value of by default
(:func:`coinche_scoring_variants`): those the Coinche presets split on, or that decide a
failed contract's, a coinche's or a capot's score."""


def coinche_scoring_variants(
    knobs: Sequence[str] = COINCHE_SCORING_KNOBS,
) -> dict[str, CoincheRules]:
    """Every Coinche preset and, for each, every other value of each of ``knobs``, labelled
    as :func:`scoring_variants` labels them (``ffb_coinche, defence_capot: own_points``)."""
    out = {}
    for name, base in COINCHE_PRESETS.items():
        out[name] = base
        for knob in knobs:
            for value in COINCHE_KNOBS[knob].values:
                if value != base.knobs[knob]:
                    out[f"{name}, {knob}: {value}"] = base.with_knobs(**{knob: value})
    return out


AnyRules = RuleSet | CoincheRules
"""A rule set a deal law is checked under: a classic one, or a Coinche one."""


def _plays(rules: AnyRules) -> RuleSet:
    """The classic rule set a deal is played under: a Coinche rule set's play knobs."""
    return coinche_play_rules(rules) if isinstance(rules, CoincheRules) else rules


@dataclass(frozen=True, slots=True)
class _Scored:
    """A played deal scored under one rule set (``coinche``: as a Coinche deal)."""

    deal: RandomDeal
    card_points: tuple[int, int]
    belotes: tuple[Seat, ...]
    score: DealScore
    facts: frozenset[DealPremise] = frozenset()
    """The premises the deal satisfies (:func:`_facts`), found once."""
    coinche: CoincheFacts | None = None


def _scored_deal(
    deal: RandomDeal, card_points: tuple[int, int], belotes: tuple[Seat, ...], score: DealScore
) -> _Scored:
    takers = deal.taker & 1
    pairs, declarations = _held(deal)
    facts = _facts(
        score.made,
        bool(score.held),
        score.capot is not None,
        bool(belotes),
        any(seat & 1 == takers for seat in belotes),
        tie=score.points[takers] == score.points[takers ^ 1],
        king_queen=bool(pairs),
        declaration=any(declarations),
    )
    return _Scored(deal, card_points, belotes, score, facts)


_EVERY_PAIR: Final = PRESETS["house"].with_knobs(all_trump_belote="each_suit")
"""A rule set whose belotes are every king and queen of a trump suit one hand holds."""

_Held = tuple[tuple[Seat, ...], tuple[tuple[Declaration, ...], ...]]
_HELD: dict[tuple[Trump, tuple[int, int, int, int]], _Held] = {}
"""What the hands of a deal hold, whatever the rule set (:func:`_held`), by trump and hands:
the streams of rule sets that play otherwise deal the same hands."""


def _held(deal: RandomDeal) -> _Held:
    """The seat of each king and queen of a trump suit held in one hand as dealt, and
    each seat's declarations as dealt: found once per deal, read under every rule set."""
    key = (deal.trump, deal.hands)
    found = _HELD.get(key)
    if found is None:
        trump = deal.trump
        found = _HELD[key] = (
            belote_seats(trump, deal.hands, _EVERY_PAIR),
            tuple(hand_declarations(h, trump, FFB_COINCHE) for h in deal.hands),
        )
    return found


def _pairs(deal: RandomDeal) -> tuple[Seat, ...]:
    """The seat of each king and queen of a trump suit held in one hand as dealt (the
    trump suit; at all-trump each suit; none at no-trump), whatever the rule set."""
    return _held(deal)[0]


def _declaration_held(deal: RandomDeal) -> bool:
    """Whether a hand as dealt holds a declaration."""
    return any(_held(deal)[1])


def _declarations_scored(s: _Scored, rules: RuleSet) -> bool:
    """Whether, every declaration held being announced, a team scores declarations under
    ``rules``: never where the rule set plays none (``classic_declarations: off``: the
    classic deal is scored without them); else as the declarations are compared
    (:func:`~explainer.engine.coinche.declare_classic`'s comparison)."""
    if rules.classic_declarations == "off":
        return False
    deal = s.deal
    comparison = classic_comparison(rules)
    entry = _COMPARED.get((id(deal), id(comparison)))
    if entry is None or entry[0] is not deal or entry[1] is not comparison:
        compared = compare_held(
            _held(deal)[1], trump=deal.trump, dealer=deal.leader.previous, rules=comparison
        )
        entry = _COMPARED[id(deal), id(comparison)] = (deal, comparison, any(compared.points))
    return entry[2]


_COMPARED: dict[tuple[int, int], tuple[RandomDeal, CoincheRules, bool]] = {}
"""Whether a team scores declarations, by the identities of the deal and of the rules
they are compared by (kept with them, so the identities stay their own): rule sets
that compare alike (``house`` and ``ffb_belote``) share it. The declarations are the
hands' own (:func:`_held`), so they are compared without reading or checking them
(:func:`~explainer.engine.coinche.declarations.compare_held`)."""


def _rescore(deal: RandomDeal, rules: RuleSet) -> _Scored:
    """Score a deal played under another rule set with the same play knobs under ``rules``."""
    trump = deal.trump
    card_points = deal.card_points
    if trump == Trump.ALL and rules.all_trump_points != deal.rules.all_trump_points:
        card_points = recount(deal.cards, deal.winners, point_table(trump, rules.all_trump_points))
    belotes = belote_seats(trump, deal.hands, rules)
    score = score_deal(card_points, deal.winners, belotes, deal.taker, rules, trump=trump)
    return _scored_deal(deal, card_points, belotes, score)


def _coinche_scored(deal: RandomDeal, index: int, rules: CoincheRules) -> _Scored:
    """The ``index``-th deal of its stream bid and scored as a Coinche deal under ``rules``
    (:func:`~.coinche_deal.coinche_score`), with the premises it satisfies."""
    f = coinche_score(deal, index, rules)
    s = f.score
    t = deal.taker & 1
    facts = _facts(
        s.made,
        any(s.held),
        f.capot is not None,
        any(s.belote),
        bool(s.belote[t]),
        tie=s.total[t] == s.total[t ^ 1],
        king_queen=f.pairs > 0,
        declaration=_declaration_held(deal),
    )
    if s.redeal:  # played again: neither made, failed nor held over
        facts -= {DealPremise.FAILED}
    if f.contract.level:
        facts |= {DealPremise.COINCHED}
    if DealPremise.DECLARATION in facts and declarations_equal(deal):
        facts |= {DealPremise.DECLARATIONS_EQUAL}
    score = DealScore(s.points, f.capot, s.made, f.final, s.held[t])
    return _Scored(deal, f.card_points, f.belotes, score, facts, f)


@cache
def _facts(
    made: bool,
    litige: bool,
    capot: bool,
    belote: bool,
    takers_belote: bool,
    *,
    tie: bool = False,
    king_queen: bool = False,
    declaration: bool = False,
) -> frozenset[DealPremise]:
    """The premises a scored deal satisfies (:class:`DealPremise`), from what decides them."""
    return frozenset(
        premise
        for premise, true in (
            (DealPremise.MADE, made),
            (DealPremise.FAILED, not made and not litige),
            (DealPremise.LITIGE, litige),
            (DealPremise.CAPOT, capot),
            (DealPremise.BELOTE, belote),
            (DealPremise.TAKERS_BELOTE, takers_belote),
            (DealPremise.TIE, tie),
            (DealPremise.KING_QUEEN, king_queen),
            (DealPremise.DECLARATION, declaration),
        )
        if true
    )


def _deal_holds(conclusion: DealConclusion | DealPremise, s: _Scored, rules: AnyRules) -> bool:
    """Whether one conclusion is true of a deal scored under ``rules`` (the conclusions
    that need no belote bonus are decided first: this runs for every deal)."""
    if isinstance(conclusion, DealPremise):
        return conclusion in s.facts
    score = s.score
    if conclusion is DealConclusion.CARD_POINTS_152:
        return sum(s.card_points) == 152
    if s.coinche is not None:
        assert isinstance(rules, CoincheRules)
        return COINCHE_CONCLUSIONS[conclusion](s.coinche, rules)
    assert isinstance(rules, RuleSet)
    if conclusion is DealConclusion.MADE_SCORES_OWN:
        return not score.made or score.score == score.points
    if conclusion in _WHATEVER_THE_RULES:
        return _WHATEVER_THE_RULES[conclusion](s, rules)
    failed = not score.made and not score.held
    if not failed and conclusion is not DealConclusion.POINTS_162_OR_CAPOT:
        return True  # the failed conclusions say nothing of this deal
    takers = s.deal.taker & 1
    bonus = _raw_bonus(s)
    if rules.belote == "attack_only":
        bonus[takers ^ 1] = 0  # the defenders' belote never counts
    if conclusion is DealConclusion.POINTS_162_OR_CAPOT:
        return sum(score.points) - sum(bonus) == _whole(s, rules)
    if conclusion is DealConclusion.FAILED_TAKERS_ZERO:
        return score.score[takers] == (0 if rules.belote == "prenable" else bonus[takers])
    given = sum(bonus) if rules.belote == "prenable" else bonus[takers ^ 1]
    every = deal_total(rules, s.deal.trump, capot=score.capot is not None, defenders=True)
    return score.score[takers ^ 1] == every + given


def _test(conclusion: DealConclusion | DealPremise, rules: AnyRules) -> Callable[[_Scored], bool]:
    """:func:`_deal_holds` of ``conclusion`` under ``rules``, as a test of one deal: which
    test applies (a premise, a Coinche conclusion, a reading of a rule) is decided once
    per law and rule set here, not once for each of its thousands of deals."""
    if isinstance(conclusion, DealPremise):
        return lambda s: conclusion in s.facts
    if conclusion is DealConclusion.CARD_POINTS_152:
        return lambda s: sum(s.card_points) == 152
    if isinstance(rules, CoincheRules) and conclusion in COINCHE_CONCLUSIONS:
        coinche = COINCHE_CONCLUSIONS[conclusion]
        return lambda s: coinche(s.coinche, rules)  # type: ignore[arg-type]
    if isinstance(rules, RuleSet) and conclusion in _WHATEVER_THE_RULES:
        classic = _WHATEVER_THE_RULES[conclusion]
        return lambda s: classic(s, rules)
    return lambda s: _deal_holds(conclusion, s, rules)


def _whole(s: _Scored, rules: RuleSet) -> int:
    """What the teams' points add up to, belotes aside: 162 (the laws' words; 258 at
    all-trump counted at the trump values breaks them), or what the capot team counts
    (:func:`~explainer.engine.capot_value`)."""
    capot = s.score.capot
    if capot is None:
        return 152 + LAST_TRICK
    return capot_value(rules, s.deal.trump, defenders=capot != s.deal.taker & 1)


def _raw_bonus(s: _Scored) -> list[int]:
    """Each team's belotes as held, 20 each, whether or not the rule set counts them."""
    bonus = [0, 0]
    for seat in s.belotes:
        bonus[seat & 1] += BELOTE
    return bonus


def _takers_keep_belote(s: _Scored, rules: RuleSet) -> bool:
    """The takers score exactly 20 for each belote of theirs, and nothing else."""
    takers = s.deal.taker & 1
    return s.score.score[takers] == _raw_bonus(s)[takers]


def _capot_252(s: _Scored, rules: RuleSet) -> bool:
    """A team that wins every trick counts 252, its belotes aside."""
    capot = s.score.capot
    if capot is None:
        return True
    counted = _raw_bonus(s)[capot]
    if rules.belote == "attack_only" and capot != s.deal.taker & 1:
        counted = 0
    return s.score.points[capot] - counted == 252


def _belote_each_pair(s: _Scored, rules: RuleSet) -> bool:
    """The two teams' points add up to the deal's whole plus 20 for each king and queen of
    a trump suit held in one hand: every such pair scores its belote."""
    return sum(s.score.points) == _whole(s, rules) + BELOTE * len(_pairs(s.deal))


_WHATEVER_THE_RULES: Final = {
    DealConclusion.TAKERS_KEEP_BELOTE: _takers_keep_belote,
    DealConclusion.CAPOT_252: _capot_252,
    DealConclusion.BELOTE_EACH_PAIR: _belote_each_pair,
    DealConclusion.DECLARATIONS_SCORED: _declarations_scored,
}
"""The conclusions that state one reading of a rule the rule sets differ on: each is
true of a deal under the rule sets that read the rule that way, false under the others."""


_DEAL_POOLS: dict[tuple[Trump, tuple[str, ...]], tuple[random.Random, list[RandomDeal]]] = {}


def _pool(trump: Trump, rules: RuleSet) -> tuple[random.Random, list[RandomDeal]]:
    """The stream of deals played as ``rules`` play (:data:`RULING_KNOBS`; the other
    knobs only score), so rule sets that play alike (``house`` and ``pagat_belote``), and
    laws that ask for fewer or more deals, share one simulation."""
    key = (trump, _behaviour(_kind_of(trump), rules))
    return _DEAL_POOLS.setdefault(key, (random.Random(SEED + trump), []))


def _deals(trump: Trump, rules: RuleSet, count: int) -> list[RandomDeal]:
    """The first ``count`` of a seeded stream of random legal deals under ``rules``.

    The taker and the leader turn from deal to deal.
    """
    _fill(trump, [rules], count)
    return _pool(trump, rules)[1][:count]


def _fill(trump: Trump, rule_sets: Iterable[AnyRules], count: int) -> None:
    """Extend the streams of ``rule_sets`` to ``count`` deals, playing the streams that
    stand at the same deal together (:func:`~.simulate.random_scored_deals`: a deal is
    played again only under the rule sets that rule one of its plays otherwise).

    Each stream keeps its own generator, seeded alike, so a stream's deals are the same
    whichever streams were played with it. A stream only Coinche rule sets asked for is
    not scored as classic deals (:func:`~.simulate.scored_deal_stream`'s ``scored``):
    a Coinche law scores its deals itself."""
    groups: dict[int, dict[tuple[str, ...], tuple[RuleSet, bool]]] = {}
    for asked in rule_sets:
        rules = _plays(asked)
        _, pool = _pool(trump, rules)
        if len(pool) < count:
            group = groups.setdefault(len(pool), {})
            behaviour = _behaviour(_kind_of(trump), rules)
            first, scored = group.get(behaviour, (rules, False))
            group[behaviour] = (first, scored or not isinstance(asked, CoincheRules))
    for start, group in groups.items():
        _extend(trump, list(group.values()), start, count)


def _extend(trump: Trump, members: list[tuple[RuleSet, bool]], start: int, count: int) -> None:
    """Play the streams of ``members`` (each rule set, and whether its deals are scored),
    all at deal ``start``, together up to ``count`` deals."""
    pools = [_pool(trump, rules) for rules, _ in members]
    rng = pools[0][0]
    turns = ((SEATS[i & 3], SEATS[i >> 2 & 3]) for i in range(start, count))
    rule_sets = [rules for rules, _ in members]
    scored = [score for _, score in members]
    for deals in scored_deal_stream(rng, trump, rule_sets, turns, scored=scored):
        for (_, pool), deal in zip(pools, deals, strict=True):
            pool.append(deal)
    for other, _ in pools[1:]:
        other.setstate(rng.getstate())


def play_ahead(
    laws: Iterable[tuple[Sequence[TrumpKind], Iterable[AnyRules]]], *, samples: int = DEAL_SAMPLES
) -> None:
    """Play now every stream of deals the deal and match laws of ``laws`` (each law's
    contract kinds and the rule sets it is checked under) will read, as far as each will
    read it: the laws then find their deals played.

    Why ahead: the streams of one kind of contract deal the same hands and draw the same
    numbers (one seed per trump), so played together (:func:`_fill`) a deal is dealt and
    played once, and again only under a rule set that rules one of its plays otherwise;
    played law by law, as the laws come, the stream of a law's rule sets that no law
    before it asked for would deal and play every deal afresh. A stream's deals are the
    same either way. ``samples``: the deals each law reads, as :func:`check_deal_law`'s."""
    wanted: dict[Trump, tuple[int, list[AnyRules]]] = {}
    for kinds, rule_sets in laws:
        per_kind = -(-samples // len(kinds))
        for kind in kinds:
            count, sets = wanted.get(kind.trump, (0, []))
            wanted[kind.trump] = (max(count, per_kind), [*sets, *rule_sets])
    for trump, (count, sets) in wanted.items():
        _fill(trump, sets, count)


_StreamKey = tuple[Trump, tuple[str, ...], tuple[str, ...]]
_ScoredKey = tuple[Trump, tuple[str, ...], tuple[str, ...], int]
_SCORED: dict[_StreamKey, list[_Scored]] = {}
"""A stream's deals scored under a rule set, as far as any law asked, kept under
:func:`_stream_key`: a law asking fewer deals reads the start of the list, and one asking
more extends it (a stream's first deals are the same whatever the count, so each deal is
scored once per key, not once per count asked)."""


def _scored_key(trump: Trump, rules: AnyRules, count: int) -> _ScoredKey:
    """What the first ``count`` deals of the stream, scored under ``rules``, depend on:
    :func:`_stream_key` and the count (laws of the same key have the same outcome)."""
    return (*_stream_key(trump, rules), count)


def _stream_key(trump: Trump, rules: AnyRules) -> _StreamKey:
    """What the stream's deals, scored under ``rules``, depend on: the play knobs and the
    scoring knobs that apply to ``trump``. Rule sets that play and score alike have one
    key (``house`` and ``pagat_belote``, or the all-trump knobs outside all-trump): the
    same deals, and the same outcome of a law over them."""
    if isinstance(rules, CoincheRules):
        # every knob the deal's scoring reads, and the auction's that lower a level
        knobs = STEP_KNOBS["deal"] | _LEVEL_KNOBS
        scoring = ["game: coinche", *(f"{k}: {rules.knobs[k]}" for k in sorted(knobs))]
        return (trump, _behaviour(_kind_of(trump), _plays(rules)), tuple(scoring))
    words = [k for k in SCORING_KNOBS if trump == Trump.ALL or not k.startswith("all_trump")]
    return (
        trump,
        _behaviour(_kind_of(trump), rules),
        tuple(str(getattr(rules, k)) for k in words),
    )


_LEVEL_KNOBS: Final = frozenset({"capot_doublable", "coinche_80", "surcoinche"})
"""The auction's knobs that decide whether a stream's contract may be coinched
(:func:`~.coinche_deal.coinche_contract`)."""


def _scored(trump: Trump, rules: AnyRules, count: int) -> list[_Scored]:
    """The first ``count`` deals of the stream, scored under ``rules`` (kept under
    :func:`_stream_key`, as far as a law has asked)."""
    found = _SCORED.setdefault(_stream_key(trump, rules), [])
    if len(found) < count:
        found.extend(_score_more(trump, rules, len(found), count))
    return found[:count]  # a copy: the kept list grows when a law asks more


def _score_more(trump: Trump, rules: AnyRules, start: int, count: int) -> list[_Scored]:
    """The stream's deals ``start`` to ``count``, scored under ``rules``."""
    if isinstance(rules, CoincheRules):
        deals = _deals(trump, _plays(rules), count)
        return [_coinche_scored(deals[i], i, rules) for i in range(start, count)]
    assert isinstance(rules, RuleSet)
    same = _Same(rules)
    return [
        _scored_deal(deal, deal.card_points, deal.belotes, _own_score(deal))
        if same(deal)
        else _rescore(deal, rules)
        for deal in _deals(trump, rules, count)[start:]
    ]


@dataclass(slots=True)
class _Same:
    """Whether a deal's rule set is ``rules`` (equal to it): compared once per rule set
    met, not once per deal (a stream's deals share a few rule set objects, and comparing
    two rule sets reads every knob)."""

    rules: RuleSet
    known: dict[int, tuple[RuleSet, bool]] = field(default_factory=dict)

    def __call__(self, deal: RandomDeal) -> bool:
        """Whether ``deal`` was scored under ``rules`` (then its own score is read)."""
        other = deal.rules
        entry = self.known.get(id(other))
        if entry is None or entry[0] is not other:
            entry = self.known[id(other)] = (other, other is self.rules or other == self.rules)
        return entry[1] and deal.scored


def _own_score(deal: RandomDeal) -> DealScore:
    return DealScore(deal.points, deal.capot, deal.made, deal.score, deal.held)


def check_deal_law(
    law: DealLaw,
    rule_sets: Mapping[str, AnyRules] | None = None,
    *,
    samples: int = DEAL_SAMPLES,
) -> DealLawResult:
    """Check ``law`` under each rule set (default: :func:`scoring_variants` of its game,
    :func:`coinche_scoring_variants` for Coinche) over ``samples`` random legal deals each,
    split evenly among the law's contract kinds (seeded, so repeatable). The deal is
    played under the rule set's play knobs and scored under the rule set: a Coinche law's
    rule sets are Coinche ones (:class:`~explainer.engine.CoincheRules`), a classic law's
    classic ones (a :class:`~.terms.LawError` otherwise).
    """
    presets = _default_rule_sets(law) if rule_sets is None else dict(rule_sets)
    for name, rules in presets.items():
        if isinstance(rules, CoincheRules) != (law.game == "coinche"):
            raise LawError(f"rule set {name!r} is not one of game: {law.game}")
    per_kind = -(-samples // len(law.kinds))
    for kind in law.kinds:
        _fill(kind.trump, presets.values(), per_kind)
    outcomes = []
    done: dict[tuple[_ScoredKey, ...], DealOutcome] = {}
    for name, rules in presets.items():
        key = tuple(_scored_key(kind.trump, rules, per_kind) for kind in law.kinds)
        if key not in done:  # the same scored deals: the same outcome
            played = [_scored(kind.trump, rules, per_kind) for kind in law.kinds]
            done[key] = _deal_outcome(law, rules, played)
        o = done[key]
        failure = o.counterexample
        if failure is not None:  # the deal under this rule set's name
            failure = replace(failure, rules=_plays(rules))
            if isinstance(rules, CoincheRules):
                failure = replace(failure, coinche=rules)
        outcomes.append(DealOutcome(name, o.holds, o.deals, o.matching, failure))
    return LawResult(tuple(outcomes))


def _default_rule_sets(law: DealLaw) -> dict[str, AnyRules]:
    if law.game == "coinche":
        return dict(coinche_scoring_variants())
    return dict(scoring_variants(law.game))


def _deal_outcome(law: DealLaw, rules: AnyRules, played: list[list[_Scored]]) -> DealOutcome:
    """The law over the deals of each of its contract kinds, scored under ``rules``."""
    deals = matching = 0
    failure: DealCounterexample | None = None
    need = {p for p, negated in law.when if not negated}
    forbid = {p for p, negated in law.when if negated}
    tests = [(c, _test(c, rules)) for c in law.then]
    for kind, scored_deals in zip(law.kinds, played, strict=True):
        deals += len(scored_deals)
        for scored in scored_deals:
            if not need <= scored.facts or not forbid.isdisjoint(scored.facts):
                continue
            matching += 1
            for c, holds in tests:
                if failure is None and not holds(scored):
                    contract = None if scored.coinche is None else scored.coinche.contract
                    deal = score_random_deal(scored.deal)  # its classic score, if unscored
                    failure = DealCounterexample(
                        kind.trump, _plays(rules), deal, c, contract=contract
                    )
    return DealOutcome(rules.name, failure is None, deals, matching, failure)
