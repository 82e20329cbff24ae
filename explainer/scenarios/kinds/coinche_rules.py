"""The Coinche rule set of a scenario: ``rules`` (top level, or in ``contract``).

``rules: PRESET`` or ``rules: {preset: PRESET, KNOB: VALUE...}``; the presets and the
knobs are the engine's (``COINCHE_PRESETS``, ``COINCHE_KNOBS``), never named here, and
the engine judges every value (``find_coinche_rules``, default ``ffb_coinche``).
"""

from __future__ import annotations

from typing import Any, Final

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    PRESETS,
    STEP_KNOBS,
    CoincheRules,
    EngineError,
    find_coinche_rules,
)

from ..diagnostics import Code, KeyPath, dotted
from ..reader import Reader
from ..yamlsource import MappingNode, Node, ScalarNode
from .base import Pairs

__all__ = ["DEFAULT_PRESET", "coinche_rules_schema", "read_coinche_rules", "rules_of"]

DEFAULT_PRESET: Final = "ffb_coinche"
"""The preset of a Coinche scenario that names none."""


def rules_of(r: Reader, pairs: Pairs, step: str) -> CoincheRules | None:
    """The rule set under ``rules`` in ``pairs`` (the default preset without one), for a
    kind that runs the engine's Coinche ``step`` (a key of ``STEP_KNOBS``)."""
    if "rules" not in pairs:
        return find_coinche_rules(DEFAULT_PRESET)
    return read_coinche_rules(r, pairs["rules"][1], ("rules",), step)


def read_coinche_rules(r: Reader, node: Node, at: KeyPath, step: str) -> CoincheRules | None:
    """The rule set ``node`` names, or ``None`` after reporting the problem at its place.

    A knob the engine's ``step`` never reads is refused, named with the kinds that do
    read it: setting it would change nothing the scenario states, silently."""
    preset, preset_node = DEFAULT_PRESET, node
    knobs: dict[str, tuple[str, Node]] = {}
    unread = False
    if isinstance(node, MappingNode):
        pairs = r.mapping(node, at, ("preset", *COINCHE_KNOBS))
        if pairs is None:
            return None
        for key, (knode, vnode) in pairs.items():
            if key != "preset" and key not in STEP_KNOBS[step]:
                r.error(knode, f"{dotted((*at, key))}: {_not_read(key, step)}", Code.BAD_RULES)
                unread = True
                continue
            value = _written(r, vnode, (*at, key))
            if value is None:
                return None
            if key == "preset":
                preset, preset_node = value, vnode
            else:
                knobs[key] = (value, vnode)
    else:
        text = r.string(node, at, what="a preset or a mapping")
        if text is None:
            return None
        preset = text
    if unread:
        return None
    if preset in PRESETS and preset not in COINCHE_PRESETS:  # a classic Belote preset
        *others, last = COINCHE_PRESETS
        expected = f"{', '.join(others)} or {last}"
        r.error(
            preset_node,
            f"{dotted(at)}: preset {preset} does not apply to coinche"
            f" (it is a belote preset; expected {expected})",
            Code.BAD_RULES,
        )
        return None
    return _find(r, preset, preset_node, knobs)


def _not_read(knob: str, step: str) -> str:
    """Why ``knob`` does not apply to a kind running ``step``, naming the kinds it does."""
    kinds = [f"kind: {other}" for other, read in STEP_KNOBS.items() if knob in read]
    where = ", ".join(kinds[:-1]) + " or " + kinds[-1] if len(kinds) > 1 else kinds[0]
    return f"knob {knob} does not apply to kind: {step} (it applies to {where})"


def _written(r: Reader, node: Node, at: KeyPath) -> str | None:
    """A knob value as written (a number is its digits)."""
    if isinstance(node, ScalarNode) and node.value != "":
        return str(node.value)
    return r.string(node, at)


def _find(
    r: Reader, preset: str, preset_node: Node, knobs: dict[str, tuple[str, Node]]
) -> CoincheRules | None:
    try:
        find_coinche_rules(preset)
    except EngineError as exc:  # the engine's message has the "did you mean"
        r.error(preset_node, str(exc), Code.BAD_RULES)
        return None
    ok = True
    for key, (value, vnode) in knobs.items():
        try:
            find_coinche_rules(preset, **{key: value})
        except EngineError as exc:
            r.error(vnode, str(exc), Code.BAD_RULES)
            ok = False
    if not ok:
        return None
    return find_coinche_rules(preset, **{key: value for key, (value, _) in knobs.items()})


def coinche_rules_schema(step: str) -> dict[str, Any]:
    """The JSON Schema of a Coinche ``rules`` value in a kind running the engine's
    ``step``: only the knobs that step reads, as the checker accepts."""
    presets = {"enum": list(COINCHE_PRESETS)}
    return {
        "anyOf": [
            presets,
            {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "preset": presets,
                    **{
                        k: {"type": ["string", "integer", "boolean"]}
                        for k in COINCHE_KNOBS
                        if k in STEP_KNOBS[step]
                    },
                },
            },
        ]
    }
