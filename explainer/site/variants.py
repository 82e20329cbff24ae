"""Computed variants: each example under every other preset of its game.

An example is checked under the rule set it names; the sources disagree on some rules,
so a reader also sees what the other presets would say. For every preset of the
example's game (:func:`explainer.engine.presets_for`) the engine recomputes the example;
each checked fact (a key of ``expect``) whose value differs becomes a :class:`Variant`,
with the knob that decides it and that knob's first citation (document, edition,
section). The page words it in its own language (``templates/examples.html``); nothing
here is prose, and no number is typed by hand.

This supersedes the author's ``status: disputed``: an example is disputed exactly when
it has variants (``status`` is still read, for compatibility, and shows its ``reason``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Final

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    KNOBS,
    PRESET_SOURCES,
    PRESETS,
    Citation,
    CoincheRules,
    EngineError,
    RuleSet,
    Sourced,
    preset_sources,
    presets_for,
)
from explainer.scenarios.kinds import kind_of
from explainer.scenarios.model import Scenario

__all__ = ["RULE_SETS", "UNPLAYABLE", "RuleSetRow", "Variant", "rule_set_rows", "variants"]

UNPLAYABLE: Final = "playable"
"""The pseudo-fact of a deal that another preset's play rules do not allow."""

#: The order facts are shown in (the rest follow in the kind's order).
_SHOWN_FIRST: Final = ("made", "score", "legal", "rule")


@dataclass(frozen=True, slots=True)
class Variant:
    """One checked fact that another preset computes differently.

    ``got`` is the value under the example's own rules, ``other`` under ``preset``;
    ``knob`` is the rule that makes the difference, ``other_value`` its value in
    ``preset`` as a scenario writes it, and ``cite`` its source in that preset (``None``
    where the preset's value rests on a note only). ``anchor`` is the value's anchor on
    the Rule sets page, ``None`` where that page has no row for it (Coinche).
    """

    preset: str
    knob: str
    cite: Citation | None
    fact: str
    got: Any
    other: Any
    other_value: str
    anchor: str | None


Rules = RuleSet | CoincheRules


@dataclass(frozen=True, slots=True)
class _Family:
    """The presets of one game and how to read and set their knobs: the classic rule
    sets (``RuleSet``) or the Coinche ones (``CoincheRules``)."""

    presets: Mapping[str, Rules]
    knobs: tuple[str, ...]
    sources: Mapping[str, Mapping[str, Sourced]]
    anchored: bool
    carried: tuple[str, ...]
    """Knobs that say which game is played rather than which source is followed (a
    match's ``target``, classic Belote with declarations): the example's value is kept
    under every other preset."""

    def value(self, rules: Rules, knob: str) -> str:
        """``knob``'s value in ``rules``, as a scenario writes it."""
        if isinstance(rules, CoincheRules):
            return rules.knobs[knob]
        return str(getattr(rules, knob))


def _family(rules: Rules) -> _Family:
    if isinstance(rules, CoincheRules):
        return _Family(
            COINCHE_PRESETS, tuple(COINCHE_KNOBS), PRESET_SOURCES, anchored=False,
            carried=("target",),
        )  # fmt: skip
    names = presets_for(rules.game)
    return _Family(
        {n: PRESETS[n] for n in names},
        tuple(KNOBS),
        {n: preset_sources(n) for n in names},
        anchored=True,
        carried=("classic_declarations",),
    )


def _other(family: _Family, base: Rules, preset: str) -> Rules:
    """``preset`` with the example's :attr:`_Family.carried` knobs."""
    rules = family.presets[preset]
    changed = {k: family.value(base, k) for k in family.carried}
    same = all(family.value(rules, k) == v for k, v in changed.items())
    return rules if same else rules.with_knobs(**changed)


def _facts(scenario: Scenario, rules: Rules) -> dict[str, Any] | None:
    """The checked facts of ``scenario`` under ``rules``, or ``None`` if it cannot
    happen under them (an illegal play or call): the kind recomputes it."""
    kind = kind_of(scenario)
    try:
        other = kind.recompute(scenario, rules)
    except EngineError:
        return None
    computed = kind.computed(other)
    return {k: computed.get(k) for k in scenario.expect}


def _shown(facts: dict[str, Any] | None, shown: tuple[str, ...]) -> dict[str, Any] | None:
    return None if facts is None else {k: v for k, v in facts.items() if k in shown}


def _deciding_knob(
    scenario: Scenario, family: _Family, base: Rules, preset: str, shown: tuple[str, ...]
) -> str:
    """The knob whose value alone (set as in ``preset``) gives ``preset``'s facts: the first such
    knob in the game's knob order; else the first knob that alone changes a fact (two
    knobs together make the difference); else the first knob the rule sets differ in.
    Only the ``shown`` facts are compared."""
    other = _other(family, base, preset)
    differing = [k for k in family.knobs if family.value(base, k) != family.value(other, k)]
    mine = _shown(_facts(scenario, base), shown)
    target = _shown(_facts(scenario, other), shown)
    changing: list[str] = []
    for knob in differing:
        changed = base.with_knobs(**{knob: family.value(other, knob)})
        facts = _shown(_facts(scenario, changed), shown)
        if facts == target:
            return knob
        if facts != mine:
            changing.append(knob)
    return (changing or differing)[0]


def _variant(family: _Family, preset: str, knob: str, fact: str, got: Any, other: Any) -> Variant:
    cites = family.sources[preset][knob].cites
    value = family.value(family.presets[preset], knob)
    anchor = f"{preset}-{knob}" if family.anchored else None
    return Variant(preset, knob, cites[0] if cites else None, fact, got, other, value, anchor)


def _order(fact: str) -> int:
    return _SHOWN_FIRST.index(fact) if fact in _SHOWN_FIRST else len(_SHOWN_FIRST)


def variants(scenario: Scenario, compare: Collection[str] | None = None) -> tuple[Variant, ...]:
    """Every checked fact of ``scenario`` that another preset of its game computes
    differently, preset by preset (in the game's order); empty for kinds whose facts
    depend on no rule set (the kind's ``rules_of`` says, its ``recompute`` recomputes).
    ``compare``: the presets to compare with (the site's ``compare`` setting), ``None``
    for every preset of the game."""
    base: Rules | None = kind_of(scenario).rules_of(scenario)
    if base is None:
        return ()
    mine = _facts(scenario, base)
    if mine is None:
        return ()
    family = _family(base)
    shown = kind_of(scenario).variant_facts(scenario) or tuple(mine)
    out: list[Variant] = []
    for preset in family.presets:
        if compare is not None and preset not in compare:
            continue
        rules = _other(family, base, preset)
        if rules == base:
            continue
        theirs = _facts(scenario, rules)
        knob = _deciding_knob(scenario, family, base, preset, shown)
        if theirs is None:
            out.append(_variant(family, preset, knob, UNPLAYABLE, True, False))
            continue
        differ = sorted((k for k in mine if k in shown and mine[k] != theirs[k]), key=_order)
        out += [_variant(family, preset, knob, k, mine[k], theirs[k]) for k in differ]
    return tuple(out)


RULE_SETS: Final = "rule-sets"
"""The folder of the Rule sets page (``<lang>/rule-sets/``); presets are anchored there
as ``#preset-<name>`` and each value as ``#<preset>-<knob>``."""


@dataclass(frozen=True, slots=True)
class RuleSetRow:
    """One knob of the Rule sets page: its name and each preset's sourced value."""

    knob: str
    values: tuple[tuple[str, Sourced], ...]
    """``(preset, value)`` in the game's preset order."""


def rule_set_rows(
    game: str = "belote", own: Mapping[str, tuple[str, RuleSet, str]] | None = None
) -> tuple[RuleSetRow, ...]:
    """The knobs x presets table of ``game``, read from the engine's rule-set data (each
    value with its citations and note), knobs in :data:`KNOBS` order; the game's presets
    first, then its aliases (``official``), then the site's ``own`` rule sets (name ->
    its preset, its rules, its note), so every contract line has an anchor. A site's
    value is its preset's, with its sources, or, where it differs, its own note."""
    names = presets_for(game)
    names += tuple(n for n, r in PRESETS.items() if r.game == game and n not in names)
    sources = {name: preset_sources(name) for name in names}
    for name, (preset, rules, note) in (own or {}).items():
        base = preset_sources(preset)
        sources[name] = {
            k: base[k] if base[k].value == v else Sourced(v, (), note)
            for k, v in rules.knobs.items()
        }
    return tuple(
        RuleSetRow(knob, tuple((name, values[knob]) for name, values in sources.items()))
        for knob, spec in KNOBS.items()
        if game in spec.games
    )
