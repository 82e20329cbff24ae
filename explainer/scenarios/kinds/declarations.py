"""``kind: declarations``: which team scores the Coinche declarations, and how much.

Keys: ``rules`` (a Coinche preset or mapping; also ``contract.rules``), ``contract``
(``{game: coinche, trump}``), ``dealer`` (the seat after the dealer announces first),
``hands`` (optional, by seat: then every announced card must be held) and ``announced``
(by seat, a list of ``tierce KH``, ``cinquante 10H``, ``cent AS``, ``carre J``).
Facts: ``best``, ``team``, ``points``. A declaration that cannot be is reported at its
place, ``announced.N[2]: ``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from explainer.engine import (
    FULL_DECK,
    CoincheRules,
    DeclarationError,
    DeclarationsResult,
    EngineError,
    Seat,
    Team,
    Trump,
    compare_declarations,
)

from ..diagnostics import Code
from ..facts import HANDS, SEAT_OR_NONE, SEAT_REF, TEAM_OR_NONE, TEAM_POINTS
from ..model import Scenario
from ..reader import Reader
from ..yamlsource import Node
from .base import Fact, Kind, Pairs, report_declaration_error, require, sort_for_display
from .coinche_rules import coinche_rules_schema, read_coinche_rules, rules_of

__all__ = [
    "KIND",
    "DeclarationsKind",
    "DeclarationsScenario",
    "DeclarationsView",
    "read_announced",
]

_TRUMPS: Final = ["spades", "hearts", "diamonds", "clubs", "none", "all"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclarationsScenario(Scenario):
    """``kind: declarations``. ``expect`` keys: see :class:`DeclarationsKind`."""

    rules: CoincheRules
    trump: Trump
    dealer: Seat
    announced: tuple[tuple[Seat, tuple[str, ...]], ...] = ()
    hands: tuple[tuple[Seat, tuple[int, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class DeclarationsView:
    scenario: DeclarationsScenario
    rows: tuple[tuple[Seat, tuple[str, ...], int], ...]
    """Each announcing seat, in the order of announcement: its tokens and their worth."""
    result: DeclarationsResult


class DeclarationsKind(Kind[DeclarationsScenario]):
    name = "declarations"
    macro = "declarations"
    keys = ("rules", "contract", "dealer", "hands", "announced")
    required = ("kind", "contract", "dealer", "announced")
    facts = (
        Fact("best", SEAT_OR_NONE, "the seat with the best declaration"),
        Fact("team", TEAM_OR_NONE, "the team that scores its declarations"),
        Fact("points", TEAM_POINTS, "what each team scores for declarations"),
    )

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> DeclarationsScenario | None:
        rules = rules_of(r, pairs, "declarations")
        trump: Trump | None = None
        if (node := require(r, pairs, "contract", self.name)) is not None:
            trump, crules = _contract(r, node)
            rules = crules if crules is not None else rules
        dealer = None
        if (node := require(r, pairs, "dealer", self.name)) is not None:
            dealer = r.seat(node, ("dealer",))
        hands: dict[Seat, frozenset[int]] = {}
        if "hands" in pairs:
            value = HANDS.read(r, pairs["hands"][1], ("hands",))
            hands = value if isinstance(value, dict) else {}
        announced: dict[Seat, tuple[str, ...]] = {}
        if (node := require(r, pairs, "announced", self.name)) is not None:
            announced = read_announced(r, node)
        expect = self.read_expect(r, pairs)
        if r.diags or dealer is None or rules is None or trump is None:
            return None
        masks = None
        if hands:
            masks = [_mask(hands[s]) if s in hands else FULL_DECK for s in Seat]
        try:
            outcome = compare_declarations(
                announced, trump=trump, dealer=dealer, hands=masks, rules=rules
            )
        except DeclarationError as exc:
            report_declaration_error(r, exc)
            return None
        return DeclarationsScenario(
            **common,
            expect=expect,
            keys=r.keys,
            rules=rules,
            trump=trump,
            dealer=dealer,
            announced=tuple(announced.items()),
            hands=tuple((s, sort_for_display(h, trump)) for s, h in hands.items()),
            outcome=outcome,
        )

    def computed(self, scenario: DeclarationsScenario) -> dict[str, Any]:
        d: DeclarationsResult = scenario.outcome
        return {
            "best": d.best,
            "team": d.team,
            "points": {Team.NS: d.points[0], Team.EW: d.points[1]},
        }

    def properties(self) -> dict[str, Any]:
        return {
            "rules": coinche_rules_schema("declarations"),
            "contract": {
                "type": "object",
                "additionalProperties": False,
                "required": ["trump"],
                "properties": {
                    "game": {"enum": ["coinche"]},
                    "rules": coinche_rules_schema("declarations"),
                    "trump": {"enum": _TRUMPS},
                },
            },
            "dealer": SEAT_REF,
            "hands": dict(HANDS.schema),
            "announced": announced_schema(),
        }

    def view(self, scenario: DeclarationsScenario) -> DeclarationsView:
        d: DeclarationsResult = scenario.outcome
        tokens = dict(scenario.announced)
        order = [scenario.dealer.after(k) for k in range(1, 5)]
        rows = tuple(
            (s, tokens[s], d.seat_points(s, scenario.trump, scenario.rules))
            for s in order
            if tokens.get(s)
        )
        return DeclarationsView(scenario, rows, d)


def _mask(cards: frozenset[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _contract(r: Reader, node: Node) -> tuple[Trump | None, CoincheRules | None]:
    """The trump (and the rules, if given there) of a ``contract: {game, trump}``."""
    pairs = r.mapping(node, ("contract",), ("game", "rules", "trump"))
    if pairs is None:
        return None, None
    if "game" in pairs:
        r.choice(pairs["game"][1], ("contract", "game"), ("coinche",))
    rules = None
    if "rules" in pairs:
        rules = read_coinche_rules(r, pairs["rules"][1], ("contract", "rules"), "declarations")
    if "trump" not in pairs:
        r.error(r.keys.where(("contract",)), "contract.trump: required", Code.MISSING)
        return None, rules
    vnode = pairs["trump"][1]
    text = r.string(vnode, ("contract", "trump"), what="a trump")
    if text is None:
        return None, rules
    try:
        return Trump.parse(text), rules
    except EngineError as exc:
        r.error(vnode, str(exc), Code.BAD_TRUMP)
        return None, rules


def read_announced(r: Reader, node: Node) -> dict[Seat, tuple[str, ...]]:
    """``announced: {SEAT: [TOKEN...]}`` as written (the engine reads the tokens)."""
    pairs = r.mapping(node, ("announced",), None, what="a mapping of seats to declarations")
    out: dict[Seat, tuple[str, ...]] = {}
    for key, (knode, vnode) in (pairs or {}).items():
        seat = r.seat(knode, ("announced", key))
        items = r.sequence(vnode, ("announced", key), what="a list of declarations")
        if seat is None or items is None:
            continue
        tokens = []
        for i, item in enumerate(items, 1):
            text = r.string(item, ("announced", key, i), what="a declaration")
            if text is not None:
                tokens.append(text)
        out[seat] = tuple(tokens)
    return out


def announced_schema() -> dict[str, Any]:
    """The JSON Schema of an ``announced`` mapping."""
    return {
        "type": "object",
        "propertyNames": SEAT_REF,
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    }


KIND: Final = DeclarationsKind()
