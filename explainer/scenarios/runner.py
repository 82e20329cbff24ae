"""Runs a loaded scenario through the engine and compares the stated facts.

:func:`facts` returns every fact the engine can state about a scenario, as engine
values (the same types as ``Scenario.expect``); :func:`compute` the same facts in
YAML-ready form (strings, ints, bools, lists, dicts), for ``--fill`` and the report;
:func:`run` the disagreements, one :class:`Diagnostic` per ``expect`` key, each naming
what the scenario says and what the engine computed. Each fact's type (``facts.py``)
compares, shows and counts it; each kind (``kinds/``) computes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

from .diagnostics import DISAGREE, INVALID, Code, Diagnostic, Location, one_line
from .kinds import kind_of
from .model import Scenario
from .tokens import LINK_TARGET, NUMBER, VALUE_NAMES, VALUE_TOKEN, value_of

__all__ = ["NUMBER", "compute", "facts", "prose_numbers", "run", "run_all"]

_NOT_PROSE: Final = re.compile(r"\{[^{}]*\}|" + LINK_TARGET.pattern)


def facts(scenario: Scenario) -> dict[str, Any]:
    """Every computable ``expect`` fact of ``scenario``, as engine values, in key order."""
    return kind_of(scenario).computed(scenario)


def compute(scenario: Scenario) -> dict[str, Any]:
    """The engine's facts in YAML-ready form (``{"legal": ["9D"], "rule": "climb"}``)."""
    kind = kind_of(scenario)
    return {key: kind.fact(key).type.to_yaml(v) for key, v in facts(scenario).items()}


def prose_numbers(scenario: Scenario, also: Iterable[int] = ()) -> list[Diagnostic]:
    """Numbers in the title or text that no checked fact states.

    Every number an example's prose gives must be one its stated facts state (the
    kind's :meth:`~.kinds.Kind.licensed_numbers`: a points fact its points, a card fact
    none), so that no figure on a page escapes the check. Card tokens and link targets
    are not prose. ``also``: more numbers the prose may give (:func:`run`: those of the
    engine's value of a fact the scenario states wrongly).
    """
    allowed = {str(n) for n in kind_of(scenario).licensed_numbers(scenario)}
    allowed |= {str(n) for n in also}
    out = []
    for field, text in (("title", scenario.title), ("text", scenario.text)):
        if text is None:
            continue
        out += _bad_value_tokens(scenario, field, text.source)
        prose = _NOT_PROSE.sub(" ", text.source)
        for match in NUMBER.finditer(prose):
            if match.group(0) not in allowed:
                out.append(
                    Diagnostic(
                        scenario.where(field),
                        f"{field}: the number {match.group(0)} is not one of this example's "
                        f"checked facts (state it under expect, or write it in words"
                        f"{_card_named(prose, match)})",
                        Code.PROSE_NUMBER,
                        DISAGREE,
                    )
                )
    return out


_OF_SUIT: Final = re.compile(r"\s+of\s+(spades|hearts|diamonds|clubs)\b", re.IGNORECASE)


def _card_named(prose: str, number: re.Match[str]) -> str:
    """``; for the card, write {7C}`` when the number is a card's rank ("the 7 of clubs")."""
    suit = _OF_SUIT.match(prose, number.end())
    if suit is None or number.group(0) not in ("7", "8", "9", "10"):
        return ""
    return f"; for the card, write {{{number.group(0)}{suit.group(1)[0].upper()}}}"


def _bad_value_tokens(scenario: Scenario, field: str, text: str) -> list[Diagnostic]:
    """Value tokens (``{=belote}``) the example cannot give a number for: an unknown
    name, a bad argument, or a kind without a rule set. A value token is checked by
    construction (the site renders the engine's number), so it is never a prose number."""
    rules, contract = getattr(scenario, "rules", None), getattr(scenario, "contract", None)
    out = []
    for match in VALUE_TOKEN.finditer(text):
        name, arg = match.group("name"), match.group("arg")
        if rules is None or contract is None:
            why = f"kind: {scenario.kind} has no rule set"
        elif value_of(name, arg, rules, contract.trump) is None:
            why = f"expected one of {', '.join(VALUE_NAMES)}; points takes a card: {{=points:JH}}"
        else:
            continue
        out.append(
            Diagnostic(
                scenario.where(field),
                f"{field}: unknown value token {match.group(0)} ({why})",
                Code.BAD_VALUE,
                INVALID,
            )
        )
    return out


def run(scenario: Scenario) -> list[Diagnostic]:
    """Any number in the prose that is not a checked fact, then the disagreements
    between ``scenario.expect`` and the engine, in key order.

    One mistake, one message: a wrong fact (``points: 40`` for a trick worth 41) is
    reported at the fact, and the prose's 41, which the right fact would state, is not
    reported as an unchecked number as well."""
    if not scenario.expect:
        return prose_numbers(scenario)
    out: list[Diagnostic] = []
    right: list[int] = []  # the numbers the wrongly stated facts would state
    kind = kind_of(scenario)
    got = kind.computed(scenario)
    for key, said in scenario.expect.items():
        fact = kind.fact(key)
        computed = fact.type.stated(said, got[key]) if key in got else None
        if key in got and computed == said:
            continue
        name = f"expect.{key}"
        engine = fact.type.show(computed) if key in got else "none"
        message = f"{name}: scenario says {fact.type.show(said)}, engine says {engine}"
        if key in got:
            message += kind.note(key, said, computed, got)
        out.append(Diagnostic(scenario.where("expect", key), message, Code.DISAGREE, DISAGREE))
        if key in got:
            right.extend(fact.type.numbers(computed))
    return prose_numbers(scenario, right) + out


def run_all(scenarios: Iterable[Scenario]) -> list[Diagnostic]:
    """:func:`run` over every scenario: the disagreements of all of them, and an
    ``internal error`` diagnostic for a scenario the runner failed on (never a traceback)."""
    out: list[Diagnostic] = []
    for s in scenarios:
        try:
            out.extend(run(s))
        except Exception as exc:  # noqa: BLE001 - reported, never raised to the user
            out.append(
                Diagnostic(
                    Location(s.path, 1, 1),
                    one_line(f"internal error: {type(exc).__name__}: {exc}"),
                    Code.INTERNAL,
                    INVALID,
                )
            )
    return out
