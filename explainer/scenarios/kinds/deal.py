"""``kind: deal``: a whole deal of eight tricks, scored.

Keys: ``contract`` (with its ``taker``), ``dealer`` and ``tricks`` (eight lists of
four plays). Facts: the winner of each trick, card points, the last trick, belote,
capot, points, whether the contract was made, and the score. With
``contract.game: coinche`` the deal is a Coinche deal (``coinche_deal.py``: ``bid``,
``level``, ``announced``, and the facts ``declarations`` and ``total``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from explainer.engine import (
    CoincheRules,
    Contract,
    DealResult,
    RuleSet,
    Seat,
    Trump,
    check_dealt,
    declare_classic,
    play_deal,
)

from ..diagnostics import Code
from ..facts import BOOLEAN, SEAT_OR_NONE, SEAT_REF, TEAM, TEAM_OR_NONE, TEAM_POINTS, WINNERS
from ..model import Play, Scenario
from ..reader import Reader
from ..yamlsource import Node
from .base import Fact, Kind, Pairs, played, require, teams
from .coinche_deal import (
    CoincheDealScenario,
    CoincheDealView,
    coinche_computed,
    coinche_contract_schema,
    coinche_recompute,
    coinche_view,
    is_coinche,
    read_coinche_deal,
)
from .contract import contract_schema, read_contract
from .declarations import announced_schema, read_announced

__all__ = ["KIND", "DealKind", "DealScenario", "DealView"]

TRICKS: Final = 8
"""Tricks in a deal."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealScenario(Scenario):
    """``kind: deal``. ``expect`` keys: ``tricks`` (tuple of Seat), ``card_points`` /
    ``points`` / ``score`` (dict Team -> int), ``last_trick`` (Team), ``belote``
    (Seat or None), ``capot`` (Team or None), ``made`` (bool)."""

    contract: Contract
    rules: RuleSet
    dealer: Seat | None = None
    tricks: tuple[tuple[Play, ...], ...] = ()
    announced: tuple[tuple[Seat, tuple[str, ...]], ...] = ()
    """Declarations by seat, with ``classic_declarations: on`` (coinche.md §5 E19)."""


@dataclass(frozen=True, slots=True)
class ClassicOutcome:
    """A classic deal with declarations: the deal (its ``made`` and ``score`` counting
    them) and what each team scores for its declarations."""

    deal: DealResult
    declarations: tuple[int, int]


@dataclass(frozen=True, slots=True)
class DealView:
    scenario: DealScenario
    contract: Contract
    rules: RuleSet
    result: DealResult
    declarations: tuple[int, int] | None = None
    """Each team's declarations (``classic_declarations: on``), else ``None``."""


class DealKind(Kind[Any]):
    name = "deal"
    macro = "deal"
    keys = ("contract", "dealer", "tricks", "announced")
    required = ("kind", "contract", "tricks")
    facts = (
        Fact("tricks", WINNERS),
        Fact("card_points", TEAM_POINTS),
        Fact("last_trick", TEAM),
        Fact("belote", SEAT_OR_NONE),
        Fact("capot", TEAM_OR_NONE),
        Fact("points", TEAM_POINTS),
        Fact("declarations", TEAM_POINTS, "coinche: what each team scores for declarations"),
        Fact("total", TEAM_POINTS, "coinche: what was compared with the bid"),
        Fact("made", BOOLEAN),
        Fact("score", TEAM_POINTS),
    )

    def read(
        self, r: Reader, pairs: Pairs, common: dict[str, Any]
    ) -> DealScenario | CoincheDealScenario | None:
        if is_coinche(r, pairs):
            tricks = self._tricks(r, pairs)
            return read_coinche_deal(r, pairs, common, self.read_expect(r, pairs), tricks)
        node = require(r, pairs, "contract", self.name)
        contract = read_contract(r, node, need_taker=True, kind=self.name) if node else None
        dealer = r.seat(pairs["dealer"][1], ("dealer",)) if "dealer" in pairs else None
        declaring = contract is not None and contract[1].classic_declarations == "on"
        announced = {}
        if "announced" in pairs and not declaring:
            r.error(pairs["announced"][0],
                    "announced: only with contract.game: coinche or classic_declarations: on",
                    Code.UNKNOWN_KEY)  # fmt: skip
        elif "announced" in pairs:
            announced = read_announced(r, pairs["announced"][1])
        tricks = self._tricks(r, pairs)
        expect = self.read_expect(r, pairs)
        for key in ("declarations", "total"):
            if key in expect and not declaring:
                r.error(r.keys.where(("expect", key)),
                        f"expect.{key}: only with contract.game: coinche or classic_declarations: on",
                        Code.UNKNOWN_KEY)  # fmt: skip
        if r.diags or contract is None:
            return None
        plays = tuple(tuple((s, c) for s, c, _ in t) for t in tricks)
        outcome = played(
            r, lambda: _play(contract[0], plays, contract[1], dealer, tuple(announced.items()))
        )
        if outcome is None:
            return None
        return DealScenario(
            **common,
            expect=expect,
            keys=r.keys,
            contract=contract[0],
            rules=contract[1],
            dealer=dealer,
            tricks=plays,
            announced=tuple(announced.items()),
            outcome=outcome,
        )

    def _tricks(self, r: Reader, pairs: Pairs) -> list[list[tuple[Seat, int, Node]]]:
        """The plays of each trick. Tricks read without a problem are checked at once for
        what no contract can make right (eight tricks of four, each card once): a deal
        whose contract has a problem too is told both in one run, and its play, which
        any problem stops, never reports them twice."""
        tricks: list[list[tuple[Seat, int, Node]]] = []
        node = require(r, pairs, "tricks", self.name)
        if node is not None:
            before = len(r.diags)
            items = r.sequence(node, ("tricks",), what="a list of tricks")
            for i, item in enumerate(items or (), 1):
                tricks.append(r.plays(item, ("tricks", i)) or [])
            if items is not None and len(r.diags) == before:
                plays = [[(s, c) for s, c, _ in t] for t in tricks]
                played(r, lambda: check_dealt(plays))
        return tricks

    def computed(self, scenario: DealScenario | CoincheDealScenario) -> dict[str, Any]:
        if isinstance(scenario, CoincheDealScenario):
            return coinche_computed(scenario)
        d, declared = _parts(scenario.outcome)
        facts: dict[str, Any] = {
            "tricks": d.winners,
            "card_points": teams(d.card_points),
            "last_trick": d.last_trick,
            "belote": d.belote,
            "capot": d.capot,
            "points": teams(d.points),
        }
        if declared is not None:
            facts["declarations"] = teams(declared)
            facts["total"] = teams((d.points[0] + declared[0], d.points[1] + declared[1]))
        return facts | {"made": d.made, "score": teams(d.score)}

    def properties(self) -> dict[str, Any]:
        one_trick = {
            "type": "array",
            "maxItems": 4,
            "description": "one trick: four plays",
            "items": {"$ref": "#/$defs/card-play"},
        }
        return {
            "contract": {"anyOf": [contract_schema(need_taker=True), coinche_contract_schema()]},
            "dealer": SEAT_REF,
            "tricks": {"type": "array", "minItems": TRICKS, "maxItems": TRICKS, "items": one_trick},
            "announced": announced_schema(),
        }

    def macro_of(self, scenario: DealScenario | CoincheDealScenario) -> str:
        """A Coinche deal has its own macro (its score lines)."""
        return "coinche_deal" if isinstance(scenario, CoincheDealScenario) else self.macro

    def rules_of(self, scenario: DealScenario | CoincheDealScenario) -> RuleSet | CoincheRules:
        return scenario.rules

    def variant_facts(self, scenario: DealScenario | CoincheDealScenario) -> tuple[str, ...] | None:
        """A Coinche deal, or a classic one with declarations or at sans atout or tout
        atout, shows its variants' outcome and score only: its other facts (points,
        declarations, total) are the score lines that lead to them (at tout atout every
        scale gives other card points), and the Coinche page holds many deals."""
        if isinstance(scenario, CoincheDealScenario) or scenario.announced:
            return ("made", "score")
        if scenario.contract.trump in (Trump.NONE, Trump.ALL):
            return ("made", "score")
        return None

    def recompute(
        self, scenario: DealScenario | CoincheDealScenario, rules: Any
    ) -> DealScenario | CoincheDealScenario:
        if isinstance(scenario, CoincheDealScenario):
            return coinche_recompute(scenario, rules)
        outcome = _play(scenario.contract, scenario.tricks, rules, scenario.dealer,
                        scenario.announced if rules.classic_declarations == "on" else ())  # fmt: skip
        return replace(scenario, rules=rules, outcome=outcome)

    def view(self, scenario: DealScenario | CoincheDealScenario) -> DealView | CoincheDealView:
        if isinstance(scenario, CoincheDealScenario):
            return coinche_view(scenario)
        d, declared = _parts(scenario.outcome)
        return DealView(scenario, scenario.contract, scenario.rules, d, declared)


def _play(
    contract: Contract,
    plays: tuple[tuple[Play, ...], ...],
    rules: RuleSet,
    dealer: Seat | None,
    announced: tuple[tuple[Seat, tuple[str, ...]], ...],
) -> DealResult | ClassicOutcome:
    """The deal played and scored: a :class:`ClassicOutcome` when declarations were
    announced (``classic_declarations: on``), else the play engine's result."""
    deal = play_deal(contract, [list(t) for t in plays], rules, dealer=dealer)
    if not announced:
        return deal
    scored, decl = declare_classic(deal, dict(announced), rules=rules)
    return ClassicOutcome(scored, decl.points)


def _parts(outcome: DealResult | ClassicOutcome) -> tuple[DealResult, tuple[int, int] | None]:
    if isinstance(outcome, ClassicOutcome):
        return outcome.deal, outcome.declarations
    return outcome, None


KIND: Final = DealKind()
