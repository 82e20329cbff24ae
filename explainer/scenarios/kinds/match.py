"""``kind: match``: a match's running score, deal by deal, to its target, in Coinche or in
classic Belote.

Keys: ``game`` (``coinche`` by default, or ``belote``), ``rules`` (a preset or mapping of
that game: a Coinche one, default ``ffb_coinche``, or a classic one, default ``house``;
its ``target`` is the match's; a classic preset names the game by itself), ``dealer`` (of
the first deal), ``start`` (the totals before it, ``{NS, EW}``) and ``deals`` (each
``annulled``, or ``{score: {NS, EW}, capot: TEAM, belote: TEAM or [TEAMS], made: TEAM,
failed: TEAM, held: POINTS}``, the deal's unrounded scores; ``held`` the takers' points
a litige holds over). Facts: ``totals``, ``winner``, ``drawn``, ``next_dealer``,
``deals_counted``, ``held`` (points still held over). An impossible match is reported at
its deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from explainer.engine import (
    PRESETS,
    CoincheRules,
    MatchDeal,
    MatchError,
    MatchResult,
    RuleSet,
    Seat,
    Team,
    find_rules,
    match_rules,
    run_match,
)

from ..diagnostics import Code, KeyPath, dotted
from ..facts import BOOLEAN, INTEGER, SEAT, SEAT_REF, TEAM_OR_NONE, TEAM_POINTS, TEAM_REF
from ..model import Scenario
from ..reader import Reader, what_is
from ..yamlsource import MappingNode, Node, ScalarNode, SequenceNode
from .base import Fact, Kind, Pairs, require
from .coinche_rules import coinche_rules_schema, rules_of
from .contract import GAMES, classic_rules_schema, read_classic_rules

__all__ = ["KIND", "MatchKind", "MatchScenario", "MatchView"]

_DEAL_KEYS: Final = ("score", "capot", "belote", "made", "failed", "held")


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchScenario(Scenario):
    """``kind: match``. ``expect`` keys: see :class:`MatchKind`."""

    rules: CoincheRules | RuleSet
    dealer: Seat
    start: tuple[int, int] = (0, 0)
    deals: tuple[MatchDeal, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchView:
    scenario: MatchScenario
    rows: tuple[tuple[int, Seat, MatchDeal, tuple[int, int]], ...]
    """``(number, dealer, deal, totals after it)`` for each deal played."""
    result: MatchResult
    classic: bool = False
    """A classic Belote match (its rule set and target are shown)."""
    target: int | None = None
    """The total a team must reach, ``None`` for a match without one."""


class MatchKind(Kind[MatchScenario]):
    name = "match"
    macro = "match"
    keys = ("game", "rules", "dealer", "start", "deals")
    required = ("kind", "dealer", "deals")
    facts = (
        Fact("totals", TEAM_POINTS, "the running totals after the last deal"),
        Fact("winner", TEAM_OR_NONE),
        Fact("drawn", BOOLEAN, "a final tie the rules leave drawn"),
        Fact("next_dealer", SEAT),
        Fact("deals_counted", INTEGER, "deals that scored (an annulled deal does not)"),
        Fact("held", INTEGER, "points a litige still holds over after the last deal"),
    )

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> MatchScenario | None:
        rules = _rules(r, pairs)
        dealer = None
        if (node := require(r, pairs, "dealer", self.name)) is not None:
            dealer = r.seat(node, ("dealer",))
        start: tuple[int, int] | None = (0, 0)
        if "start" in pairs:
            start = _team_points(r, pairs["start"][1], ("start",))
        deals: list[MatchDeal] = []
        if (node := require(r, pairs, "deals", self.name)) is not None:
            deals = _read_deals(r, node)
        expect = self.read_expect(r, pairs)
        if r.diags or dealer is None or rules is None or start is None:
            return None
        try:
            outcome = run_match(deals, dealer=dealer, start=start, rules=rules)
        except MatchError as exc:
            # a match that cannot start (its start already at the target) is its start's fault
            at: KeyPath = ("start",) if "start" in pairs else ("deals",)
            prefix = ""
            if exc.deal_index is not None:
                at, prefix = ("deals", exc.deal_index + 1), f"deals[{exc.deal_index + 1}]: "
            r.error(r.keys.where(at), f"{prefix}{exc}", Code.BAD_DEAL)
            return None
        return MatchScenario(
            **common,
            expect=expect,
            keys=r.keys,
            rules=rules,
            dealer=dealer,
            start=start,
            deals=tuple(deals),
            outcome=outcome,
        )

    def computed(self, scenario: MatchScenario) -> dict[str, Any]:
        m: MatchResult = scenario.outcome
        return {
            "totals": {Team.NS: m.totals[0], Team.EW: m.totals[1]},
            "winner": m.winner,
            "drawn": m.drawn,
            "next_dealer": m.next_dealer,
            "deals_counted": m.deals_counted,
            "held": m.held,
        }

    def fill_keys(self, computed: Mapping[str, Any]) -> list[str]:
        """``drawn`` only when the match is drawn, ``held`` only when points are held."""
        skip = (
            *(() if computed["drawn"] else ("drawn",)),
            *(() if computed["held"] else ("held",)),
        )
        return [k for k in super().fill_keys(computed) if k not in skip]

    def licensed_numbers(self, scenario: MatchScenario) -> set[int]:
        """The stated facts' numbers and what the page shows of the match: the totals
        before the first deal, each deal's score and points held over, what each deal
        added to the totals (rounded, held points included), and the rules' target."""
        out = super().licensed_numbers(scenario)
        out.update(scenario.start)
        before = scenario.start
        m: MatchResult = scenario.outcome
        for deal, after in zip(scenario.deals, m.history, strict=False):
            out.update((*deal.score, deal.held))
            out.update(a - b for a, b in zip(after, before, strict=True))
            before = after
        target = match_rules(scenario.rules).target
        out.update(() if target is None else (target,))
        return out

    def properties(self) -> dict[str, Any]:
        teams = dict(TEAM_POINTS.schema)
        team_or_teams = {"anyOf": [TEAM_REF, {"type": "array", "items": TEAM_REF}]}
        deal = {
            "type": "object",
            "additionalProperties": False,
            "required": ["score"],
            "properties": {
                "score": teams,
                "capot": TEAM_REF,
                "belote": team_or_teams,
                "made": TEAM_REF,
                "failed": TEAM_REF,
                "held": {"type": "integer", "minimum": 0},
            },
        }
        return {
            "game": {"enum": list(GAMES)},
            "rules": {"anyOf": [coinche_rules_schema("match"), classic_rules_schema("match")]},
            "dealer": SEAT_REF,
            "start": teams,
            "deals": {"type": "array", "items": {"anyOf": [{"enum": ["annulled"]}, deal]}},
        }

    def view(self, scenario: MatchScenario) -> MatchView:
        m: MatchResult = scenario.outcome
        rows = []
        dealer = scenario.dealer
        same_dealer = match_rules(scenario.rules).all_pass == "same_dealer"
        for i, (deal, totals) in enumerate(zip(scenario.deals, m.history, strict=False), 1):
            rows.append((i, dealer, deal, totals))
            same = deal.annulled and same_dealer
            dealer = dealer if same else dealer.after(1)
        rules = scenario.rules
        return MatchView(
            scenario, tuple(rows), m, isinstance(rules, RuleSet), match_rules(rules).target
        )


def _rules(r: Reader, pairs: Pairs) -> CoincheRules | RuleSet | None:
    """The rule set of the match: a classic one when ``game: belote`` or the preset named
    is a classic one, else a Coinche one (``coinche_rules``)."""
    game = None
    if "game" in pairs:
        game = r.choice(pairs["game"][1], ("game",), GAMES)
        if game is None:
            return None
    if game is None:
        game = "belote" if _preset_named(pairs) in PRESETS else "coinche"
    if game == "coinche":
        return rules_of(r, pairs, "match")
    if "rules" not in pairs:
        return find_rules()
    return read_classic_rules(r, pairs["rules"][1], ("rules",), "match")


def _preset_named(pairs: Pairs) -> str | None:
    """The preset the ``rules`` value names, as written, if it names one."""
    if "rules" not in pairs:
        return None
    node = pairs["rules"][1]
    if isinstance(node, MappingNode):
        found = [v for k, v in node.value if isinstance(k, ScalarNode) and k.value == "preset"]
        node = found[0] if found else node
    return str(node.value) if isinstance(node, ScalarNode) else None


def _team_points(r: Reader, node: Node, at: KeyPath) -> tuple[int, int] | None:
    value = TEAM_POINTS.read(r, node, at)
    if not isinstance(value, dict):
        return None
    return (value[Team.NS], value[Team.EW])


def _read_deals(r: Reader, node: Node) -> list[MatchDeal]:
    """The deals, each bad one reported and left out."""
    deals: list[MatchDeal] = []
    for i, item in enumerate(r.sequence(node, ("deals",), what="a list of deals") or (), 1):
        at: KeyPath = ("deals", i)
        if isinstance(item, ScalarNode) and str(item.value).strip().lower() == "annulled":
            deals.append(MatchDeal(annulled=True))
            continue
        if not isinstance(item, MappingNode):
            r.error(item, f"{dotted(at)}: a deal is 'annulled' or a mapping with a score, "
                    f"got {what_is(item)}", Code.TYPE)  # fmt: skip
            continue
        deal = _read_deal(r, item, at)
        if deal is not None:
            deals.append(deal)
    return deals


def _read_deal(r: Reader, node: MappingNode, at: KeyPath) -> MatchDeal | None:
    pairs = r.mapping(node, at, _DEAL_KEYS)
    if pairs is None:
        return None
    if "score" not in pairs:
        r.error(node, f"{dotted(at)}.score: required", Code.MISSING)
        return None
    score = _team_points(r, pairs["score"][1], (*at, "score"))
    teams = {
        key: r.team(pairs[key][1], (*at, key)) if key in pairs else None
        for key in ("capot", "made", "failed")
    }
    held = r.integer(pairs["held"][1], (*at, "held")) if "held" in pairs else 0
    belote: list[Team] = []
    if "belote" in pairs:
        bnode = pairs["belote"][1]
        items = bnode.value if isinstance(bnode, SequenceNode) else [bnode]
        for k, b in enumerate(items, 1):
            team = r.team(b, (*at, "belote", k))
            if team is not None:
                belote.append(team)
    if score is None or held is None or any(k in pairs and t is None for k, t in teams.items()):
        return None
    return MatchDeal(
        score,
        capot=teams["capot"],
        belote=tuple(belote),
        made=teams["made"],
        failed=teams["failed"],
        held=held,
    )


KIND: Final = MatchKind()
