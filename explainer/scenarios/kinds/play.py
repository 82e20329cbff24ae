"""``kind: play`` (the default kind): which cards may a hand play to a trick, and why;
who wins a finished trick, and for how many points.

Keys: ``contract``, ``trick`` (the plays so far), ``hand`` (``seat`` and ``cards``, the
seat to move) and ``play`` (the card it plays). Facts: ``legal`` and ``rule`` (need a
hand), ``winner`` and ``points`` (need four plays: ``trick`` and ``play``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from explainer.engine import (
    COINCHE_PRESETS,
    PRESETS,
    Contract,
    IllegalPlayError,
    Rule,
    RuleSet,
    Ruling,
    Seat,
    TrickResult,
    Verdict,
    card_str,
    check_play,
    legal_cards,
    presets_for,
    score_trick,
)

from ..diagnostics import Code
from ..facts import CARD_REF, CARD_SET, INTEGER, RULE, SEAT, SEAT_REF, cards_schema
from ..model import Play, Scenario
from ..reader import Reader
from ..yamlsource import Node
from .base import Fact, Kind, Pairs, require
from .contract import contract_schema, read_contract

__all__ = [
    "KIND",
    "PlayKind",
    "PlayOutcome",
    "PlayScenario",
    "PlayView",
    "PresetNote",
    "play_families",
]

TRICK: Final = 4
"""Plays in a trick."""
HAND: Final = 8
"""Cards in a full hand."""


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """What the engine said of a play scenario: the hand's ruling (``None`` without a
    hand) and, when the trick has four cards (``trick`` + ``play``), its result."""

    ruling: Ruling | None
    trick: TrickResult | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayScenario(Scenario):
    """``kind: play``. ``expect`` keys: ``legal`` (frozenset of cards), ``rule`` (Rule),
    ``winner`` (Seat), ``points`` (int). ``hand`` keeps the written order for display."""

    contract: Contract
    rules: RuleSet
    trick: tuple[Play, ...] = ()
    hand_seat: Seat | None = None
    hand: tuple[int, ...] = ()
    play: int | None = None


@dataclass(frozen=True, slots=True)
class PresetNote:
    """Another preset rules this position differently: its name, allowed cards, rule."""

    preset: str
    legal: tuple[int, ...]
    rule: Rule


@dataclass(frozen=True, slots=True)
class PlayView:
    scenario: PlayScenario
    contract: Contract
    rules: RuleSet
    trick: tuple[tuple[int, Seat, int], ...]
    """``(number, seat, card)`` in play order, numbered from 1."""
    seat: Seat | None
    hand: tuple[int, ...]
    legal: tuple[int, ...]
    rule: Rule | None
    restricted: bool
    """``partner-wins`` with some cards forbidden (partner overtrump required)."""
    verdicts: tuple[Verdict, ...]
    play: int | None
    result: TrickResult | None
    others: tuple[PresetNote, ...]

    @property
    def at_table(self) -> tuple[tuple[Seat, int | None, int | None], ...]:
        """``(seat, number, card)`` for N, E, S, W: the card each seat has put on the table
        so far (with its place in play order), or ``None``; drawn N top, E left, S bottom,
        W right, as the spec's turn order (counterclockwise) requires."""
        played = {seat: (n, c) for n, seat, c in self.trick}
        return tuple((seat, *played.get(seat, (None, None))) for seat in Seat)


_Plays = list[tuple[Seat, int, Node]]


class PlayKind(Kind[PlayScenario]):
    name = "play"
    macro = "play"
    keys = ("contract", "trick", "hand", "play")
    required = ("contract",)
    facts = (
        Fact("legal", CARD_SET, "the legal cards of the hand, as a set"),
        Fact("rule", RULE),
        Fact("winner", SEAT),
        Fact("points", INTEGER),
    )

    def read(self, r: Reader, pairs: Pairs, common: dict[str, Any]) -> PlayScenario | None:
        node = require(r, pairs, "contract", self.name)
        contract = read_contract(r, node, need_taker=False, kind=self.name) if node else None
        trick: _Plays = []
        if "trick" in pairs:
            trick = r.plays(pairs["trick"][1], ("trick",)) or []
        bad = bool(r.diags) | _check_trick(r, trick, has_hand="hand" in pairs)
        hand_seat, hand = _read_hand(r, pairs, trick, bad=bad)
        play = _read_play(r, pairs, hand, trick, contract)
        expect = self.read_expect(r, pairs)
        _check_needs(r, expect, has_hand="hand" in pairs, four=len(trick) + (play is not None) == 4)
        if r.diags or contract is None:
            return None
        trump, rules = contract[0].trump, contract[1]
        cards = [c for _, c, _ in trick]
        held = [c for c, _ in hand]
        ruling = legal_cards(held, cards, trump, rules) if hand_seat is not None else None
        finished = cards + ([play] if play is not None else [])
        result = score_trick(finished, trump, trick[0][0]) if len(finished) == TRICK else None
        return PlayScenario(
            **common,
            expect=expect,
            keys=r.keys,
            contract=contract[0],
            rules=rules,
            trick=tuple((s, c) for s, c, _ in trick),
            hand_seat=hand_seat,
            hand=tuple(held),
            play=play,
            outcome=PlayOutcome(ruling, result),
        )

    def computed(self, scenario: PlayScenario) -> dict[str, Any]:
        out: dict[str, Any] = {}
        ruling, trick = scenario.outcome.ruling, scenario.outcome.trick
        if ruling is not None:
            out["legal"] = frozenset(ruling.legal)
            out["rule"] = ruling.rule
        if trick is not None:
            out["winner"] = trick.winner
            out["points"] = trick.points
        return out

    def licensed_numbers(self, scenario: PlayScenario) -> set[int]:
        """The stated facts' numbers and, when the trick's ``points`` are stated, the
        points of each card summed."""
        out = super().licensed_numbers(scenario)
        trick = scenario.outcome.trick
        if "points" in scenario.expect and trick is not None:
            out.update(trick.card_points)
        return out

    def note(self, key: str, said: Any, got: Any, computed: Mapping[str, Any]) -> str:
        if key != "legal":
            return super().note(key, said, got, computed)
        words = f" (rule: {computed['rule'].value})"
        if surplus := said - got:
            words += "; not legal: " + " ".join(card_str(c) for c in sorted(surplus))
        if missing := got - said:
            words += "; missing: " + " ".join(card_str(c) for c in sorted(missing))
        return words

    def properties(self) -> dict[str, Any]:
        return {
            "contract": contract_schema(need_taker=False, kind="play"),
            "trick": _plays_schema(TRICK, "plays already made, in turn order"),
            "hand": {
                "type": "object",
                "additionalProperties": False,
                "required": list(_HAND_KEYS),
                "properties": {"seat": SEAT_REF, "cards": {**cards_schema(), "maxItems": HAND}},
            },
            "play": CARD_REF,
        }

    def rules_of(self, scenario: PlayScenario) -> RuleSet:
        return scenario.rules

    def recompute(self, scenario: PlayScenario, rules: RuleSet) -> PlayScenario:
        cards = [c for _, c in scenario.trick]
        ruling = None
        if scenario.hand_seat is not None:
            ruling = legal_cards(list(scenario.hand), cards, scenario.contract.trump, rules)
        outcome = PlayOutcome(ruling, scenario.outcome.trick)
        return replace(scenario, rules=rules, outcome=outcome)

    def view(self, scenario: PlayScenario) -> PlayView:
        s = scenario
        numbered = tuple((i, seat, c) for i, (seat, c) in enumerate(s.trick, 1))
        ruling = s.outcome.ruling
        if ruling is None:
            return PlayView(s, s.contract, s.rules, numbered, s.hand_seat, s.hand, (), None,
                            False, (), s.play, s.outcome.trick, ())  # fmt: skip
        legal = tuple(c for c in s.hand if c in ruling.legal)
        restricted = ruling.rule is Rule.PARTNER_WINS and len(ruling.legal) < len(s.hand)
        verdicts = tuple(Verdict(c, c in ruling.legal, ruling.rule) for c in s.hand)
        return PlayView(s, s.contract, s.rules, numbered, s.hand_seat, s.hand, legal,
                        ruling.rule, restricted, verdicts, s.play, s.outcome.trick,
                        _other_presets(s, ruling))  # fmt: skip


_HAND_KEYS: Final = ("seat", "cards")


def _plays_schema(max_items: int, description: str) -> dict[str, Any]:
    return {
        "type": "array",
        "maxItems": max_items,
        "description": description,
        "items": {"$ref": "#/$defs/card-play"},
    }


def _other_presets(s: PlayScenario, ruling: Ruling) -> tuple[PresetNote, ...]:
    """How each other preset of the example's game rules the same position, where it
    allows other cards (a Coinche preset's play rules: the other Coinche presets'; aliases
    are never shown)."""
    trick_cards = [c for _, c in s.trick]
    notes = []
    for name, rules in sorted(play_families(s.rules).items()):
        if rules == s.rules:
            continue
        other = legal_cards(list(s.hand), trick_cards, s.contract.trump, rules)
        if other.legal != ruling.legal:
            legal = tuple(c for c in s.hand if c in other.legal)
            notes.append(PresetNote(name, legal, other.rule))
    return tuple(notes)


def play_families(rules: RuleSet) -> dict[str, RuleSet]:
    """The rule sets a trick played under ``rules`` is compared with, by preset name: the
    Coinche presets' play rules for a Coinche preset's (``rules.game`` is ``coinche``),
    else the presets of ``rules``' game, aliases left out."""
    if rules.game == "coinche":
        return {name: preset.play_rules for name, preset in COINCHE_PRESETS.items()}
    return {name: PRESETS[name] for name in presets_for(rules.game)}


def _check_trick(r: Reader, trick: _Plays, *, has_hand: bool) -> bool:
    """Report cards played twice, plays out of turn and too many plays; True if any."""
    bad = False
    seen: set[int] = set()
    for i, (seat, c, cnode) in enumerate(trick, 1):
        if c in seen:
            r.error(cnode, f"duplicate card: {card_str(c)} is played twice in the trick",
                    Code.DUPLICATE_CARD)  # fmt: skip
            bad = True
        seen.add(c)
        before = trick[i - 2][0] if i > 1 else None
        if before is not None and seat != before.next:
            r.error(
                r.keys.where(("trick", i)),
                f"play out of turn: {seat.name} plays after {before.name}, "
                f"expected {before.next.name}",
                Code.OUT_OF_TURN,
            )
            bad = True
    limit = TRICK - 1 if has_hand else TRICK
    if len(trick) > limit:
        r.error(
            r.keys.where(("trick", limit + 1)),
            f"too many plays: a trick holds {limit} plays "
            + ("before the hand to move" if has_hand else "at most"),
            Code.TOO_MANY,
        )
        bad = True
    return bad


def _read_hand(
    r: Reader, pairs: Pairs, trick: _Plays, *, bad: bool
) -> tuple[Seat | None, list[tuple[int, Node]]]:
    """The hand to move (seat and cards), checked against the trick."""
    if "hand" not in pairs:
        if not bad and len(trick) < TRICK:
            r.error(
                r.keys.where(("trick",)),
                f"trick: without a hand, the trick must hold all four plays (got {len(trick)})",
                Code.MISSING,
            )
        return None, []
    hp = r.mapping(pairs["hand"][1], ("hand",), _HAND_KEYS)
    hand_seat: Seat | None = None
    hand: list[tuple[int, Node]] = []
    if hp is not None:
        hand_seat = _hand_part(r, hp, "seat", r.seat)
        hand = _hand_part(r, hp, "cards", r.cards) or []
    if hp is not None and hand_seat is not None and trick and not bad and len(trick) < TRICK:
        expected = trick[-1][0].next
        if hand_seat != expected:
            r.error(
                hp["seat"][1],
                f"play out of turn: hand.seat is {hand_seat.name}, but after "
                f"{trick[-1][0].name} it is {expected.name}'s turn",
                Code.OUT_OF_TURN,
            )
    if len(hand) > HAND:
        r.error(r.keys.where(("hand", "cards")), f"hand.cards: {len(hand)} cards, at most {HAND}",
                Code.TOO_MANY)  # fmt: skip
    played = {c for _, c, _ in trick}
    for c, cnode in hand:
        if c in played:
            r.error(cnode, f"duplicate card: {card_str(c)} is both in the trick and in the hand",
                    Code.DUPLICATE_CARD)  # fmt: skip
    return hand_seat, hand


def _hand_part(r: Reader, hp: Pairs, key: str, read: Any) -> Any:
    if key not in hp:
        r.error(r.keys.where(("hand",)), f"hand.{key}: required", Code.MISSING)
        return None
    return read(hp[key][1], ("hand", key))


def _read_play(
    r: Reader,
    pairs: Pairs,
    hand: list[tuple[int, Node]],
    trick: _Plays,
    contract: tuple[Contract, RuleSet] | None,
) -> int | None:
    """The card played from the hand, which must hold it and may play it."""
    if "play" not in pairs:
        return None
    vnode = pairs["play"][1]
    play = r.card(vnode, ("play",))
    if "hand" not in pairs:
        r.error(r.keys.where(("play",)), "play: needs a hand to play from", Code.MISSING)
    elif play is not None and not r.diags:
        held = [c for c, _ in hand]
        if play not in held:
            r.error(vnode, f"illegal play: {card_str(play)} is not in the hand", Code.NOT_IN_HAND)
        elif contract is not None:
            try:
                check_play(play, held, [c for _, c, _ in trick], contract[0].trump, contract[1])
            except IllegalPlayError as exc:
                r.error(vnode, str(exc), Code.ILLEGAL_PLAY)
    return play


def _check_needs(r: Reader, expect: Mapping[str, Any], *, has_hand: bool, four: bool) -> None:
    """``legal`` and ``rule`` need a hand; ``winner`` and ``points`` a finished trick."""
    for key in ("legal", "rule"):
        if key in expect and not has_hand:
            r.error(r.keys.where(("expect", key)), f"expect.{key}: needs a hand", Code.MISSING)
    for key in ("winner", "points"):
        if key in expect and not four:
            r.error(
                r.keys.where(("expect", key)),
                f"expect.{key}: needs a finished trick (four plays: trick and play)",
                Code.MISSING,
            )


KIND: Final = PlayKind()
