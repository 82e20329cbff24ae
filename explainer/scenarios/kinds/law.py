"""``kind: law``: a rule statement, checked by the engine over positions or deals.

Keys: ``contract`` (``game``; ``trump``: ``suit``, ``none``, ``all`` or a list of them),
``when`` (premises, each maybe ``not ...``), ``then`` and ``rules`` (the presets to
evaluate; default every preset of the game; a deal law may ask for ``scoring_variants``:
every preset with each scoring knob at each of its values, a match law the same with
each match knob too). A ``then`` mapping (``must``/``may``/``rule``) makes a play law, a
``then`` list of deal conclusions a deal law, a list with a match conclusion
(``one_winner``, ``winner_ahead``, ``points_add_up``) a match law of classic Belote
(``explainer/engine/laws/terms.py`` defines every word). Fact: ``holds_under``, the
presets under which the law holds, compared as a set; where it disagrees, the message
gives each preset's smallest counterexample as a ``kind: play`` scenario on one line (a
match law's as a ``kind: match`` scenario).

Checking a law takes seconds, so each result is cached in the user's cache directory
(``$XDG_CACHE_HOME/explainer/laws/`` or ``~/.cache/explainer/laws/``, never the
repository), keyed by a digest of the law, its rule sets and the engine's source files:
a changed law or engine is checked afresh, an unreadable entry is ignored.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

import explainer.cache as explainer_cache
import explainer.engine as engine_package
from explainer.engine import (
    ALIASES,
    BELOTE,
    COINCHE_PRESETS,
    LAST_TRICK,
    MATCH_WORDS,
    PRESETS,
    BidKind,
    CoincheContract,
    CoincheRules,
    Contract,
    Counterexample,
    DealConclusion,
    DealCounterexample,
    DealLaw,
    DealOutcome,
    DealPremise,
    DealResult,
    LawError,
    LawOutcome,
    LawResult,
    Level,
    MatchConclusion,
    MatchCounterexample,
    MatchDeal,
    MatchLaw,
    MatchOutcome,
    MatchPremise,
    PlayLaw,
    RandomDeal,
    Rank,
    Rule,
    RuleSet,
    Seat,
    Team,
    Trump,
    announce_all,
    capot_value,
    card,
    check_deal_law,
    check_match_law,
    check_play_law,
    coinche_scoring_variants,
    counterexample_yaml,
    declarations_in_hand,
    legal_cards,
    mask_of,
    match_counterexample_yaml,
    match_rules,
    match_variants,
    play_ahead,
    play_coinche_deal,
    play_deal,
    presets_for,
    scoring_variants,
)

from ..diagnostics import Code, KeyPath, dotted
from ..facts import BAD, FactType
from ..model import Scenario
from ..reader import Reader, did_you_mean, one_of
from ..yamlsource import MappingNode, Node, ScalarNode, SequenceNode
from .base import Fact, Kind, Pairs, require
from .coinche_deal import CoincheDealScenario, CoincheDealView, coinche_view
from .contract import GAMES
from .play import KIND as PLAY_KIND
from .play import PlayOutcome, PlayScenario, PlayView

__all__ = [
    "KIND",
    "LawIndex",
    "LawKind",
    "LawScenario",
    "LawView",
    "cache_dir",
    "checked_line",
    "checked_result",
    "counterexample_line",
    "law_index",
]

_CONCLUSION_NUMBERS: Final[Mapping[DealConclusion | DealPremise, set[int]]] = {
    DealConclusion.CAPOT_252: {252},
    DealConclusion.POINTS_162_OR_CAPOT: {252},
    DealConclusion.BELOTE_EACH_PAIR: {20},
    DealConclusion.TAKERS_KEEP_BELOTE: {20},
    DealConclusion.WINNER_TAKES_ALL: {20},
    DealConclusion.DEFENCE_CAPOT_160: {160, 252},
}
"""The numbers a deal law's conclusion checks besides 152 and 162."""

SCORING_VARIANTS: Final = "scoring_variants"
"""``rules: scoring_variants``: a deal law checked under every scoring knob value."""
CACHE_VERSION: Final = 2
"""Bumped when the cached form changes."""
CACHE_FOLDER: Final = "laws"
"""The law results' folder in the user cache (:mod:`explainer.cache`)."""
CACHE_KEEP: Final = 512
"""Law results kept: one per law and rule-set list, so far more than a page holds."""

AnyResult = LawResult[LawOutcome] | LawResult[DealOutcome] | LawResult[MatchOutcome]
AnyRules = RuleSet | CoincheRules
"""A rule set a law is checked under: a Coinche deal law's are Coinche rule sets, every
other law's classic ones (a Coinche play law's: the Coinche presets' play rules)."""
AnyLawT = PlayLaw | DealLaw | MatchLaw
"""A law of any kind: of play positions, of deals or of matches."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LawScenario(Scenario):
    """``kind: law``. ``expect`` key: ``holds_under`` (frozenset of rule set names).
    ``outcome`` is the engine's :class:`~explainer.engine.LawResult`."""

    game: str
    law: AnyLawT
    rule_sets: Mapping[str, AnyRules]


@dataclass(frozen=True, slots=True)
class DealCounterView:
    """A deal where a deal law fails, as a page shows it: the contract and its taker, the
    cards the law's premises speak of as they were dealt (a king and queen of trump, a
    declaration), and the score under the rule set, row by row (``(row, (NS, EW))``:
    ``card_points``, ``last_trick``, ``capot``, ``belote``, ``total``, ``held``,
    ``score``; a row of zeros left out, but the total and the score), every number the
    engine's."""

    id: str
    contract: Contract
    rules: RuleSet
    held_cards: tuple[tuple[Seat, tuple[int, ...]], ...]
    rows: tuple[tuple[str, tuple[int, int]], ...]
    made: bool


@dataclass(frozen=True, slots=True)
class CoincheCounterView:
    """A deal where a Coinche deal law fails, as a page shows it: the cards its premises
    speak of as they were dealt (as :class:`DealCounterView`), and the deal played again
    and scored as a Coinche example (``deal``: the Coinche deal kind's view, its contract,
    score lines and outcome the engine's)."""

    id: str
    held_cards: tuple[tuple[Seat, tuple[int, ...]], ...]
    deal: CoincheDealView


@dataclass(frozen=True, slots=True)
class LawView:
    """What a page shows of a law: where it holds, over how many positions (or deals, or
    matches: ``match``), and each counterexample as a play example (``(preset, view)``)
    or, for a deal law, as a scored deal (:class:`DealCounterView`)."""

    scenario: LawScenario
    play: bool
    presets: tuple[str, ...]
    holds_under: tuple[str, ...]
    checked: int
    counterexamples: tuple[tuple[str, PlayView | DealCounterView | CoincheCounterView], ...]
    match: bool = False

    @property
    def rule(self) -> Rule | None:
        """The deciding rule the law states (``then: {rule: ...}``), if any."""
        law = self.scenario.law
        if isinstance(law, PlayLaw):
            return next((c.rule for c in law.then if c.rule is not None), None)
        return None


@dataclass(frozen=True, slots=True)
class LawIndex:
    """A page's laws: each law's number (page order, from 1) and, for each rule a play
    law states, those laws in page order, so that a play example links to the law that
    explains it."""

    numbers: Mapping[str, int]
    by_rule: Mapping[str, tuple[tuple[str, PlayLaw], ...]]

    def link(self, example: PlayView) -> str | None:
        """The id of the first law that states the rule which decided ``example`` and
        covers its position (its contract kind and premises), or ``None``.

        A rule can be stated by several laws, each for other positions (``discard``: no
        trump held, no trump suit at all, ...): the first one would send the reader of an
        example to a statement about other positions.
        """
        if example.rule is None:
            return None
        trick = [card for _, _, card in example.trick]
        hand = mask_of(example.hand)
        for law_id, law in self.by_rule.get(example.rule.value, ()):
            if law.covers(example.contract.trump, trick, hand):
                return law_id
        return None


def law_index(views: Sequence[object]) -> LawIndex:
    """The index of the laws among ``views`` (a page's examples, in page order)."""
    numbers: dict[str, int] = {}
    by_rule: dict[str, list[tuple[str, PlayLaw]]] = {}
    for v in views:
        if isinstance(v, LawView):
            numbers[v.scenario.id] = len(numbers) + 1
            law = v.scenario.law
            if v.rule is not None and isinstance(law, PlayLaw):
                by_rule.setdefault(v.rule.value, []).append((v.scenario.id, law))
    return LawIndex(numbers, {rule: tuple(laws) for rule, laws in by_rule.items()})


class _PresetSet(FactType[Any]):
    """The rule sets a law holds under. The engine's value is the whole
    :class:`~explainer.engine.LawResult` (the note needs its counterexamples); a
    statement is compared with its ``holds_under``."""

    schema = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}

    def read(self, r: Reader, node: Node, at: KeyPath) -> frozenset[str] | object:
        items = r.sequence(node, at, what="a list of rule sets")
        if items is None:
            return BAD
        names = [r.string(item, (*at, i), what="a rule set") for i, item in enumerate(items, 1)]
        if any(n is None for n in names):
            return BAD
        return frozenset(n for n in names if n is not None)

    def stated(self, said: Any, got: Any) -> Any:
        return _names(got)

    def to_yaml(self, value: Any) -> Any:
        return sorted(_names(value))

    def show(self, value: Any) -> str:
        return "[" + ", ".join(sorted(_names(value))) + "]"


def _names(value: Any) -> frozenset[str]:
    return value.holds_under if isinstance(value, LawResult) else frozenset(value)


PRESET_SET: Final = _PresetSet()


class LawKind(Kind[LawScenario]):
    name = "law"
    macro = "law"  # not an example: templates/_law.html draws it as a numbered rule
    keys = ("contract", "when", "then", "rules")
    required = ("kind", "contract", "then")
    facts = (Fact("holds_under", PRESET_SET, "the rule sets under which the law holds"),)
    states_facts = (
        False  # its claim is ``then``, checked whether or not ``expect`` names the rule sets
    )

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> LawScenario | None:
        game, trump = _contract(r, pairs)
        when = _words(r, pairs, "when")
        then = _then(r, pairs)
        match = isinstance(then, list) and not MATCH_WORDS.isdisjoint(then)
        rule_sets = _rule_sets(r, pairs, game, deal=isinstance(then, list), match=match)
        expect = self.read_expect(r, pairs)
        if "holds_under" in expect and rule_sets is not None:
            _check_named(r, pairs, expect["holds_under"], rule_sets)
        if game is None or trump is None or when is None or then is None:
            return None
        law = _law(r, game, trump, when, then)
        if r.diags or law is None or rule_sets is None:
            return None
        return LawScenario(
            **common,
            expect=expect,
            keys=r.keys,
            game=game,
            law=law,
            rule_sets=rule_sets,
            outcome=_outcome(law, rule_sets),
        )

    def computed(self, scenario: LawScenario) -> dict[str, Any]:
        return {"holds_under": scenario.outcome}

    def licensed_numbers(self, scenario: LawScenario) -> set[int]:
        """A law's prose states the rule; the numbers of its conclusions (152, 162, and
        252 for a capot, 20 for a belote) are what the engine checks, and a match law's
        targets (1000) what it plays to, so they are licensed."""
        if isinstance(scenario.law, MatchLaw):
            return {t for r in scenario.rule_sets.values() if (t := match_rules(r).target)}
        if not isinstance(scenario.law, DealLaw):
            return set()
        numbers = {152, 162}
        for c in scenario.law.then:
            numbers |= _CONCLUSION_NUMBERS.get(c, set())
        return numbers

    def note(self, key: str, said: Any, got: Any, computed: Mapping[str, Any]) -> str:
        """Each preset said to hold where the law fails, with its smallest counterexample
        (a play scenario on one line, ready to paste), and each said not to where it holds."""
        words = ""
        for o in computed[key].outcomes:
            if o.preset in said and not o.holds:
                words += f"; under {o.preset} it does not hold: " + _failure(o)
            elif o.holds and o.preset not in said:
                words += f"; under {o.preset} it holds over {_count(o)}"
        return words

    def properties(self) -> dict[str, Any]:
        word = {"type": "string"}
        trump = {"anyOf": [word, {"type": "array", "items": word, "minItems": 1}]}
        return {
            "contract": {
                "type": "object",
                "additionalProperties": False,
                "required": ["trump"],
                "properties": {"game": {"enum": list(GAMES)}, "trump": trump},
            },
            "when": {"type": "array", "items": word, "description": "premises, all must hold"},
            "then": {
                "anyOf": [
                    {"type": "object", "description": "play law: must, may, rule"},
                    {"type": "array", "items": word, "description": "deal law: conclusions"},
                ]
            },
            "rules": {
                "anyOf": [
                    {"type": "array", "items": word},
                    {"enum": [SCORING_VARIANTS]},
                ]
            },
        }

    def view(self, scenario: LawScenario) -> LawView:
        result = scenario.outcome
        play = isinstance(scenario.law, PlayLaw)
        examples: list[tuple[str, PlayView | DealCounterView | CoincheCounterView]] = []
        checked = 0
        for o in result.outcomes:
            if isinstance(o, LawOutcome):
                checked = max(checked, o.checked)
                if o.counterexample is not None:
                    examples.append((o.preset, _example_view(scenario, o.counterexample)))
            elif isinstance(o, MatchOutcome):
                checked = max(checked, o.matches)
            else:
                checked = max(checked, o.deals)
                if o.counterexample is not None:
                    examples.append((o.preset, _counter_view(scenario, o.counterexample)))
        presets = tuple(o.preset for o in result.outcomes)
        holds = tuple(p for p in presets if p in result.holds_under)
        match = isinstance(scenario.law, MatchLaw)
        return LawView(scenario, play, presets, holds, checked, tuple(examples), match)


def _failure(o: LawOutcome | DealOutcome | MatchOutcome) -> str:
    assert o.counterexample is not None
    if isinstance(o, LawOutcome):
        return counterexample_line(o.counterexample)
    if isinstance(o, MatchOutcome):
        cx = o.counterexample
        line = ", ".join(match_counterexample_yaml(cx).splitlines())
        return f"{cx.conclusion.value} is false in this match: {{{line}}}"
    return f"{o.counterexample.conclusion.value} is false in a deal"


def _count(o: LawOutcome | DealOutcome | MatchOutcome) -> str:
    if isinstance(o, LawOutcome):
        return f"{o.checked} positions"
    if isinstance(o, MatchOutcome):
        return f"{o.matching} of {o.matches} matches"
    return f"{o.matching} of {o.deals} deals"


def checked_line(scenario: LawScenario) -> str:
    """What ``explainer check`` prints of a law, from its result (cached or not): over
    how many positions (or deals) it was checked under each rule set,
    ``PATH: law ID checked over 412345 positions under house, official`` (a deal law:
    ``checked on 10000 deals (5088 meeting its premises) under house``)."""
    groups: dict[str, list[str]] = {}
    for o in scenario.outcome.outcomes:
        groups.setdefault(_checked_count(o), []).append(o.preset)
    over = "; ".join(f"{count} under {', '.join(names)}" for count, names in groups.items())
    verb = "over" if isinstance(scenario.law, PlayLaw) else "on"
    return f"{scenario.path}: law {scenario.id} checked {verb} {over}"


def _checked_count(o: LawOutcome | DealOutcome | MatchOutcome) -> str:
    if isinstance(o, LawOutcome):
        return f"{o.checked} positions"
    if isinstance(o, MatchOutcome):
        if o.matching == o.matches:
            return f"{o.matches} matches ({o.deals} deals)"
        return f"{o.matches} matches ({o.deals} deals; {o.matching} meeting its premises)"
    if o.matching == o.deals:
        return f"{o.deals} deals"
    return f"{o.deals} deals ({o.matching} meeting its premises)"


def _contract(r: Reader, pairs: Pairs) -> tuple[str | None, str | list[str] | None]:
    node = require(r, pairs, "contract", "law")
    if node is None:
        return None, None
    cp = r.mapping(node, ("contract",), ("game", "trump"))
    if cp is None:
        return None, None
    game: str | None = "belote"
    if "game" in cp:
        game = r.choice(cp["game"][1], ("contract", "game"), GAMES)
    if "trump" not in cp:
        r.error(r.keys.where(("contract",)), "contract.trump: required", Code.MISSING)
        return game, None
    tnode = cp["trump"][1]
    if isinstance(tnode, SequenceNode):
        items = r.sequence(tnode, ("contract", "trump")) or []
        words = [r.string(n, ("contract", "trump", i)) for i, n in enumerate(items, 1)]
        if any(w is None for w in words):
            return game, None
        return game, [w for w in words if w is not None]
    return game, r.string(tnode, ("contract", "trump"), what="suit, none, all or a list")


def _words(r: Reader, pairs: Pairs, key: str) -> list[str] | None:
    if key not in pairs:
        return []
    items = r.sequence(pairs[key][1], (key,))
    if items is None:
        return None
    words = [r.string(n, (key, i)) for i, n in enumerate(items, 1)]
    return None if any(w is None for w in words) else [w for w in words if w is not None]


def _then(r: Reader, pairs: Pairs) -> dict[str, str] | list[str] | None:
    node = require(r, pairs, "then", "law")
    if node is None:
        return None
    if isinstance(node, SequenceNode):
        return _words(r, pairs, "then")
    if not isinstance(node, MappingNode):
        r.error(
            node, "then: expected a mapping (a play law) or a list (a deal or match law)", Code.TYPE
        )
        return None
    tp = r.mapping(node, ("then",), None)
    if tp is None:
        return None
    out = {}
    for key, (_, vnode) in tp.items():
        value = r.string(vnode, ("then", key))
        if value is None:
            return None
        out[key] = value
    return out


def _rule_sets(
    r: Reader, pairs: Pairs, game: str | None, *, deal: bool, match: bool = False
) -> dict[str, AnyRules] | None:
    """The rule sets to evaluate, by name (a Coinche preset plays its classic rule set in
    a play law, and is itself in a deal law; a match law's ``scoring_variants`` are
    :func:`~explainer.engine.match_variants`, a Coinche deal law's
    :func:`~explainer.engine.coinche_scoring_variants`)."""
    if game is None:
        return None
    if match and game == "coinche":
        r.error(pairs["then"][1] if "then" in pairs else None,
                "then: match laws are checked on classic matches (contract.game: belote)",
                Code.BAD_VALUE)  # fmt: skip
        return None
    known: Mapping[str, Any] = COINCHE_PRESETS if game == "coinche" else PRESETS
    if "rules" not in pairs:
        names = list(COINCHE_PRESETS) if game == "coinche" else list(presets_for(game))
        return {n: _rule_set(game, n, deal=deal) for n in names}
    node = pairs["rules"][1]
    if isinstance(node, ScalarNode) and node.value == SCORING_VARIANTS:
        if not deal:
            r.error(node, f"rules: {SCORING_VARIANTS} is for deal and match laws",
                    Code.BAD_RULES)  # fmt: skip
            return None
        if game == "coinche":
            return dict(coinche_scoring_variants())
        return dict(match_variants(game) if match else scoring_variants(game))
    return _listed_rule_sets(r, node, game, known, deal=deal)


def _listed_rule_sets(
    r: Reader, node: Node, game: str, known: Mapping[str, Any], *, deal: bool
) -> dict[str, AnyRules] | None:
    """``rules: [PRESET, ...]``: each a preset of ``game`` (an alias warned about)."""
    items = r.sequence(node, ("rules",), what="a list of presets")
    if items is None:
        return None
    out: dict[str, AnyRules] = {}
    for i, item in enumerate(items, 1):
        name = r.string(item, ("rules", i), what="a preset")
        if name is None:
            continue
        if name not in known:
            r.error(item, f"rules.{i}: unknown preset {name!r}{did_you_mean(name, known)} "
                    f"(expected {one_of(list(known))})", Code.BAD_RULES)  # fmt: skip
            continue
        if name in ALIASES:
            r.warn(item, f"rules.{i}: {name} is an alias kept for version 1 and no page names"
                   f" it; list the presets of the game ({', '.join(presets_for(game))}), or"
                   " check the FFB contrée play rules in a law of contract.game: coinche"
                   " (ffb_contree)", Code.BAD_RULES)  # fmt: skip
        out[name] = _rule_set(game, name, deal=deal)
    if r.diags:
        return None
    return out


def _rule_set(game: str, name: str, *, deal: bool) -> AnyRules:
    """The preset ``name`` of ``game``: a Coinche deal law's is the Coinche rule set, a
    Coinche play law's the classic rule set its cards are played under."""
    if game != "coinche":
        return PRESETS[name]
    return COINCHE_PRESETS[name] if deal else COINCHE_PRESETS[name].play_rules


def _check_named(
    r: Reader, pairs: Pairs, said: frozenset[str], rule_sets: Mapping[str, AnyRules]
) -> None:
    """Every rule set ``holds_under`` names must be one the law is checked under."""
    for name in sorted(said - set(rule_sets)):
        r.error(
            r.keys.where(("expect", "holds_under")),
            f"expect.holds_under: {name!r} is not checked{did_you_mean(name, rule_sets)} "
            f"(rules: {', '.join(rule_sets)})",
            Code.BAD_RULES,
        )


def _law(
    r: Reader, game: str, trump: str | list[str], when: list[str], then: dict[str, str] | list[str]
) -> AnyLawT | None:
    """The engine's law, or ``None`` after reporting each of its problems at its key."""
    law: AnyLawT | None
    if isinstance(then, dict):
        law, problems = PlayLaw.parse_all(trump=trump, when=when, then=then, game=game)
    elif not MATCH_WORDS.isdisjoint(then):
        law, problems = MatchLaw.parse_all(trump=trump, when=when, then=then)
    else:
        law, problems = DealLaw.parse_all(trump=trump, when=when, then=then, game=game)
    for p in problems:
        at = tuple(i + 1 if isinstance(i, int) else i for i in p.where)
        r.error(r.keys.where(at), f"{dotted(at) or 'law'}: {p}", _code(p))
    return law


def _code(problem: LawError) -> Code:
    return Code.BAD_VALUE if str(problem).startswith("unknown") else Code.INVALID


def _example_view(scenario: LawScenario, cx: Counterexample) -> PlayView:
    """The counterexample as a play example, ruled again (so its verdicts are the
    engine's, worded by the same sentences as every play example)."""
    ruling = legal_cards(list(cx.hand), [c for _, c in cx.trick], cx.trump, cx.rules)
    play = PlayScenario(
        id=f"{scenario.id}-{cx.rules.name}",
        kind="play",
        path=scenario.path,
        contract=Contract(cx.trump, scenario.game),
        rules=cx.rules,
        trick=cx.trick,
        hand_seat=cx.seat,
        hand=cx.hand,
        outcome=PlayOutcome(ruling, None),
    )
    return PLAY_KIND.view(play)


def _counter_view(
    scenario: LawScenario, cx: DealCounterexample
) -> DealCounterView | CoincheCounterView:
    """A failing deal as its game's page shows it: a classic deal row by row
    (:func:`_deal_view`), a Coinche deal as a Coinche example (:func:`_coinche_view`)."""
    if cx.coinche is not None and cx.contract is not None:
        return _coinche_view(scenario, cx, cx.coinche, cx.contract)
    return _deal_view(scenario, cx)


def _coinche_view(
    scenario: LawScenario, cx: DealCounterexample, rules: CoincheRules, contract: CoincheContract
) -> CoincheCounterView:
    """The failing deal played again with the Coinche engine (its tricks, every
    declaration held announced where the rule set plays them) and shown as a Coinche deal
    example is: the contract, the score lines and the outcome, all the engine's."""
    deal = cx.deal
    dealer = deal.leader.previous
    announced = announce_all(deal.hands, deal.trump, rules)
    tricks = tuple(tuple(trick) for trick in deal.tricks())
    result = play_coinche_deal(
        contract, [list(t) for t in tricks], rules=rules, dealer=dealer, announced=announced
    )
    ident = f"{scenario.id}-{rules.name}"
    example = CoincheDealScenario(
        id=ident,
        kind="deal",
        path=scenario.path,
        contract=contract,
        rules=rules,
        dealer=dealer,
        announced=tuple(announced.items()),
        tricks=tricks,
        outcome=result,
    )
    return CoincheCounterView(ident, _held_cards(scenario.law, deal), coinche_view(example))


def _deal_view(scenario: LawScenario, cx: DealCounterexample) -> DealCounterView:
    """The failing deal played again under the rule set and scored, row by row."""
    deal = cx.deal
    contract = Contract(cx.trump, scenario.game, deal.taker)
    result = play_deal(contract, deal.tricks(), cx.rules, dealer=deal.leader.previous)
    takers = deal.taker.team
    base = [0, 0]
    last = [0, 0]
    capot = [0, 0]
    if result.capot is not None:
        defenders = result.capot != takers
        capot[result.capot] = base[result.capot] = capot_value(
            cx.rules, cx.trump, defenders=defenders
        )
    else:
        last[result.last_trick] = LAST_TRICK
        base = [result.points[t] - _belotes(result, cx.rules, t) for t in (0, 1)]
    belote = [result.points[t] - base[t] for t in (0, 1)]
    card_points = [base[t] - last[t] - capot[t] for t in (0, 1)]
    if result.capot is not None:
        card_points = list(result.card_points)
    rows = [
        ("card_points", card_points),
        ("last_trick", last),
        ("capot", capot),
        ("belote", belote),
        ("total", list(result.points)),
    ]
    if result.held:
        rows.append(("held", [result.held if t == takers else 0 for t in (0, 1)]))
    rows.append(("score", list(result.score)))
    return DealCounterView(
        id=f"{scenario.id}-{cx.rules.name}",
        contract=contract,
        rules=cx.rules,
        held_cards=_held_cards(scenario.law, deal),
        rows=tuple(
            (name, (v[0], v[1])) for name, v in rows if any(v) or name in ("total", "score")
        ),
        made=result.made,
    )


def _belotes(result: DealResult, rules: RuleSet, team: int) -> int:
    """The belote points that count for ``team`` (the defenders' none under ``belote:
    attack_only``)."""
    if rules.belote == "attack_only" and team != result.taker_team:
        return 0
    return BELOTE * sum(1 for seat in result.belotes if seat.team == team)


def _held_cards(
    law: PlayLaw | DealLaw | MatchLaw, deal: RandomDeal
) -> tuple[tuple[Seat, tuple[int, ...]], ...]:
    """The dealt cards a deal law's premises speak of: each king and queen of a trump suit
    in one hand (``king_queen``), each declaration held (``declaration``)."""
    assert isinstance(law, DealLaw)
    premises = {p for p, negated in law.when if not negated}
    held: dict[Seat, list[int]] = {}
    if DealPremise.KING_QUEEN in premises:
        suits = range(4) if deal.trump == Trump.ALL else (int(deal.trump),)
        for suit in suits if deal.trump != Trump.NONE else ():
            pair = (card(Rank.KING, suit), card(Rank.QUEEN, suit))
            for seat in Seat:
                if all(deal.hands[seat] >> c & 1 for c in pair):
                    held.setdefault(seat, []).extend(pair)
    if DealPremise.DECLARATION in premises:
        for seat in Seat:
            for d in declarations_in_hand(deal.hands[seat], deal.trump):
                held.setdefault(seat, []).extend(d.cards)
    return tuple((seat, tuple(dict.fromkeys(cards))) for seat, cards in sorted(held.items()))


# -- the cache -----------------------------------------------------------------------


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/explainer/laws`` (``~/.cache`` without it)."""
    return explainer_cache.cache_dir() / CACHE_FOLDER


@cache
def _engine_digest() -> str:
    """A digest of the engine's source files: a changed engine checks every law afresh."""
    h = hashlib.sha256()
    root = Path(engine_package.__file__).parent
    for path in sorted(root.rglob("*.py")):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _digest(law: AnyLawT, rule_sets: Mapping[str, AnyRules]) -> str:
    text = repr((CACHE_VERSION, law, sorted((n, repr(r)) for n, r in rule_sets.items())))
    return hashlib.sha256((_engine_digest() + text).encode()).hexdigest()


_MEMO: dict[str, AnyResult] = {}

AnyLaw = tuple[AnyLawT, Mapping[str, AnyRules]]
"""A law with the rule sets it is checked under."""


def checked_result(law: AnyLawT, rule_sets: Mapping[str, AnyRules]) -> AnyResult:
    """The law checked under ``rule_sets``: from the cache when this law, these rule sets
    and this engine were checked before, else checked now (and cached)."""
    key = _digest(law, rule_sets)
    if key in _MEMO:
        return _MEMO[key]
    result = _load(key, rule_sets)
    if result is None:
        result = _check(law, rule_sets)
        _store(key, result)
    _MEMO[key] = result
    return result


def _check(law: AnyLawT, rule_sets: Mapping[str, AnyRules]) -> AnyResult:
    if isinstance(law, DealLaw):
        return check_deal_law(law, rule_sets)
    classic = _classic(rule_sets)
    if isinstance(law, PlayLaw):
        return check_play_law(law, classic)
    return check_match_law(law, classic)


def _classic(rule_sets: Mapping[str, AnyRules]) -> dict[str, RuleSet]:
    """The classic rule sets, which a play or match law is checked under."""
    return {name: rules for name, rules in rule_sets.items() if isinstance(rules, RuleSet)}


# -- reading the laws first, to check them in several processes (law_workers.py) --------

_READING: list[AnyLaw] | None = None
"""While :func:`collecting`: the laws read, left unchecked."""


def _outcome(law: AnyLawT, rule_sets: Mapping[str, AnyRules]) -> AnyResult | None:
    if _READING is not None:
        _READING.append((law, rule_sets))
        return None
    return checked_result(law, rule_sets)


@contextmanager
def collecting() -> Iterator[list[AnyLaw]]:
    """While open, every valid law the loader reads goes into the list it gives, left
    unchecked (:func:`~.law_workers.read_laws`: the loader is above this module, so the
    module that reads the files is the one that imports it)."""
    global _READING
    found: list[AnyLaw] = []
    _READING = found
    try:
        yield found
    finally:
        _READING = None


def law_key(law: AnyLawT, rule_sets: Mapping[str, AnyRules]) -> str:
    """The law's cache key: the digest of the law, its rule sets and the engine."""
    return _digest(law, rule_sets)


def is_cached(law: AnyLawT, rule_sets: Mapping[str, AnyRules]) -> bool:
    """Whether the law's result is known (read from the cache now, if it is there)."""
    key = _digest(law, rule_sets)
    if key not in _MEMO:
        result = _load(key, rule_sets)
        if result is None:
            return False
        _MEMO[key] = result
    return True


def shared_work(law: AnyLawT, rule_sets: Mapping[str, AnyRules]) -> object:
    """What laws checked in one process share: the deal and match laws with the same
    kinds of contract their random deals (a deal stream is played per kind of contract,
    so laws of other kinds share nothing with them and go to the other process), the
    play laws with the same premises their positions (for each kind of contract)."""
    if not isinstance(law, PlayLaw):
        return ("deal", tuple(sorted(kind.value for kind in law.kinds)))
    return ("play", law.masks)


def weight(laws: Sequence[AnyLaw]) -> float:
    """About how many seconds a group of laws (:func:`shared_work`) takes to check on a
    quiet machine: the deal and match laws' random deals a second and a half per kind of
    contract, the play laws' positions a fifth of a second per kind of contract; the
    laws over them a few hundredths each, a match law's matches a fifth of a second per
    rule set."""
    deal = {kind for law, _ in laws if not isinstance(law, PlayLaw) for kind in law.kinds}
    play = {kind for law, _ in laws if isinstance(law, PlayLaw) for kind in law.kinds}
    matches = sum(len(rule_sets) for law, rule_sets in laws if isinstance(law, MatchLaw))
    return 1.5 * len(deal) + 0.2 * len(play) + 0.03 * len(laws) + 0.2 * matches


def check_all(laws: Sequence[AnyLaw]) -> list[AnyResult]:
    """Each law checked (not cached: :func:`remember` does that in the process that reads
    the results), the random deals of the deal and match laws played first, together
    (:func:`~explainer.engine.play_ahead`: each deal dealt and played once for all)."""
    play_ahead(
        (law.kinds, (rule_sets if isinstance(law, DealLaw) else _classic(rule_sets)).values())
        for law, rule_sets in laws
        if not isinstance(law, PlayLaw)
    )
    return [_check(law, rule_sets) for law, rule_sets in laws]


def remember(law: AnyLawT, rule_sets: Mapping[str, AnyRules], result: AnyResult) -> None:
    """Keep a result checked elsewhere, as :func:`checked_result` keeps its own."""
    key = _digest(law, rule_sets)
    _MEMO[key] = result
    _store(key, result)


def _encode(result: AnyResult) -> list[Any] | None:
    out: list[Any] = []
    for o in result.outcomes:
        if isinstance(o, MatchOutcome):
            match: list[Any] = ["match", o.preset, o.holds, o.matches, o.matching, o.deals]
            if o.counterexample is not None:
                match.append(_encode_match(o.counterexample))
            out.append(match)
            continue
        if isinstance(o, DealOutcome):
            item: list[Any] = ["deal", o.preset, o.holds, o.deals, o.matching]
            if o.counterexample is not None:
                item.append(_encode_deal(o.counterexample))
            out.append(item)
            continue
        cx = o.counterexample
        example = None
        if cx is not None:
            example = [int(cx.trump), [[int(s), c] for s, c in cx.trick], int(cx.seat),
                       list(cx.hand), list(cx.legal), cx.rule.value]  # fmt: skip
        out.append(["play", o.preset, o.holds, o.exhaustive, o.sampled, example])
    return out


def _decode(data: Sequence[Any], rule_sets: Mapping[str, AnyRules]) -> AnyResult:
    play: list[LawOutcome] = []
    deal: list[DealOutcome] = []
    match: list[MatchOutcome] = []
    for item in data:
        if item[0] == "match":
            _, preset, holds, matches, matching, deals, *ending = item
            cut = _decode_match(ending[0], rule_sets[preset]) if ending else None
            match.append(MatchOutcome(str(preset), bool(holds), int(matches), int(matching),
                                      int(deals), cut))  # fmt: skip
            continue
        if item[0] == "deal":
            _, preset, holds, deals, matching, *failing = item
            failed = _decode_deal(failing[0], rule_sets[preset]) if failing else None
            deal.append(DealOutcome(str(preset), bool(holds), int(deals), int(matching), failed))
            continue
        _, preset, holds, exhaustive, sampled, ex = item
        cx = None
        if ex is not None:
            trump, trick, seat, hand, legal, rule = ex
            played = rule_sets[preset]
            if isinstance(played, CoincheRules):
                raise ValueError("a play law's rule sets are classic ones")
            cx = Counterexample(Trump(trump), played,
                                tuple((Seat(s), int(c)) for s, c in trick), Seat(seat),
                                tuple(map(int, hand)), tuple(map(int, legal)), Rule(rule))  # fmt: skip
        play.append(LawOutcome(str(preset), bool(holds), int(exhaustive), int(sampled), cx))
    if sum(map(bool, (play, deal, match))) > 1:
        raise ValueError("mixed outcomes")
    if match:
        return LawResult(tuple(match))
    return LawResult(tuple(play)) if play else LawResult(tuple(deal))


def _encode_deal(cx: DealCounterexample) -> list[Any]:
    """A failing deal as JSON data: the deal as played and scored, and the conclusion."""
    d = cx.deal
    seat = [None if d.belote is None else int(d.belote), None if d.capot is None else int(d.capot)]
    return [
        int(cx.trump), int(d.taker), list(d.hands), int(d.leader), list(d.cards),
        [int(w) for w in d.winners], list(d.card_points), seat, list(d.points), d.made,
        list(d.score), [int(b) for b in d.belotes], d.held,
        cx.conclusion.value, isinstance(cx.conclusion, DealPremise), _encode_contract(cx),
    ]  # fmt: skip


def _encode_contract(cx: DealCounterexample) -> list[Any] | None:
    """A Coinche counterexample's contract as JSON data (its bid and level; the taker and
    trump are the deal's), ``None`` for a classic deal."""
    c = cx.contract
    return None if c is None else [c.written_bid, int(c.level)]


def _decode_deal(data: Sequence[Any], rules: AnyRules) -> DealCounterexample:
    """The failing deal read back (:func:`_encode_deal`), under ``rules`` (a Coinche deal
    under a Coinche rule set: played under its play rules, with its contract)."""
    (trump, taker, hands, leader, cards, winners, card_points, (belote, capot), points, made,
     score, belotes, held, conclusion, is_premise, bid) = data  # fmt: skip
    coinche = rules if isinstance(rules, CoincheRules) else None
    played = rules if isinstance(rules, RuleSet) else rules.play_rules
    deal = RandomDeal(
        Trump(trump), Seat(taker), (hands[0], hands[1], hands[2], hands[3]), Seat(leader),
        tuple(map(int, cards)), tuple(Seat(w) for w in winners),
        (int(card_points[0]), int(card_points[1])), None if belote is None else Seat(belote),
        None if capot is None else Team(capot), (int(points[0]), int(points[1])), bool(made),
        (int(score[0]), int(score[1])), tuple(Seat(b) for b in belotes), int(held), played,
    )  # fmt: skip
    said = DealPremise(conclusion) if is_premise else DealConclusion(conclusion)
    contract = None
    if coinche is not None:
        value = int(bid[0]) if str(bid[0]).isdigit() else BidKind(bid[0])
        contract = CoincheContract(Seat(taker), Trump(trump), value, Level(int(bid[1])))
    return DealCounterexample(Trump(trump), played, deal, said, coinche, contract)


def _team(team: Team | None) -> int | None:
    return None if team is None else int(team)


def _read_team(value: Any) -> Team | None:
    return None if value is None else Team(value)


def _encode_match(cx: MatchCounterexample) -> list[Any]:
    """A failing match as JSON data: its first dealer, the totals before it, its deals
    (each field of :class:`~explainer.engine.MatchDeal`) and the word that is false."""
    deals = [
        [list(d.score), _team(d.capot), [int(t) for t in d.belote], _team(d.failed), d.annulled,
         _team(d.made), d.held]
        for d in cx.deals
    ]  # fmt: skip
    return [int(cx.dealer), list(cx.start), deals, cx.conclusion.value,
            isinstance(cx.conclusion, MatchPremise)]  # fmt: skip


def _decode_match(data: Sequence[Any], rules: AnyRules) -> MatchCounterexample:
    """The failing match read back (:func:`_encode_match`), under ``rules`` (a match law
    is classic: a Coinche rule set here is an unreadable entry, checked again)."""
    if not isinstance(rules, RuleSet):
        raise TypeError("a match counterexample under Coinche rules")
    dealer, (ns, ew), deals, conclusion, is_premise = data
    read = tuple(
        MatchDeal((int(score[0]), int(score[1])), _read_team(capot), tuple(Team(t) for t in belote),
                  _read_team(failed), bool(annulled), _read_team(made), int(held))
        for score, capot, belote, failed, annulled, made, held in deals
    )  # fmt: skip
    said = MatchPremise(conclusion) if is_premise else MatchConclusion(conclusion)
    return MatchCounterexample(rules, Seat(dealer), (int(ns), int(ew)), read, said)


def _load(key: str, rule_sets: Mapping[str, AnyRules]) -> AnyResult | None:
    """The cached result, or ``None`` (none, or unreadable: then it is checked again)."""
    data = explainer_cache.read_entry(CACHE_FOLDER, key)
    if not isinstance(data, list):
        return None
    try:
        result = _decode(data, rule_sets)
    except (ValueError, TypeError, KeyError, IndexError):
        return None
    if [o.preset for o in result.outcomes] != list(rule_sets):
        return None
    return result


def _store(key: str, result: AnyResult) -> None:
    """Write the result (atomically, by the project's cache), its counterexamples with
    it; a cache that cannot be written is no error."""
    data = _encode(result)
    if data is not None:
        explainer_cache.write_entry(CACHE_FOLDER, key, data, keep=CACHE_KEEP)


def counterexample_line(cx: Counterexample) -> str:
    """The counterexample as a ``kind: play`` scenario in flow YAML, on one line."""
    return "{" + ", ".join(counterexample_yaml(cx).splitlines()) + "}"


KIND: Final = LawKind()
