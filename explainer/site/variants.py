"""Computed variants: each example under every other preset of its game.

An example is checked under the rule set it names; the sources disagree on some rules,
so a reader also sees what the other presets would say. For every preset of the
example's game (:func:`explainer.engine.presets_for`) the engine recomputes the example;
each checked fact (a key of ``expect``) whose value differs becomes a :class:`Variant`,
with the knob that decides it and that knob's first citation (document, edition,
section). The page words it in its own language (``templates/examples.html``); nothing
here is prose, and no number is typed by hand.

Some values are played elsewhere and taken by no preset (the engine's ``OTHER_VALUES``:
OpenSpiel's Belote without the belote, belote-cli's unscaled tout-atout points,
Oliboy50's Coinche); where one of those values, set alone, changes the outcome or the
score of an example that takes no such value itself, that is a variant too, marked
``elsewhere`` and cited to the program (or document) that plays it.

This supersedes the author's ``status: disputed``: an example is disputed exactly when
it has variants (``status`` is still read, for compatibility, and shows its ``reason``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any, Final

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_OTHER_VALUES,
    COINCHE_PRESETS,
    KNOBS,
    OTHER_VALUES,
    PLAY_KNOBS,
    PRESET_SOURCES,
    PRESETS,
    Citation,
    CoincheRules,
    EngineError,
    Knob,
    RuleSet,
    Source,
    Sourced,
    preset_sources,
    presets_for,
)
from explainer.scenarios.kinds import kind_of
from explainer.scenarios.model import Scenario

from .examples import outcome_of, view_of
from .outcomes import Outcome

__all__ = [
    "GAMES",
    "OUTCOME",
    "RULE_SETS",
    "UNPLAYABLE",
    "GameRuleSets",
    "OtherValueRow",
    "RuleSetRow",
    "Variant",
    "other_value_rows",
    "rule_set_games",
    "rule_set_rows",
    "rules_anchor",
    "variants",
]

UNPLAYABLE: Final = "playable"
"""The pseudo-fact of a deal that another preset's play rules do not allow."""
OUTCOME: Final = "outcome"
"""The pseudo-fact of a deal whose outcome another preset reads otherwise (made, failed,
held over...): it stands for the checked fact ``made``, which cannot tell a failed
contract from a *litige*."""

#: The order facts are shown in (the rest follow in the kind's order).
_SHOWN_FIRST: Final = (OUTCOME, "score", "legal", "rule")

#: The facts a variant played elsewhere shows: what the deal comes to, not the lines before
#: it (a deal's outcome is told by its :data:`OUTCOME`, as under another preset).
_ELSEWHERE_FACTS: Final = ("made", "score")


@dataclass(frozen=True, slots=True)
class Variant:
    """One checked fact that another preset computes differently.

    ``got`` is the value under the example's own rules, ``other`` under ``preset``;
    ``knob`` is the rule that makes the difference, ``other_value`` its value in
    ``preset`` as a scenario writes it, and ``cite`` its source in that preset (``None``
    where the preset's value rests on a note only). ``anchor`` is the value's anchor on
    the Rule sets page, ``None`` where that page has no row for it. An ``elsewhere``
    variant is a value of ``knob`` no preset takes (``preset`` is then the key of its
    source, and ``cite`` the program's code or the document). ``outcome`` is, for the
    pseudo-fact :data:`OUTCOME`, what the deal's outcome says under ``preset``.
    """

    preset: str
    knob: str
    cite: Citation | None
    fact: str
    got: Any
    other: Any
    other_value: str
    anchor: str | None
    elsewhere: bool = False
    outcome: Outcome | None = None
    score: Any = None
    """With :attr:`outcome`, the deal's score under ``preset`` where it differs (``None``
    where it does not): one note says both."""


Rules = RuleSet | CoincheRules


@dataclass(frozen=True, slots=True)
class _Family:
    """The presets of one game and how to read and set their knobs: the classic rule
    sets (``RuleSet``) or the Coinche ones (``CoincheRules``)."""

    presets: Mapping[str, Rules]
    knobs: tuple[str, ...]
    sources: Mapping[str, Mapping[str, Sourced]]
    game: str
    carried: tuple[str, ...]
    """Knobs that say which game is played rather than which source is followed (a
    match's ``target`` and rounding, classic Belote with declarations, with sans atout
    and tout atout bids, with a coinche, without the belote): the example's value is
    kept under every other preset."""
    other_values: Mapping[str, Mapping[str, Sourced]]
    """The values other programs play and no preset takes, by knob."""

    def value(self, rules: Rules, knob: str) -> str:
        """``knob``'s value in ``rules``, as a scenario writes it."""
        if isinstance(rules, CoincheRules):
            return rules.written(knob)
        return str(getattr(rules, knob))


def _family(rules: Rules) -> _Family:
    """The family ``rules`` belong to: Coinche rule sets, a Coinche preset's play rules
    (in a play example), or a classic game's presets."""
    if isinstance(rules, CoincheRules):
        return _families("coinche")
    return _families("coinche-play" if rules.game == "coinche" else rules.game)


@cache
def _families(which: str) -> _Family:
    """One family, built once: every example of a game reads the same presets, knobs
    and sources (the engine's frozen tables), and a Coinche preset's play rules are
    derived from the preset."""
    if which == "coinche":
        return _Family(
            COINCHE_PRESETS, tuple(COINCHE_KNOBS), PRESET_SOURCES, "coinche",
            carried=("target",), other_values=COINCHE_OTHER_VALUES,
        )  # fmt: skip
    if which == "coinche-play":  # a Coinche preset's play rules, in a play example
        return _Family(
            {n: p.play_rules for n, p in COINCHE_PRESETS.items()}, PLAY_KNOBS, PRESET_SOURCES,
            "coinche", carried=(), other_values={},
        )  # fmt: skip
    names = presets_for(which)
    return _Family(
        {n: PRESETS[n] for n in names},
        tuple(KNOBS),
        {n: preset_sources(n) for n in names},
        which,
        carried=(
            "classic_declarations",
            "classic_sa_ta",
            "classic_coinche",
            "belote_bonus",
            "target",
            "rounding",
        ),
        other_values=OTHER_VALUES,
    )


def _other(family: _Family, base: Rules, preset: str) -> Rules:
    """``preset`` with the example's :attr:`_Family.carried` knobs."""
    rules = family.presets[preset]
    changed = {k: family.value(base, k) for k in family.carried}
    same = all(family.value(rules, k) == v for k, v in changed.items())
    return rules if same else rules.with_knobs(**changed)


def _recomputed(scenario: Scenario, rules: Rules) -> Scenario | None:
    """``scenario`` recomputed by its kind under ``rules``, or ``None`` if it cannot
    happen under them (an illegal play or call)."""
    try:
        other: Scenario = kind_of(scenario).recompute(scenario, rules)
    except EngineError:
        return None
    return other


def _checked(scenario: Scenario, other: Scenario) -> dict[str, Any]:
    """The facts ``scenario`` states, as ``other`` (it recomputed) has them."""
    computed = kind_of(scenario).computed(other)
    return {k: computed.get(k) for k in scenario.expect}


class _Example:
    """One example and what it comes to under other rules, each rule set's answer
    computed once: the notes ask for the same rule sets many times (the example's own
    rules for every preset, a preset's rules again to find its deciding knob, one knob
    value shared by several presets), and recomputing a deal is the engine playing it
    again. Equal rules give equal answers, so the answers are kept by rules; the example
    is kept only while its notes are made."""

    __slots__ = ("_done", "_facts", "_own", "scenario")

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self._done: dict[Rules, Scenario | None] = {}
        self._facts: dict[Rules, dict[str, Any] | None] = {}
        self._own: list[Outcome] = []

    def recomputed(self, rules: Rules) -> Scenario | None:
        """The example recomputed under ``rules`` (:func:`_recomputed`)."""
        if rules not in self._done:
            self._done[rules] = _recomputed(self.scenario, rules)
        return self._done[rules]

    def facts(self, rules: Rules) -> dict[str, Any] | None:
        """The checked facts of the example under ``rules``, or ``None`` if it cannot
        happen under them (an illegal play or call). Read only: the dict is shared."""
        if rules not in self._facts:
            other = self.recomputed(rules)
            self._facts[rules] = None if other is None else _checked(self.scenario, other)
        return self._facts[rules]

    def outcome(self) -> Outcome:
        """What the example's own deal comes to, read by the one outcome logic of every
        deal example (:func:`~.examples.outcome_of`); asked once per preset."""
        if not self._own:
            self._own.append(outcome_of(view_of(self.scenario)))
        return self._own[0]

    def told(self, rules: Rules) -> Outcome | None:
        """What the deal comes to under ``rules`` where its verdict is not the example's
        own, else ``None`` (also where it cannot be played under them): read by the same
        outcome logic, so that a tie or a *litige* elsewhere is told as what it is,
        never as "made" or "failed"."""
        other = self.recomputed(rules)
        if other is None:
            return None
        theirs = outcome_of(view_of(other))
        return None if self.outcome().verdict is theirs.verdict else theirs


def _shown(facts: dict[str, Any] | None, shown: tuple[str, ...]) -> dict[str, Any] | None:
    return None if facts is None else {k: v for k, v in facts.items() if k in shown}


def _deciding_knob(
    ex: _Example, family: _Family, base: Rules, other: Rules, shown: tuple[str, ...]
) -> str:
    """The knob whose value alone (set as in ``other``, a preset with the example's carried
    knobs) gives ``other``'s facts: the first such knob in the game's knob order; else the
    first knob that alone changes a fact (two knobs together make the difference); else
    the first knob the rule sets differ in. Only the ``shown`` facts are compared."""
    differing = [k for k in family.knobs if family.value(base, k) != family.value(other, k)]
    mine = _shown(ex.facts(base), shown)
    target = _shown(ex.facts(other), shown)
    changing: list[str] = []
    for knob in differing:
        changed = _with_knob(base, knob, family.value(other, knob))
        facts = _shown(ex.facts(changed), shown)
        if facts == target:
            return knob
        if facts != mine:
            changing.append(knob)
    return (changing or differing)[0]


@lru_cache(maxsize=1024)
def _with_knob(rules: Rules, knob: str, value: str) -> Rules:
    """``rules`` with one knob set, made once: every example under the same rules asks
    for the same few (each preset's values, one knob at a time)."""
    return rules.with_knobs(**{knob: value})


def _variant(family: _Family, preset: str, knob: str, fact: str, got: Any, other: Any) -> Variant:
    cites = family.sources[preset][knob].cites
    value = family.value(family.presets[preset], knob)
    anchor = f"{preset}-{knob}" if knob in _knobs(family.game) else None
    return Variant(preset, knob, cites[0] if cites else None, fact, got, other, value, anchor)


def _preset_variants(
    ex: _Example,
    family: _Family,
    pair: tuple[Rules, Rules],
    preset: str,
    facts: tuple[dict[str, Any], tuple[str, ...]],
) -> list[Variant]:
    """The variants of one other preset: ``pair`` is the example's rules and the preset's
    (with the example's carried knobs), ``facts`` the example's own facts and those its
    notes show. The deciding knob is looked for only when there is something to say: it
    recomputes the example once per knob the two rule sets differ in."""
    base, rules = pair
    mine, shown = facts
    theirs = ex.facts(rules)
    if theirs is None:
        knob = _deciding_knob(ex, family, base, rules, shown)
        return [_variant(family, preset, knob, UNPLAYABLE, True, False)]
    differ = sorted((k for k in mine if k in shown and mine[k] != theirs[k]), key=_order)
    told = ex.told(rules) if "made" in kind_of(ex.scenario).fact_keys else None
    if not differ and told is None:
        return []
    knob = _deciding_knob(ex, family, base, rules, shown)
    out: list[Variant] = []
    if told is not None:  # the verdict differs: one note says it, with the score
        score = theirs["score"] if "score" in differ else None
        v = _variant(family, preset, knob, OUTCOME, ex.outcome().verdict, told.verdict)
        out.append(replace(v, outcome=told, score=score))
        differ = [k for k in differ if k not in ("made", "score")]
    return out + [_variant(family, preset, knob, k, mine[k], theirs[k]) for k in differ]


def _order(fact: str) -> int:
    return _SHOWN_FIRST.index(fact) if fact in _SHOWN_FIRST else len(_SHOWN_FIRST)


def variants(scenario: Scenario, compare: Collection[str] | None = None) -> tuple[Variant, ...]:
    """Every checked fact of ``scenario`` that another preset of its game computes
    differently, preset by preset (in the game's order); empty for kinds whose facts
    depend on no rule set (the kind's ``rules_of`` says, its ``recompute`` recomputes).
    ``compare``: the presets to compare with (the site's ``compare`` setting), ``None``
    for every preset of the game and the values played elsewhere; a site that names
    what it compares with gets no note on values played elsewhere either."""
    base: Rules | None = kind_of(scenario).rules_of(scenario)
    if base is None:
        return ()
    ex = _Example(scenario)
    mine = ex.facts(base)
    if mine is None:
        return ()
    family = _family(base)
    shown = kind_of(scenario).variant_facts(scenario) or tuple(mine)
    out: list[Variant] = []
    for preset in family.presets:
        if compare is not None and preset not in compare:
            continue
        rules = _other(family, base, preset)
        if rules != base:
            out += _preset_variants(ex, family, (base, rules), preset, (mine, shown))
    if compare is not None:
        return tuple(out)
    return tuple(out) + _elsewhere_variants(ex, family, base, mine)


def _elsewhere_variants(
    ex: _Example, family: _Family, base: Rules, mine: dict[str, Any]
) -> tuple[Variant, ...]:
    """Each value played elsewhere (:attr:`_Family.other_values`) that, set alone, changes
    the outcome or the score of the example; none for an example that takes such a value
    itself (it shows that rule already), nor for an example that is not a deal and states
    neither of the facts such a variant shows (a play example: nothing to recompute)."""
    table = family.other_values
    if any(family.value(base, knob) in values for knob, values in table.items()):
        return ()
    deal = "made" in kind_of(ex.scenario).fact_keys
    if not deal and not any(fact in mine for fact in _ELSEWHERE_FACTS):
        return ()
    out: list[Variant] = []
    for knob, values in table.items():
        for value, sourced in values.items():
            other = _Elsewhere(knob, value, sourced, family.game == "belote")
            out += _elsewhere_variant(ex, _with_knob(base, knob, value), other, mine, deal)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Elsewhere:
    """A value played elsewhere: its knob, its value, its sources, and whether the Rule
    sets page has a row for it (the classic game's values only)."""

    knob: str
    value: str
    sourced: Sourced
    anchored: bool


def _elsewhere_variant(
    ex: _Example, rules: Rules, other: _Elsewhere, mine: dict[str, Any], deal: bool
) -> list[Variant]:
    """The variants of one value played elsewhere, the example recomputed under
    ``rules`` (its own with that value set)."""
    theirs = ex.facts(rules)
    if theirs is None:
        return []
    knob, value = other.knob, other.value
    cite = other.sourced.cites[0] if other.sourced.cites else None
    anchor = f"other-{knob}-{value}" if other.anchored else None
    source = cite.key if cite is not None else knob
    differ = [f for f in _ELSEWHERE_FACTS if f in mine and mine[f] != theirs[f]]
    told = ex.told(rules) if deal else None
    if told is not None:  # the outcome, told as the example's own is
        score = theirs["score"] if "score" in differ else None
        verdict = ex.outcome().verdict
        return [Variant(source, knob, cite, OUTCOME, verdict, told.verdict, value, anchor,
                        True, told, score)]  # fmt: skip
    return [
        Variant(source, knob, cite, fact, mine[fact], theirs[fact], value, anchor, True)
        for fact in differ
        if not deal or fact == "score"
    ]


RULE_SETS: Final = "rule-sets"
"""The folder of the Rule sets page (``<lang>/rule-sets/``); presets are anchored there
as ``#preset-<name>``, each value as ``#<preset>-<knob>`` and each rule as
``#rule-<game>-<knob>``."""

GAMES: Final = ("belote", "coinche")
"""The games of the Rule sets page, in its order."""

_NOT_SHOWN: Final[Mapping[str, tuple[str, ...]]] = {"coinche": ("classic_declarations",)}
"""Knobs a game's rule sets carry but never use, left off its table: a Coinche rule set
holds ``classic_declarations`` (classic Belote with declarations) only because the two
games share their rule-set code; Coinche's own is ``declarations``."""


@dataclass(frozen=True, slots=True)
class RuleSetRow:
    """One knob of the Rule sets page: its name and each preset's sourced value."""

    knob: str
    values: tuple[tuple[str, Sourced], ...]
    """``(preset, value)`` in the game's preset order."""


@dataclass(frozen=True, slots=True)
class GameRuleSets:
    """One game's part of the Rule sets page: its presets (and the site's own rule sets),
    the documents each cites, and one row per knob."""

    game: str
    presets: tuple[str, ...]
    documents: tuple[tuple[str, tuple[Source, ...]], ...]
    """``(preset, documents)``: the documents the preset's values cite, in first-cited order."""
    rows: tuple[RuleSetRow, ...]


OwnRuleSets = Mapping[str, tuple[str, RuleSet, str]]
"""A site's own rule sets as the Rule sets page takes them: name -> (the preset it starts
from, its rules, its note)."""


def _presets(game: str) -> tuple[str, ...]:
    """The presets of ``game``, default first; aliases (``official``) are left out: they
    are a way of writing a rule set, not a rule set of their own."""
    if game == "coinche":
        return tuple(COINCHE_PRESETS)
    return presets_for(game)


def _sources(game: str, preset: str) -> Mapping[str, Sourced]:
    return PRESET_SOURCES[preset] if game == "coinche" else preset_sources(preset)


def _all_sources(game: str, own: OwnRuleSets | None) -> dict[str, Mapping[str, Sourced]]:
    """Each rule set's values with their sources: the game's presets, then (Belote) the
    site's ``own`` rule sets, whose value is their preset's, with its sources, or, where
    it differs, their own note."""
    sources = {name: _sources(game, name) for name in _presets(game)}
    for name, (preset, rules, note) in (own or {}).items() if game == "belote" else ():
        base = preset_sources(preset)
        sources[name] = {
            k: base[k] if base[k].value == v else Sourced(v, (), note)
            for k, v in rules.knobs.items()
        }
    return sources


def _knobs(game: str) -> tuple[str, ...]:
    table: Mapping[str, Knob] = COINCHE_KNOBS if game == "coinche" else KNOBS
    hidden = _NOT_SHOWN.get(game, ())
    return tuple(k for k, spec in table.items() if game in spec.games and k not in hidden)


def rule_set_rows(game: str = "belote", own: OwnRuleSets | None = None) -> tuple[RuleSetRow, ...]:
    """The knobs x rule sets table of ``game`` (``belote`` or ``coinche``), read from the
    engine's rule-set data (each value with its citations and note), knobs in the game's
    order, presets in the game's order (aliases left out), then the site's ``own``."""
    sources = _all_sources(game, own)
    return tuple(
        RuleSetRow(knob, tuple((name, values[knob]) for name, values in sources.items()))
        for knob in _knobs(game)
    )


@dataclass(frozen=True, slots=True)
class OtherValueRow:
    """A value of a classic knob that no preset takes, played elsewhere: the Rule sets
    page's second table, each row anchored ``#other-<knob>-<value>`` for the variants
    played elsewhere (:attr:`Variant.elsewhere`)."""

    knob: str
    value: str
    sourced: Sourced

    @property
    def anchor(self) -> str:
        """The row's id on the Rule sets page."""
        return f"other-{self.knob}-{self.value}"


def other_value_rows() -> tuple[OtherValueRow, ...]:
    """Every value of a classic knob no preset takes (the engine's ``OTHER_VALUES``),
    knobs in :data:`KNOBS` order, each with its citations and note."""
    return tuple(
        OtherValueRow(knob, value, sourced)
        for knob in KNOBS
        for value, sourced in OTHER_VALUES.get(knob, {}).items()
    )


def _documents(game: str, values: Mapping[str, Sourced]) -> tuple[Source, ...]:
    seen: dict[str, Source] = {}
    for knob in _knobs(game):
        for cite in values[knob].cites:
            seen.setdefault(cite.source.url or cite.source.title, cite.source)
    return tuple(seen.values())


def rule_set_games(own: OwnRuleSets | None = None) -> tuple[GameRuleSets, ...]:
    """Every game's part of the Rule sets page (:data:`GAMES`), the site's ``own`` rule
    sets after the Belote presets."""
    games = []
    for game in GAMES:
        sources = _all_sources(game, own)
        games.append(
            GameRuleSets(
                game,
                tuple(sources),
                tuple((name, _documents(game, values)) for name, values in sources.items()),
                rule_set_rows(game, own),
            )
        )
    return tuple(games)


def rules_anchor(rules: RuleSet | CoincheRules, own: Collection[str] = ()) -> str:
    """Where the Rule sets page shows ``rules``: its preset (``preset-<name>``) or the
    site's own rule set of that name (``own``), or the page's top for a rule set the page
    does not list (an alias such as ``official``)."""
    shown = rules.name in _listed_presets() or rules.name in own
    return f"preset-{rules.name}" if shown else "rule-sets"


@cache
def _listed_presets() -> frozenset[str]:
    """The presets the Rule sets page lists, every game's: found once, as every example's
    contract line links to its rule set."""
    return frozenset(p for game in GAMES for p in _presets(game))
