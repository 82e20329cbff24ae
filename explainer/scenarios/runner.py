"""Runs a loaded scenario through the engine and compares the stated facts.

:func:`facts` returns every fact the engine can state about a scenario, as engine
values (the same types as ``Scenario.expect``); :func:`compute` the same facts in
YAML-ready form (strings, ints, bools, lists, dicts), for ``--fill`` and the report;
:func:`run` the disagreements, one :class:`Diagnostic` per ``expect`` key, each naming
what the scenario says and what the engine computed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

from explainer.engine import Seat, Team, Trump, card_str
from explainer.engine.play import Rule

from .diagnostics import DISAGREE, INVALID, Code, Diagnostic, one_line
from .keys import EXPECT_KEYS
from .model import (
    AnyScenario,
    BiddingScenario,
    DealingScenario,
    DealScenario,
    Location,
    PlayScenario,
)

__all__ = ["NUMBER", "compute", "facts", "prose_numbers", "run", "run_all", "show", "to_yaml"]


def facts(scenario: AnyScenario) -> dict[str, Any]:
    """Every computable ``expect`` fact of ``scenario``, as engine values, in key order."""
    if isinstance(scenario, PlayScenario):
        return _play_facts(scenario)
    if isinstance(scenario, DealScenario):
        d = scenario.outcome
        return {
            "tricks": d.winners,
            "card_points": _teams(d.card_points),
            "last_trick": d.last_trick,
            "belote": d.belote,
            "capot": d.capot,
            "points": _teams(d.points),
            "made": d.made,
            "score": _teams(d.score),
        }
    if isinstance(scenario, BiddingScenario):
        b = scenario.outcome
        return {"taker": b.taker, "trump": b.trump, "annulled": b.annulled}
    if isinstance(scenario, DealingScenario):
        g = scenario.outcome
        hands = g.hands if g.hands is not None else g.first
        return {
            "turned": g.turned,
            "hands": {Seat(i): frozenset(h) for i, h in enumerate(hands)},
        }
    raise TypeError(f"not a scenario: {scenario!r}")  # pragma: no cover


def _teams(pair: tuple[int, int]) -> dict[Team, int]:
    return {Team.NS: pair[0], Team.EW: pair[1]}


def _play_facts(s: PlayScenario) -> dict[str, Any]:
    out: dict[str, Any] = {}
    ruling, trick = s.outcome.ruling, s.outcome.trick
    if ruling is not None:
        out["legal"] = frozenset(ruling.legal)
        out["rule"] = ruling.rule
    if trick is not None:
        out["winner"] = trick.winner
        out["points"] = trick.points
    return out


def to_yaml(value: Any) -> Any:
    """An engine value in the form a scenario writes it (cards as sets in deck order)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return value
    if isinstance(value, (Seat, Team)):
        return value.name
    if isinstance(value, Rule):
        return value.value
    if isinstance(value, Trump):
        return value.word
    if isinstance(value, frozenset):
        return [card_str(c) for c in sorted(value)]
    if isinstance(value, tuple):
        return [to_yaml(v) for v in value]
    if isinstance(value, dict):
        return {to_yaml(k): to_yaml(v) for k, v in value.items()}
    return value


def compute(scenario: AnyScenario) -> dict[str, Any]:
    """The engine's facts in YAML-ready form (``{"legal": ["9D"], "rule": "climb"}``)."""
    out = {}
    for key, value in facts(scenario).items():
        if key == "turned" and isinstance(value, int):
            out[key] = card_str(value)
        else:
            out[key] = to_yaml(value)
    return out


def show(key: str, value: Any) -> str:
    """A fact as one line of text: ``7S 9S``, ``NS 97, EW 55``, ``true``, ``none``."""
    if key == "turned" and isinstance(value, int) and not isinstance(value, bool):
        return card_str(value)
    y = to_yaml(value)
    if isinstance(y, bool):
        return "true" if y else "false"
    if isinstance(y, list):
        return " ".join(map(str, y)) or "(none)"
    if isinstance(y, dict):
        return ", ".join(
            f"{k} {show('', v) if not isinstance(v, list) else ' '.join(v)}" for k, v in y.items()
        )
    return str(y)


_ORDER: Final = {kind: {k: i for i, k in enumerate(keys)} for kind, keys in EXPECT_KEYS.items()}


NUMBER: Final = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
"""A number written in prose (``41``, ``0.5``), not part of a word or a card token."""
_NOT_PROSE: Final = re.compile(r"\{[^{}]*\}|\]\([^)]*\)")


def _numbers_of(value: Any) -> Iterator[int]:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int) and not isinstance(value, (Seat, Team, Trump)):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _numbers_of(v)
    elif isinstance(value, tuple):
        for v in value:
            yield from _numbers_of(v)


def prose_numbers(scenario: AnyScenario) -> list[Diagnostic]:
    """Numbers in the title or text that no checked fact states.

    Every number an example's prose gives must be one of its ``expect`` values (or, for
    a finished trick whose ``points`` are expected, one of the card points summed), so
    that no figure on a page escapes the check. Card tokens and link targets are not prose.
    """
    allowed = {str(n) for n in _numbers_of(dict(scenario.expect))}
    if isinstance(scenario, PlayScenario) and "points" in scenario.expect:
        trick = scenario.outcome.trick
        if trick is not None:
            allowed.update(str(p) for p in trick.card_points)
    out = []
    for field, text in (("title", scenario.title), ("text", scenario.text)):
        if text is None:
            continue
        for number in NUMBER.findall(_NOT_PROSE.sub(" ", text.source)):
            if number not in allowed:
                out.append(
                    Diagnostic(
                        scenario.where(field),
                        f"{field}: the number {number} is not one of this example's checked facts"
                        " (state it under expect, or write it in words)",
                        Code.PROSE_NUMBER,
                        DISAGREE,
                    )
                )
    return out


def run(scenario: AnyScenario) -> list[Diagnostic]:
    """The disagreements between ``scenario.expect`` and the engine, in key order, then
    any number in the prose that is not a checked fact."""
    out: list[Diagnostic] = prose_numbers(scenario)
    if not scenario.expect:
        return out
    got = facts(scenario)
    for key, said in scenario.expect.items():
        computed = got.get(key, _MISSING)
        if key == "hands" and computed is not _MISSING:
            computed = {seat: computed[seat] for seat in said}
        if computed == said:
            continue
        name = f"expect.{key}"
        message = f"{name}: scenario says {show(key, said)}, engine says {show(key, computed)}"
        if key == "legal":
            rule = got["rule"].value
            message += f" (rule: {rule})"
            surplus = said - computed
            missing = computed - said
            if surplus:
                message += "; not legal: " + " ".join(card_str(c) for c in sorted(surplus))
            if missing:
                message += "; missing: " + " ".join(card_str(c) for c in sorted(missing))
        elif key == "tricks":
            diff = [i + 1 for i, (a, b) in enumerate(zip(said, computed, strict=False)) if a != b]
            if diff:
                message += " (trick " + ", ".join(map(str, diff)) + ")"
        out.append(Diagnostic(scenario.where("expect", key), message, Code.DISAGREE, DISAGREE))
    return out


_MISSING: Final = object()


def run_all(scenarios: Iterable[AnyScenario]) -> list[Diagnostic]:
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
