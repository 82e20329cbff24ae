"""Checking a play law: every class of positions, then sampled full hands, through the
real ruler.

:func:`check_play_law` tells under which rule sets a :class:`~.play_law.PlayLaw`
holds, with the smallest counterexample where it does not. The check runs in two parts,
both through the engine's ruler:

1. *Exhaustive*: every class of positions (:mod:`.space`), in which two tricks are
   alike when they satisfy the same premises and leave the same zones available. For
   each class, its first trick (fewest cards, then card order), with every hand made of
   one card (the lowest) of each of a non-empty set of zones. This covers every position
   with every hand size, and its failures give the smallest counterexample (fewest cards
   in the hand, then in the trick, then card order).
2. *Sampled*: :data:`PLAY_SAMPLES` distinct positions with full hands, drawn with a
   fixed seed (:mod:`.sampling`). This checks the zone argument itself on real hands.

Each trick's hands are ruled at once by the engine's batch ruling
(:func:`~.play.make_trick_ruler`: the trick's cascade of steps, the first whose test
meets the hand deciding), and the conclusions are tested on the step that decides each
hand. Laws with the same premises share the sampled positions, and rule sets that agree
on the knobs the ruler reads (:data:`~.terms.RULING_KNOBS`: ``house`` and
``pagat_belote`` rule every position alike) share one check.

The counts reported are the positions actually ruled on, each once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..cards import card_str, cards_of
from ..play import Cascade, Rule, Step, make_ruler, make_trick_ruler
from ..rules import PRESETS, RuleSet, presets_for
from ..seats import Seat
from .play_law import PlayLaw
from .results import Counterexample, LawOutcome, LawResult
from .sampling import _count, _Found, _positions, _Sample
from .space import _ZONES, _Space, _space
from .terms import _CLASS_INDEX, Conclusion, Quantifier, TrumpKind, _behaviour

PLAY_SAMPLES: Final = 100_000
"""Distinct full-hand positions satisfying a law's premises sampled per law and rule set."""


@dataclass(frozen=True, slots=True)
class _Claim:
    """A law's conclusions over one space, per trick: a position holds when every legal
    card is in ``must[trick]``, every card of the hand in ``may[trick]`` is legal, and
    the rule is ``rule`` (when given); ``never`` when two rules are claimed at once."""

    must: tuple[int, ...]
    may: tuple[int, ...]
    rule: Rule | None
    never: bool


@cache
def _claim(kind: TrumpKind, then: tuple[Conclusion, ...]) -> _Claim:
    musts = [_CLASS_INDEX[c._class] for c in then if c.quantifier is Quantifier.MUST]
    mays = [_CLASS_INDEX[c._class] for c in then if c.quantifier is Quantifier.MAY]
    must, may = [], []
    for t in _space(kind).tricks:
        m, y = 0xFFFFFFFF, 0
        for i in musts:
            m &= t.classes[i]
        for i in mays:
            y |= t.classes[i]
        must.append(m)
        may.append(y)
    rules = {c.rule for c in then if c.rule is not None}
    wanted = next(iter(rules)) if len(rules) == 1 else None
    return _Claim(tuple(must), tuple(may), wanted, len(rules) > 1)


def _representatives(space: _Space, need: int, forbid: int) -> _Sample:
    """Every class of positions satisfying the premises, grouped by trick.

    The hand takes the lowest card of each of its zones.
    """
    found: _Found = {}
    for cl, zones in space.classes_matching(need, forbid):
        t = space.tricks[cl.trick]
        hand = 0
        for z in range(_ZONES):
            if zones >> z & 1:
                hand |= t.zones[z] & -t.zones[z]
        found.setdefault(cl.trick, set()).add(hand)
    return tuple((ti, tuple(sorted(found[ti]))) for ti in sorted(found))


def _order(space: _Space, trick: int, hand: int) -> tuple[int, int, tuple[int, ...], int]:
    """Smallest first: fewest cards in hand, then in the trick, then card order."""
    cards = space.tricks[trick].cards
    return (hand.bit_count(), len(cards), cards, hand)


def _step_failures(
    step: Step, hands: list[int], must: int, may: int, wanted: Rule | None
) -> list[int]:
    """The hands decided by ``step`` (``legal = hand & step.keep``) that break the claim:
    a legal card outside ``must``, a card of ``may`` not legal, or another rule."""
    keep = step.keep
    fail = keep & ~must | may & ~keep
    wrong = wanted is not None and step.rule is not wanted
    if step.alt is None:
        return list(hands) if wrong else [h for h in hands if h & fail]
    # A hand that ``keep`` leaves whole is ruled ``alt``, every card legal.
    wrong_alt = wanted is not None and step.alt is not wanted
    outside = ~must
    return [h for h in hands if ((wrong or h & fail) if h & ~keep else (wrong_alt or h & outside))]


def _failing(cascade: Cascade, hands: Sequence[int], claim: _Claim, trick: int) -> list[int]:
    """The hands of one trick that break the claim, each ruled by the trick's cascade
    (the engine's batch ruling): the hands are split by the step that decides them, and
    the claim is tested against that step's legal cards and rule."""
    if claim.never:
        return list(hands)
    must, may, wanted = claim.must[trick], claim.may[trick], claim.rule
    bad: list[int] = []
    rest = list(hands)
    *firsts, last = cascade.steps
    for step in firsts:
        test = step.test
        mine = [h for h in rest if h & test]
        if mine:
            rest = [h for h in rest if not h & test]
            bad += _step_failures(step, mine, must, may, wanted)
        if not rest:
            return bad
    return bad + _step_failures(last, rest, must, may, wanted)


def _failures(
    space: _Space,
    rules: RuleSet,
    claim: _Claim,
    sample: _Sample,
    memo: dict[tuple[int, Cascade], list[int]] | None = None,
) -> list[tuple[int, list[int]]]:
    """The failing hands of each trick of ``sample`` under ``rules`` (tricks with none
    left out). ``memo`` keeps them by trick and cascade: rule sets that rule a trick
    alike (equal cascades) share its failures."""
    rule_trick = make_trick_ruler(space.kind.trump, rules)
    tricks = space.cards
    memo = {} if memo is None else memo
    out = []
    for ti, hands in sample:
        cascade = rule_trick(tricks[ti])
        bad = memo.get((ti, cascade))
        if bad is None:
            bad = memo[ti, cascade] = _failing(cascade, hands, claim, ti)
        if bad:
            out.append((ti, bad))
    return out


_SHARED: dict[tuple[int, int], tuple[_Claim, _Sample, dict[tuple[int, Cascade], list[int]]]] = {}
"""The failures found of a claim over a (cached) sample, by trick and cascade, for every
rule set: the three rule sets of a suit contract rule half the tricks alike."""


def _shared(claim: _Claim, sample: _Sample) -> dict[tuple[int, Cascade], list[int]]:
    found = _SHARED.get((id(claim), id(sample)))
    if found is None or found[0] is not claim or found[1] is not sample:
        found = _SHARED[id(claim), id(sample)] = (claim, sample, {})
    return found[2]


def _smallest(space: _Space, failures: list[tuple[int, list[int]]]) -> tuple[int, int] | None:
    """The smallest failing position (:func:`_order`) as ``(trick index, hand)``."""
    best = None
    for ti, hands in failures:
        key = min(_order(space, ti, h) for h in hands)
        if best is None or key < best[0]:
            best = (key, ti, key[3])
    return None if best is None else (best[1], best[2])


_Checked = tuple[int, int, tuple[int, int] | None]
"""One contract kind under one behaviour: representatives ruled, sampled positions ruled,
and the smallest failing position (``(trick index, hand)``) if any."""

_CHECKED: dict[tuple[object, ...], _Checked] = {}
"""Checks done, for laws that state the same premises and conclusions under rule sets
that rule alike (Coinche's laws repeat which-card's)."""


def _check_kind(kind: TrumpKind, rules: RuleSet, law: PlayLaw, target: int) -> _Checked:
    """A law over one contract kind under ``rules``: every class representative, then
    the sampled positions. A failing representative is never larger than a failing
    sampled position of its class (it has one card per zone of that hand, in the first
    trick of the class), so the sampled failures are searched only when every
    representative holds."""
    need, forbid = law.masks
    key = (kind, _behaviour(kind, rules), need, forbid, target, law.then)
    done = _CHECKED.get(key)
    if done is not None:
        return done
    space = _space(kind)
    claim = _claim(kind, law.then)
    reps = _representatives(space, need, forbid)
    sample = _positions(kind, need, forbid, target)
    bad = _smallest(space, _failures(space, rules, claim, reps))
    failures = _failures(space, rules, claim, sample, _shared(claim, sample))
    if bad is None:
        bad = _smallest(space, failures)
    done = _CHECKED[key] = (_count(reps), _count(sample), bad)
    return done


def _counterexample(space: _Space, rules: RuleSet, trick: int, hand: int) -> Counterexample:
    cards = space.tricks[trick].cards
    legal, rule = make_ruler(space.kind.trump, rules)(hand, cards)
    return Counterexample(
        trump=space.kind.trump,
        rules=rules,
        trick=tuple((Seat(i), c) for i, c in enumerate(cards)),
        seat=Seat(len(cards)),
        hand=tuple(cards_of(hand)),
        legal=tuple(cards_of(legal)),
        rule=rule,
    )


def _game_presets(game: str) -> dict[str, RuleSet]:
    """Every preset of ``game``, the default first (aliases such as ``official`` left out)."""
    return {name: PRESETS[name] for name in presets_for(game)}


def check_play_law(
    law: PlayLaw,
    rule_sets: Mapping[str, RuleSet] | None = None,
    *,
    samples: int = PLAY_SAMPLES,
) -> LawResult[LawOutcome]:
    """Check ``law`` under each rule set (default: every preset of its game), over every class of
    positions and over ``samples`` sampled positions, split evenly among the law's
    contract kinds (module docstring).

    Rule sets that rule alike (:data:`RULING_KNOBS`) share one check, and every law with
    the same premises shares the sampled positions and their rulings: the counts are
    the same positions, each ruled under each rule set's rules. Deterministic: the same
    law and rule sets give the same counts and counterexamples.
    """
    presets = _game_presets(law.game) if rule_sets is None else dict(rule_sets)
    per_kind = -(-samples // len(law.kinds))
    done: dict[tuple[tuple[str, ...], ...], list[_Checked]] = {}
    outcomes = []
    for name, rules in presets.items():
        key = tuple(_behaviour(kind, rules) for kind in law.kinds)
        if key not in done:
            done[key] = [_check_kind(kind, rules, law, per_kind) for kind in law.kinds]
        checked = done[key]
        worst: tuple[tuple[int, int, tuple[int, ...], int], TrumpKind, int, int] | None = None
        for kind, (_, _, bad) in zip(law.kinds, checked, strict=True):
            if bad is not None:
                order = _order(_space(kind), *bad)
                if worst is None or order < worst[0]:
                    worst = (order, kind, *bad)
        example = None
        if worst is not None:
            example = _counterexample(_space(worst[1]), rules, worst[2], worst[3])
        exhaustive = sum(c[0] for c in checked)
        sampled = sum(c[1] for c in checked)
        outcomes.append(LawOutcome(name, worst is None, exhaustive, sampled, example))
    return LawResult(tuple(outcomes))


def counterexample_yaml(example: Counterexample) -> str:
    """The counterexample as a ``kind: play`` scenario that ``explainer check`` passes.

    >>> law = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
    >>> print(counterexample_yaml(check_play_law(law, samples=0)["house"].counterexample), end="")
    kind: play
    contract: {trump: hearts, rules: house}
    trick: [N: 7S, E: 8H, S: 8S]
    hand: {seat: W, cards: [7H, 9H]}
    expect: {legal: [9H], rule: partner-wins}
    """
    rules = example.rules
    base = PRESETS.get(rules.name)
    if base == rules:
        rules_text = rules.name
    else:
        changed = base.knobs if base is not None else {}
        knobs = ", ".join(f"{k}: {v}" for k, v in rules.knobs.items() if changed.get(k) != v)
        rules_text = f"{{preset: {rules.name}, {knobs}}}"
    lines = ["kind: play", f"contract: {{trump: {example.trump.word}, rules: {rules_text}}}"]
    if example.trick:
        plays = ", ".join(f"{s.name}: {card_str(c)}" for s, c in example.trick)
        lines.append(f"trick: [{plays}]")
    hand = ", ".join(card_str(c) for c in example.hand)
    lines.append(f"hand: {{seat: {example.seat.name}, cards: [{hand}]}}")
    legal = ", ".join(card_str(c) for c in example.legal)
    lines.append(f"expect: {{legal: [{legal}], rule: {example.rule.value}}}")
    return "\n".join(lines) + "\n"
