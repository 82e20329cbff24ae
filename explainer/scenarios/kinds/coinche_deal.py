"""``kind: deal`` with ``contract.game: coinche``: a Coinche deal played out and scored.

Keys: ``contract`` (``{game: coinche, rules, trump, taker, bid, level}``), ``dealer``,
``announced`` (declarations by seat, as in ``kind: declarations``) and ``tricks``.
Facts: the classic deal's, and ``declarations`` (what each team scores for them) and
``total`` (what was compared with the bid). The classic deal (``deal.py``) hands its
scenario here when the contract names the game ``coinche``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from explainer.engine import (
    CoincheContract,
    CoincheDealResult,
    CoincheRules,
    EngineError,
    Seat,
    Team,
    find_coinche_rules,
    play_coinche_deal,
)

from ..diagnostics import Code
from ..facts import SEAT_REF
from ..model import Play, Scenario
from ..reader import Reader
from ..yamlsource import MappingNode, Node
from .base import Pairs, played, teams
from .coinche_rules import DEFAULT_PRESET, coinche_rules_schema, read_coinche_rules
from .declarations import read_announced

__all__ = [
    "COINCHE_CONTRACT_KEYS",
    "CoincheDealScenario",
    "CoincheDealView",
    "coinche_computed",
    "coinche_contract_schema",
    "coinche_recompute",
    "coinche_view",
    "is_coinche",
    "read_coinche_deal",
]

COINCHE_CONTRACT_KEYS: Final = ("game", "rules", "trump", "taker", "bid", "level")
_ALWAYS: Final = frozenset({"tricks", "card_points", "total", "score"})
"""The score lines shown even when both teams have 0 (the others are left out)."""
_TRUMPS: Final = ["spades", "hearts", "diamonds", "clubs", "none", "all"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CoincheDealScenario(Scenario):
    """``kind: deal``, ``game: coinche``. ``expect`` keys: the deal's, ``declarations``
    and ``total`` (dict Team -> int)."""

    contract: CoincheContract
    rules: CoincheRules
    dealer: Seat | None = None
    announced: tuple[tuple[Seat, tuple[str, ...]], ...] = ()
    tricks: tuple[tuple[Play, ...], ...] = ()
    game: str = "coinche"


@dataclass(frozen=True, slots=True)
class CoincheDealView:
    scenario: CoincheDealScenario
    contract: CoincheContract
    rules: CoincheRules
    result: CoincheDealResult
    lines: tuple[tuple[str, int, int], ...]
    """The score lines, ``(what, NS, EW)``: tricks won, card points, the last trick's or
    the capot's bonus, belote, declarations, total, the score; a bonus, belote or
    declarations line where both teams have 0 is left out."""


def is_coinche(r: Reader, pairs: Pairs) -> bool:
    """Whether the scenario's ``contract`` names the game ``coinche``."""
    node = pairs.get("contract")
    if node is None or not isinstance(node[1], MappingNode):
        return False
    for k, v in node[1].value:
        if getattr(k, "value", None) == "game" and getattr(v, "value", None) == "coinche":
            return True
    return False


def read_coinche_deal(
    r: Reader, pairs: Pairs, common: dict[str, Any], expect: dict[str, Any], tricks: list[Any]
) -> CoincheDealScenario | None:
    """The Coinche deal (``tricks``: the plays read by the deal kind)."""
    contract, rules = _contract(r, pairs["contract"][1])
    dealer = r.seat(pairs["dealer"][1], ("dealer",)) if "dealer" in pairs else None
    announced = read_announced(r, pairs["announced"][1]) if "announced" in pairs else {}
    if r.diags or contract is None or rules is None:
        return None
    plays = tuple(tuple((s, c) for s, c, _ in t) for t in tricks)
    outcome = played(
        r,
        lambda: play_coinche_deal(
            contract, [list(t) for t in plays], rules=rules, dealer=dealer, announced=announced
        ),
    )
    if outcome is None:
        return None
    return CoincheDealScenario(
        **common,
        expect=expect,
        keys=r.keys,
        contract=contract,
        rules=rules,
        dealer=dealer,
        announced=tuple(announced.items()),
        tricks=plays,
        outcome=outcome,
    )


def coinche_computed(scenario: CoincheDealScenario) -> dict[str, Any]:
    """Every fact of a Coinche deal, in the deal kind's order."""
    d: CoincheDealResult = scenario.outcome
    return {
        "tricks": d.play.winners,
        "card_points": teams(d.card_points),
        "last_trick": d.last_trick,
        "belote": d.belote,
        "capot": d.capot,
        "points": teams(d.points),
        "declarations": teams(d.declarations.points),
        "total": teams(d.total),
        "made": d.made,
        "score": teams(d.score),
    }


def coinche_recompute(scenario: CoincheDealScenario, rules: CoincheRules) -> CoincheDealScenario:
    """The deal played and scored again under ``rules`` (raises ``EngineError`` where
    a play is not allowed there). Under rules played without declarations nobody
    announces any: what was announced is left out, not refused."""
    outcome = play_coinche_deal(
        scenario.contract,
        [list(t) for t in scenario.tricks],
        rules=rules,
        dealer=scenario.dealer,
        announced=dict(scenario.announced) if rules.declarations else {},
    )
    return replace(scenario, rules=rules, outcome=outcome)


def coinche_view(scenario: CoincheDealScenario) -> CoincheDealView:
    d: CoincheDealResult = scenario.outcome
    s = d.scored
    ns_tricks = sum(1 for t in d.tricks if t.winner.team is Team.NS)
    lines: tuple[tuple[str, int, int], ...] = tuple(
        line
        for line in (
            ("tricks", ns_tricks, len(d.tricks) - ns_tricks),
            ("card_points", *d.card_points),
            (
                "last_trick",
                s.trick_points[0] - d.card_points[0],
                s.trick_points[1] - d.card_points[1],
            ),
            ("belote", *s.belote),
            ("declarations", *s.declarations),
            ("total", *s.total),
            ("score", *d.score),
        )
        if line[0] in _ALWAYS or line[1:] != (0, 0)
    )
    return CoincheDealView(scenario, scenario.contract, scenario.rules, d, lines)


def _contract(r: Reader, node: Node) -> tuple[CoincheContract | None, CoincheRules | None]:
    pairs = r.mapping(node, ("contract",), COINCHE_CONTRACT_KEYS)
    if pairs is None:
        return None, None
    rules: CoincheRules | None = find_coinche_rules(DEFAULT_PRESET)
    if "rules" in pairs:
        rules = read_coinche_rules(r, pairs["rules"][1], ("contract", "rules"), "deal")
    words: dict[str, str] = {}
    for key in ("taker", "trump", "bid", "level"):
        if key in pairs:
            text = r.string(pairs[key][1], ("contract", key))
            if text is not None:
                words[key] = text
        elif key != "level":
            r.error(r.keys.where(("contract",)), f"contract.{key}: required for game: coinche",
                    Code.MISSING)  # fmt: skip
    if len(words) < 3 or r.diags:
        return None, rules
    try:
        return CoincheContract.parse(**words), rules
    except EngineError as exc:
        r.error(r.keys.where(("contract",)), f"contract: {exc}", Code.BAD_VALUE)
        return None, rules


def coinche_contract_schema() -> dict[str, Any]:
    """The JSON Schema of a ``contract`` with ``game: coinche``."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["game", "trump", "taker", "bid"],
        "properties": {
            "game": {"const": "coinche"},
            "rules": coinche_rules_schema("deal"),
            "trump": {"enum": _TRUMPS},
            "taker": SEAT_REF,
            "bid": {"anyOf": [{"type": "integer"}, {"enum": ["capot", "generale"]}]},
            "level": {"enum": ["none", "coinche", "surcoinche"]},
        },
    }
