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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from explainer.engine import (
    KNOBS,
    PRESETS,
    Citation,
    EngineError,
    RuleSet,
    Sourced,
    legal_cards,
    play_deal,
    preset_sources,
    presets_for,
)
from explainer.scenarios.kinds import kind_of
from explainer.scenarios.kinds.play import PlayOutcome
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
    ``knob`` is the rule that makes the difference and ``cite`` its source in that
    preset (``None`` where the preset's value rests on a note only).
    """

    preset: str
    knob: str
    cite: Citation | None
    fact: str
    got: Any
    other: Any

    @property
    def other_value(self) -> str:
        """The deciding knob's value in ``preset``, as a scenario writes it."""
        return str(getattr(PRESETS[self.preset], self.knob))


def _deal_outcome(scenario: Any, rules: RuleSet) -> Any:
    tricks = [list(t) for t in scenario.tricks]
    return play_deal(scenario.contract, tricks, rules, dealer=scenario.dealer)


def _play_outcome(scenario: Any, rules: RuleSet) -> Any:
    trump = scenario.contract.trump
    cards = [c for _, c in scenario.trick]
    ruling = None
    if scenario.hand_seat is not None:
        ruling = legal_cards(list(scenario.hand), cards, trump, rules)
    return PlayOutcome(ruling, scenario.outcome.trick)


_RECOMPUTE: Final[Mapping[str, Callable[[Any, RuleSet], Any]]] = {
    "deal": _deal_outcome,
    "play": _play_outcome,
}
"""How each kind that depends on a rule set recomputes its outcome under another one."""


def _facts(scenario: Scenario, rules: RuleSet) -> dict[str, Any] | None:
    """The checked facts of ``scenario`` under ``rules``, or ``None`` if it cannot be
    played under them (an illegal play)."""
    try:
        outcome = _RECOMPUTE[scenario.kind](scenario, rules)
    except EngineError:
        return None
    other = replace(scenario, rules=rules, outcome=outcome)  # type: ignore[call-arg]
    computed = kind_of(scenario).computed(other)
    return {k: computed.get(k) for k in scenario.expect}


def _deciding_knob(scenario: Scenario, base: RuleSet, preset: str, target: Any) -> str:
    """The knob whose value alone (set as in ``preset``) gives ``target``: the first such
    knob in :data:`KNOBS` order, else the first knob the two rule sets differ in."""
    other = PRESETS[preset]
    differing = [k for k in KNOBS if getattr(base, k) != getattr(other, k)]
    for knob in differing:
        if _facts(scenario, base.with_knobs(**{knob: getattr(other, knob)})) == target:
            return knob
    return differing[0]


def _cite(preset: str, knob: str) -> Citation | None:
    cites = preset_sources(preset)[knob].cites
    return cites[0] if cites else None


def _order(fact: str) -> int:
    return _SHOWN_FIRST.index(fact) if fact in _SHOWN_FIRST else len(_SHOWN_FIRST)


def _variants(scenario: Scenario) -> tuple[Variant, ...]:
    base: RuleSet = scenario.rules  # type: ignore[attr-defined]
    mine = _facts(scenario, base)
    if mine is None:
        return ()
    out: list[Variant] = []
    for preset in presets_for(base.game):
        if PRESETS[preset] == base:
            continue
        theirs = _facts(scenario, PRESETS[preset])
        knob = _deciding_knob(scenario, base, preset, theirs)
        if theirs is None:
            out.append(Variant(preset, knob, _cite(preset, knob), UNPLAYABLE, True, False))
            continue
        differ = sorted((k for k in mine if mine[k] != theirs[k]), key=_order)
        out += [Variant(preset, knob, _cite(preset, knob), k, mine[k], theirs[k]) for k in differ]
    return tuple(out)


def variants(scenario: Scenario) -> tuple[Variant, ...]:
    """Every checked fact of ``scenario`` that another preset of its game computes
    differently, preset by preset (in the game's order); empty for kinds that do not
    depend on a rule set (bidding, dealing)."""
    if scenario.kind not in _RECOMPUTE:
        return ()
    if not isinstance(getattr(scenario, "rules", None), RuleSet):
        return ()  # a Coinche deal: its presets' variants are not computed yet
    return _variants(scenario)


RULE_SETS: Final = "rule-sets"
"""The folder of the Rule sets page (``<lang>/rule-sets/``); presets are anchored there
as ``#preset-<name>`` and each value as ``#<preset>-<knob>``."""


@dataclass(frozen=True, slots=True)
class RuleSetRow:
    """One knob of the Rule sets page: its name and each preset's sourced value."""

    knob: str
    values: tuple[tuple[str, Sourced], ...]
    """``(preset, value)`` in the game's preset order."""


def rule_set_rows(game: str = "belote") -> tuple[RuleSetRow, ...]:
    """The knobs x presets table of ``game``, read from the engine's rule-set data (each
    value with its citations and note), knobs in :data:`KNOBS` order; the game's presets
    first, then its aliases (``official``), so every contract line has an anchor."""
    names = presets_for(game)
    names += tuple(n for n, r in PRESETS.items() if r.game == game and n not in names)
    return tuple(
        RuleSetRow(knob, tuple((name, preset_sources(name)[knob]) for name in names))
        for knob, spec in KNOBS.items()
        if game in spec.games
    )
