"""The ``contract`` block, shared by the kinds that play cards (``play``, ``deal``), and
the classic rule set it names, which the bidding and the classic match read too.

``contract: {game, rules, trump, taker, level}``. ``rules`` is a preset name or a mapping
of ``preset`` and knobs; the presets and the knobs are the engine's (``PRESETS``,
``KNOBS``), never named here, and the engine judges every value (``find_rules``); a knob
that cannot change the kind's outcome is refused (``KNOB_KINDS``). ``level`` is a
classic coinche (``coinche`` or ``surcoinche``, under ``classic_coinche: on``). A play
example of ``game: coinche`` may name a Coinche preset (``rules: ffb_contree``): its trick
is played under that preset's play rules. A preset kept only as an alias (``official``)
still loads, with a located warning saying what to write instead.

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
    ALIAS_INSTEAD,
    ALIASES,
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    KNOB_KINDS,
    KNOBS,
    PLAY_KNOBS,
    PRESETS,
    SCORING_KNOBS,
    Contract,
    EngineError,
    Level,
    RuleSet,
    Seat,
    Trump,
    find_coinche_rules,
    find_rules,
)

from ..diagnostics import Code, KeyPath, dotted
from ..facts import SEAT_REF
from ..reader import Reader, did_you_mean, one_of
from ..yamlsource import MappingNode, Node

__all__ = [
    "CONTRACT_KEYS",
    "GAMES",
    "classic_rules_schema",
    "contract_schema",
    "read_classic_rules",
    "read_contract",
    "rules_keys",
]

CONTRACT_KEYS: Final = ("game", "rules", "trump", "taker", "level")
_KINDS_ORDER: Final = ("play", "deal", "bidding", "match")
_LEVELS: Final = ("none", "coinche", "surcoinche")
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


def _knob_enum(name: str) -> list[str | int | bool]:
    """A knob's values as a YAML loader may hand them to a schema validator: each as
    written, a number (``target: 501``) also as an integer, and ``on``/``off`` also as
    YAML 1.1's booleans (the checker reads every value as the text written)."""
    out: list[str | int | bool] = []
    for value in _knob_values(name):
        out.append(value)
        if value.isdigit():
            out.append(int(value))
        elif value in ("on", "off"):
            out.append(value == "on")
    return out


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
    rules = (
        read_classic_rules(r, pairs["rules"][1], ("contract", "rules"), kind, game)
        if "rules" in pairs
        else _default(r, game)
    )
    multiplier = _multiplier(r, pairs, rules, kind)
    if not ok or trump is None or rules is None or multiplier is None:
        return None
    return Contract(trump, game, taker, multiplier), rules


def _multiplier(
    r: Reader, pairs: dict[str, tuple[Node, Node]], rules: RuleSet | None, kind: str
) -> int | None:
    """``contract.level`` as the engine's multiplier (1, 2 or 4), or ``None`` after
    reporting: a coinche needs ``classic_coinche: on``."""
    if "level" not in pairs:
        return 1
    knode, vnode = pairs["level"]
    if kind != "deal":  # a coinche changes the score of a deal, not which card may be played
        r.error(knode, f"contract.level: only with kind: deal, not kind: {kind}", Code.UNKNOWN_KEY)
        return None
    word = r.choice(vnode, ("contract", "level"), _LEVELS)
    if word is None:
        return None
    if word != "none" and rules is not None and rules.classic_coinche == "off":
        r.error(knode, f"contract.level: a coinche is not played under {rules.name}"
                " (classic_coinche: off)", Code.BAD_RULES)  # fmt: skip
        return None
    multiplier: int = 2 ** int(Level.parse(word))
    return multiplier


def _default(r: Reader, game: str) -> RuleSet:
    """The rules of a contract that names none: the site's default rule set of Belote
    (the engine's default preset without settings); a Coinche trick: the default
    Coinche preset's play rules."""
    return find_coinche_rules().play_rules if game == "coinche" else r.rules.default


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


def read_classic_rules(
    r: Reader, node: Node, at: KeyPath, kind: str, game: str = "belote"
) -> RuleSet | None:
    """``rules: PRESET`` or ``rules: {preset: PRESET, KNOB: VALUE...}`` at ``at``, a classic
    rule set for a scenario of ``kind``, judged by the engine; ``None`` after reporting."""
    preset_node = node
    knobs: _Knobs = {}
    if isinstance(node, MappingNode):
        pairs = r.mapping(node, at, _readable_keys())
        if pairs is None:
            return None
        preset = _default(r, game).name  # the site's default (the engine's without settings)
        for key, (knode, vnode) in pairs.items():
            value = r.string(vnode, (*at, key))
            if value is None:
                return None
            if key == "preset":
                preset, preset_node = value, vnode
            else:
                knobs[key] = (value, knode, vnode)
    else:
        text = r.string(node, at, what="a preset or a mapping")
        if text is None:
            return None
        preset = text
    return _find_rules(r, (preset, preset_node), knobs, at, kind, game)


def _not_applying(key: str, at: KeyPath, kind: str, game: str) -> str | None:
    """Why knob ``key`` does not apply to this scenario (``None`` if it does)."""
    where = f"{dotted((*at, key))}: knob {key} does not apply to"
    if key not in KNOBS:  # a Coinche-only knob: what it decides never happens here
        if game == "belote":
            return f"{where} belote (it applies to coinche)"
        return f"{where} kind: {kind} (it applies to a coinche deal, auction or match)"
    kinds = KNOB_KINDS[key]
    if kind in kinds:
        return None
    if key in SCORING_KNOBS and kind == "play":
        # a scoring knob cannot change what a kind that scores no deal shows
        return f"{where} kind: {kind} (it scores a whole deal: use it with kind: deal)"
    names = [f"kind: {k}" for k in _KINDS_ORDER if k in kinds]
    return f"{where} kind: {kind} (it applies to {one_of(names)})"


def _coinche_play_rules(r: Reader, preset: str, knobs: _Knobs, kind: str) -> RuleSet | None:
    """The play rules of Coinche preset ``preset`` (a play example of ``game: coinche``),
    with its play knobs set as written; any other knob does not apply to a trick."""
    rules = COINCHE_PRESETS[preset]
    ok = True
    for key, (value, knode, vnode) in knobs.items():
        if key not in PLAY_KNOBS:
            what = "a coinche deal, auction or match" if key in COINCHE_KNOBS else "a deal"
            r.error(
                knode,
                f"contract.rules.{key}: knob {key} does not apply to kind: {kind}"
                f" (it applies to {what})",
                Code.BAD_RULES,
            )
            ok = False
            continue
        try:
            rules = rules.with_knobs(**{key: value})
        except EngineError as exc:
            r.error(vnode, str(exc), Code.BAD_RULES)
            ok = False
    return rules.play_rules if ok else None


def _warn_alias(r: Reader, preset: str, node: Node, game: str) -> None:
    """A preset kept only as an alias: say which sourced preset to write instead."""
    if preset in ALIAS_INSTEAD:
        belote, coinche = ALIAS_INSTEAD[preset]
        instead = (
            f"rules: {coinche}"
            if game == "coinche"
            else f"rules: {belote}, or, for the FFB contrée rulebook's play rules,"
            f" contract: {{game: coinche, rules: {coinche}}}"
        )
        r.warn(
            node,
            f"contract.rules: {preset} is an alias kept for version 1 and no page names it;"
            f" write {instead}",
            Code.BAD_RULES,
        )


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
    r: Reader,
    preset_at: tuple[str, Node],
    knobs: _Knobs,
    at: KeyPath,
    kind: str,
    game: str,
) -> RuleSet | None:
    preset, preset_node = preset_at
    if preset in COINCHE_PRESETS and game == "coinche" and kind == "play":
        return _coinche_play_rules(r, preset, knobs, kind)
    if game == "coinche" and kind == "play" and preset in PRESETS and preset not in ALIASES:
        r.error(
            preset_node,
            f"{dotted(at)}: preset {preset} does not apply to game: coinche (it is a belote"
            f" preset; expected {one_of(list(COINCHE_PRESETS))})",
            Code.BAD_RULES,
        )
        return None
    if preset in COINCHE_PRESETS:
        applies = "belote" if game == "belote" else f"kind: {kind}"
        r.error(
            preset_node,
            f"{dotted(at)}: preset {preset} does not apply to {applies}"
            f" (it is a coinche preset; expected {one_of(list(PRESETS))})",
            Code.BAD_RULES,
        )
        return None
    base = _base(r, preset, preset_node, game)
    if base is None:
        return None
    _warn_alias(r, preset, preset_node, game)
    ok = True
    for key, (value, knode, vnode) in knobs.items():
        why = _not_applying(key, at, kind, game)
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


def classic_rules_schema(kind: str, presets: list[str] | None = None) -> dict[str, Any]:
    """The JSON Schema of a classic ``rules`` value in a scenario of ``kind``: a preset
    (of ``presets``, the classic ones unless given), or a preset and the knobs that apply
    to the kind (``KNOB_KINDS``)."""
    names = list(PRESETS) if presets is None else presets
    return {
        "anyOf": [
            {"enum": names},
            {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "preset": {"enum": names},
                    **{k: {"enum": _knob_enum(k)} for k in KNOBS if kind in KNOB_KINDS[k]},
                },
            },
        ]
    }


def contract_schema(*, need_taker: bool, kind: str = "deal") -> dict[str, Any]:
    """The JSON Schema of a ``contract`` block in a scenario of ``kind``: a classic preset,
    or, in a trick (no taker), a Coinche one too (the play rules of a Coinche trick,
    ``game: coinche``)."""
    presets = list(PRESETS) if need_taker else [*PRESETS, *COINCHE_PRESETS]
    props: dict[str, Any] = {
        "game": {"enum": list(GAMES)},
        "rules": classic_rules_schema(kind, presets),
        "trump": {"enum": _TRUMPS},
        "taker": SEAT_REF,
    }
    if kind == "deal":
        props["level"] = {"enum": list(_LEVELS)}
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": props,
        "required": ["trump", "taker"] if need_taker else ["trump"],
    }
