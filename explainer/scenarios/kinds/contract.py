"""The ``contract`` block, shared by the kinds that play cards (``play``, ``deal``).

``contract: {game, rules, trump, taker}``. ``rules`` is a preset name or a mapping of
``preset`` and knobs; the presets and the knobs are the engine's (``PRESETS``,
``KNOBS``), never named here, and the engine judges every value (``find_rules``).

A site may add rule sets of its own (``[tool.explainer.rule-sets.club]``): the reader
carries them (:class:`~explainer.scenarios.siterules.SiteRules`), and ``rules: club``
names one as ``rules: house`` names a preset, in a play and a deal alike (a site's rule
set carries play and scoring knobs together; each kind uses those that apply to it),
``{preset: club, tie: made}`` changes one of its knobs. A Belote contract without
``rules`` takes the site's default rule set (the engine's default without settings).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    KNOBS,
    PRESETS,
    SCORING_KNOBS,
    Contract,
    EngineError,
    RuleSet,
    Seat,
    Trump,
    find_rules,
)

from ..diagnostics import Code
from ..facts import SEAT_REF
from ..reader import Reader, did_you_mean, one_of
from ..yamlsource import MappingNode, Node

__all__ = ["CONTRACT_KEYS", "GAMES", "contract_schema", "read_contract", "rules_keys"]

CONTRACT_KEYS: Final = ("game", "rules", "trump", "taker")
GAMES: Final = ("belote", "coinche")
_TRUMPS: Final = ["spades", "hearts", "diamonds", "clubs", "none", "all"]


def rules_keys() -> tuple[str, ...]:
    """The keys of a ``rules`` mapping: ``preset`` and the engine's knobs."""
    return ("preset", *KNOBS)


def _readable_keys() -> tuple[str, ...]:
    """The keys a ``rules`` mapping is read with: its own and the Coinche-only knobs, so
    that a Coinche knob here is named as one that does not apply, not as unknown."""
    return (*rules_keys(), *(k for k in COINCHE_KNOBS if k not in KNOBS))


def _knob_values(name: str) -> list[str]:
    """The values a knob takes, as the engine declares them."""
    knob = KNOBS[name] if isinstance(KNOBS, Mapping) else None
    values = getattr(knob, "values", None)
    return [str(v) for v in values] if values else ["required", "optional"]


def read_contract(
    r: Reader, node: Node, *, need_taker: bool, kind: str
) -> tuple[Contract, RuleSet] | None:
    """The contract and its rule set, or ``None`` after reporting the problems."""
    pairs = r.mapping(node, ("contract",), CONTRACT_KEYS)
    if pairs is None:
        return None
    ok = True
    game = "belote"
    if "game" in pairs:
        game = r.choice(pairs["game"][1], ("contract", "game"), GAMES) or ""
        ok = bool(game)
    trump = _trump(r, pairs)
    taker: Seat | None = None
    if "taker" in pairs:
        taker = r.seat(pairs["taker"][1], ("contract", "taker"))
        ok = ok and taker is not None
    elif need_taker:
        r.error(
            r.keys.where(("contract",)), f"contract.taker: required for kind: {kind}", Code.MISSING
        )
        ok = False
    default = r.rules.default if game == "belote" else find_rules()
    rules = _rules(r, pairs["rules"][1], kind, game) if "rules" in pairs else default
    if not ok or trump is None or rules is None:
        return None
    return Contract(trump, game, taker), rules


def _trump(r: Reader, pairs: dict[str, tuple[Node, Node]]) -> Trump | None:
    if "trump" not in pairs:
        r.error(r.keys.where(("contract",)), "contract.trump: required", Code.MISSING)
        return None
    vnode = pairs["trump"][1]
    text = r.string(vnode, ("contract", "trump"), what="a trump")
    if text is None:
        return None
    try:
        return Trump.parse(text)
    except EngineError as exc:
        r.error(vnode, str(exc), Code.BAD_TRUMP)
        return None


_Knobs = dict[str, tuple[str, Node, Node]]
"""Knobs as written: name -> (value, key node, value node)."""


def _rules(r: Reader, node: Node, kind: str, game: str) -> RuleSet | None:
    """``rules: PRESET`` or ``rules: {preset: PRESET, KNOB: VALUE...}``, judged by the engine."""
    preset_node = node
    knobs: _Knobs = {}
    if isinstance(node, MappingNode):
        pairs = r.mapping(node, ("contract", "rules"), _readable_keys())
        if pairs is None:
            return None
        # the site's default (the engine's without settings)
        preset = r.rules.default.name if game == "belote" else find_rules().name
        for key, (knode, vnode) in pairs.items():
            value = r.string(vnode, ("contract", "rules", key))
            if value is None:
                return None
            if key == "preset":
                preset, preset_node = value, vnode
            else:
                knobs[key] = (value, knode, vnode)
    else:
        text = r.string(node, ("contract", "rules"), what="a preset or a mapping")
        if text is None:
            return None
        preset = text
    return _find_rules(r, preset, preset_node, knobs, kind, game)


def _not_applying(key: str, kind: str, game: str) -> str | None:
    """Why knob ``key`` does not apply to this contract (``None`` if it does)."""
    where = f"contract.rules.{key}: knob {key} does not apply to"
    if key not in KNOBS:  # a Coinche-only knob: what it decides never happens here
        if game == "belote":
            return f"{where} belote (it applies to coinche)"
        return f"{where} kind: {kind} (it applies to a coinche deal, auction or match)"
    if key in SCORING_KNOBS and kind != "deal":
        # a scoring knob cannot change what a kind that scores no deal shows
        return f"{where} kind: {kind} (it scores a whole deal: use it with kind: deal)"
    return None


def _base(r: Reader, preset: str, preset_node: Node, game: str) -> RuleSet | None:
    """The rule set ``preset`` names: one of the site's own, else an engine preset."""
    if preset in r.rules.named and game == "belote":
        return r.rules.named[preset]
    try:
        return find_rules(preset)
    except EngineError as exc:  # the engine's message has the hint and the presets
        message = str(exc)
        if r.rules.named and game == "belote":
            known = [*PRESETS, *r.rules.named]
            hint = did_you_mean(preset, known)
            message = f"unknown rules: {preset!r}{hint} (expected {one_of(known)})"
        r.error(preset_node, message, Code.BAD_RULES)
        return None


def _find_rules(
    r: Reader, preset: str, preset_node: Node, knobs: _Knobs, kind: str, game: str
) -> RuleSet | None:
    if preset in COINCHE_PRESETS:
        applies = "belote" if game == "belote" else f"kind: {kind}"
        r.error(
            preset_node,
            f"contract.rules: preset {preset} does not apply to {applies}"
            f" (it is a coinche preset; expected {one_of(list(PRESETS))})",
            Code.BAD_RULES,
        )
        return None
    base = _base(r, preset, preset_node, game)
    if base is None:
        return None
    ok = True
    for key, (value, knode, vnode) in knobs.items():
        why = _not_applying(key, kind, game)
        if why is not None:
            r.error(knode, why, Code.BAD_RULES)
            ok = False
            continue
        try:
            base.with_knobs(**{key: value})
        except EngineError as exc:
            r.error(vnode, str(exc), Code.BAD_RULES)
            ok = False
    if not ok:
        return None
    return base.with_knobs(**{key: value for key, (value, _, _) in knobs.items()})


def contract_schema(*, need_taker: bool) -> dict[str, Any]:
    """The JSON Schema of a ``contract`` block."""
    props: dict[str, Any] = {
        "game": {"enum": list(GAMES)},
        "rules": {
            "anyOf": [
                {"enum": list(PRESETS)},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "preset": {"enum": list(PRESETS)},
                        **{k: {"enum": _knob_values(k)} for k in KNOBS},
                    },
                },
            ]
        },
        "trump": {"enum": _TRUMPS},
        "taker": SEAT_REF,
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": props,
        "required": ["trump", "taker"] if need_taker else ["trump"],
    }
