"""Fact types: what an ``expect`` value is, and everything done with one.

Each key of a kind's ``expect`` block has a :class:`FactType` (a card set, a card, a
seat, per-team points, ...). The type reads the YAML value into an engine value, says
which part of the engine's value a statement is compared with, shows a value in a
message, writes it for ``--fill``, gives its JSON Schema, and says which numbers the
value states in prose. Nobody branches on a key's name: a card code (``JD`` is 20) is
a card fact and licenses no number, a points fact licenses its points.

A reader returns :data:`BAD` after reporting a problem (``None`` is a value: ``belote:
none``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Generic, TypeVar

from explainer.engine import BidKind, EngineError, Level, Rule, Seat, Team, Trump, card_str

from .diagnostics import Code, KeyPath, dotted
from .keys import NONE_WORDS
from .reader import Reader
from .yamlsource import Node

__all__ = [
    "BAD",
    "BID",
    "BOOLEAN",
    "CARD",
    "CARD_REF",
    "CARD_SET",
    "HANDS",
    "INTEGER",
    "LEVEL",
    "NONE_SCHEMA",
    "RULE",
    "SEAT",
    "SEAT_OR_NONE",
    "SEAT_REF",
    "TEAM",
    "TEAM_OR_NONE",
    "TEAM_POINTS",
    "TEAM_REF",
    "TRUMP_OR_NONE",
    "WINNERS",
    "FactType",
    "cards_schema",
]

T = TypeVar("T")

BAD: Final = object()
"""What a reader returns after reporting a problem."""

CARD_REF: Final = {"$ref": "#/$defs/card"}
SEAT_REF: Final = {"$ref": "#/$defs/seat"}
TEAM_REF: Final = {"$ref": "#/$defs/team"}
NONE_SCHEMA: Final = {"type": "string", "enum": ["none"]}
_SUITS: Final = ["spades", "hearts", "diamonds", "clubs"]


def cards_schema(n: int | None = None) -> dict[str, Any]:
    """The JSON Schema of a list of distinct cards (of exactly ``n`` cards)."""
    out: dict[str, Any] = {"type": "array", "items": CARD_REF, "uniqueItems": True}
    if n is not None:
        out["minItems"] = out["maxItems"] = n
    return out


class FactType(Generic[T]):
    """The behaviour of one type of stated fact; subclasses override what differs."""

    schema: Mapping[str, Any] = {}
    """The JSON Schema of the value as written."""

    def read(self, r: Reader, node: Node, at: KeyPath) -> T | object:
        """The engine value of ``node``, or :data:`BAD` after reporting a problem."""
        raise NotImplementedError

    def stated(self, said: T, got: T) -> T:
        """The part of the engine's value ``got`` that a statement ``said`` is compared
        with (all of it, except for facts that may be stated in part)."""
        return got

    def to_yaml(self, value: T) -> Any:
        """The value as a scenario writes it (``--fill``, the report)."""
        return value

    def show(self, value: T) -> str:
        """The value as one line of text: ``7S 9S``, ``NS 97, EW 55``, ``true``, ``none``."""
        return str(self.to_yaml(value))

    def numbers(self, value: T) -> Iterable[int]:
        """The numbers the value states, which the example's prose may therefore give."""
        return ()

    def differences(self, said: T, got: T) -> str:
        """More words for a disagreement (which trick differs), or ``""``."""
        return ""


class _CardSet(FactType[frozenset[int]]):
    schema = cards_schema()

    def read(self, r: Reader, node: Node, at: KeyPath) -> frozenset[int] | object:
        cards = r.cards(node, at)
        return BAD if cards is None else frozenset(c for c, _ in cards)

    def to_yaml(self, value: frozenset[int]) -> Any:
        return [card_str(c) for c in sorted(value)]

    def show(self, value: frozenset[int]) -> str:
        return " ".join(card_str(c) for c in sorted(value)) or "(none)"


class _Card(FactType[int]):
    schema = CARD_REF

    def read(self, r: Reader, node: Node, at: KeyPath) -> int | object:
        c = r.card(node, at)
        return BAD if c is None else c

    def to_yaml(self, value: int) -> Any:
        return card_str(value)


P = TypeVar("P", Seat, Team)


class _Party(FactType[P | None], Generic[P]):
    """A seat or a team, optionally ``none``: the two read and write alike, by name."""

    def __init__(
        self, read: Callable[[Reader, Node, KeyPath], P | None], ref: Any, *, optional: bool
    ) -> None:
        self._read: Callable[[Reader, Node, KeyPath], P | None] = read
        self.optional = optional
        self.schema = {"anyOf": [ref, NONE_SCHEMA]} if optional else ref

    def read(self, r: Reader, node: Node, at: KeyPath) -> P | None | object:
        if self.optional and r.is_none(node):
            return None
        value = self._read(r, node, at)
        return BAD if value is None else value

    def to_yaml(self, value: P | None) -> Any:
        return "none" if value is None else value.name


class _Integer(FactType[int]):
    schema = {"type": "integer"}

    def read(self, r: Reader, node: Node, at: KeyPath) -> int | object:
        value = r.integer(node, at)
        return BAD if value is None else value

    def numbers(self, value: int) -> Iterable[int]:
        return (value,)


class _Boolean(FactType[bool]):
    schema = {"type": "boolean"}

    def read(self, r: Reader, node: Node, at: KeyPath) -> bool | object:
        value = r.boolean(node, at)
        return BAD if value is None else value

    def show(self, value: bool) -> str:
        return "true" if value else "false"


class _Rule(FactType[Rule]):
    schema = {"enum": [rule.value for rule in Rule], "description": "the rule that decided"}

    def read(self, r: Reader, node: Node, at: KeyPath) -> Rule | object:
        text = r.string(node, at, what="a rule id")
        if text is None:
            return BAD
        try:
            return Rule.parse(text.strip())
        except ValueError as exc:
            r.error(node, f"{dotted(at)}: {exc}", Code.BAD_VALUE)
            return BAD

    def to_yaml(self, value: Rule) -> Any:
        return value.value


class _TrumpOrNone(FactType[Trump | None]):
    """The trump a bidding or an auction chose: a suit, ``none`` (sans atout) or ``all``
    (tout atout), as a contract writes it; or ``null`` (``~``): nothing was chosen."""

    schema = {"anyOf": [{"enum": [t.word for t in Trump]}, {"type": "null"}]}

    def read(self, r: Reader, node: Node, at: KeyPath) -> Trump | None | object:
        text = r.string(node, at, what="a trump")
        if text is None:
            return BAD
        if text.strip().lower() in NONE_WORDS - {"none"}:
            return None
        try:
            return Trump.parse(text)
        except EngineError as exc:
            r.error(node, str(exc), Code.BAD_TRUMP)
            return BAD

    def to_yaml(self, value: Trump | None) -> Any:
        return None if value is None else value.word

    def show(self, value: Trump | None) -> str:
        return "null" if value is None else value.word


class _TeamPoints(FactType[dict[Team, int]]):
    schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["NS", "EW"],
        "properties": {"NS": {"type": "integer"}, "EW": {"type": "integer"}},
    }

    def read(self, r: Reader, node: Node, at: KeyPath) -> dict[Team, int] | object:
        pairs = r.mapping(node, at, None, what="a mapping {NS: points, EW: points}")
        if pairs is None:
            return BAD
        out: dict[Team, int] = {}
        for key, (knode, vnode) in pairs.items():
            try:
                team = Team.parse(key)
            except EngineError:
                r.error(
                    knode,
                    f"{dotted(at)}: unknown team {key!r} (expected NS or EW)",
                    Code.BAD_SEAT,
                )
                return BAD
            value = r.integer(vnode, (*at, team.name))
            if value is None:
                return BAD
            out[team] = value
        if len(out) != 2:
            r.error(
                node, f"{dotted(at)}: expected points for both teams, NS and EW", Code.BAD_VALUE
            )
            return BAD
        return out

    def to_yaml(self, value: dict[Team, int]) -> Any:
        return {team.name: points for team, points in value.items()}

    def show(self, value: dict[Team, int]) -> str:
        return ", ".join(f"{team.name} {points}" for team, points in value.items())

    def numbers(self, value: dict[Team, int]) -> Iterable[int]:
        return value.values()


class _Winners(FactType[tuple[Seat, ...]]):
    """The winner of each of the eight tricks of a deal."""

    schema = {
        "type": "array",
        "items": SEAT_REF,
        "minItems": 8,
        "maxItems": 8,
        "description": "the winner of each trick",
    }

    def read(self, r: Reader, node: Node, at: KeyPath) -> tuple[Seat, ...] | object:
        items = r.sequence(node, at, what="a list of seats")
        if items is None:
            return BAD
        seats = [r.seat(item, at) for item in items]
        if any(s is None for s in seats):
            return BAD
        if len(seats) != 8:
            r.error(
                node,
                f"{dotted(at)}: expected the winners of 8 tricks, got {len(seats)}",
                Code.BAD_VALUE,
            )
            return BAD
        return tuple(s for s in seats if s is not None)

    def to_yaml(self, value: tuple[Seat, ...]) -> Any:
        return [seat.name for seat in value]

    def show(self, value: tuple[Seat, ...]) -> str:
        return " ".join(seat.name for seat in value) or "(none)"

    def differences(self, said: tuple[Seat, ...], got: tuple[Seat, ...]) -> str:
        diff = [i for i, (a, b) in enumerate(zip(said, got, strict=False), 1) if a != b]
        return " (trick " + ", ".join(map(str, diff)) + ")" if diff else ""


class _Hands(FactType[dict[Seat, frozenset[int]]]):
    """Cards per seat; a statement may name some seats only."""

    schema = {
        "type": "object",
        "additionalProperties": False,
        "patternProperties": {"^[NESWnesw]$": cards_schema()},
    }

    def read(self, r: Reader, node: Node, at: KeyPath) -> dict[Seat, frozenset[int]] | object:
        pairs = r.mapping(node, at, None, what="a mapping of seats to cards")
        if pairs is None:
            return BAD
        out: dict[Seat, frozenset[int]] = {}
        for key, (knode, vnode) in pairs.items():
            try:
                seat = Seat.parse(key)
            except EngineError as exc:
                r.error(knode, f"{exc} (expected N, E, S or W)", Code.BAD_SEAT)
                return BAD
            cards = r.cards(vnode, (*at, seat.name))
            if cards is None:
                return BAD
            out[seat] = frozenset(c for c, _ in cards)
        return out

    def stated(
        self, said: dict[Seat, frozenset[int]], got: dict[Seat, frozenset[int]]
    ) -> dict[Seat, frozenset[int]]:
        return {seat: got[seat] for seat in said}

    def to_yaml(self, value: dict[Seat, frozenset[int]]) -> Any:
        return {seat.name: CARD_SET.to_yaml(cards) for seat, cards in value.items()}

    def show(self, value: dict[Seat, frozenset[int]]) -> str:
        return ", ".join(
            f"{seat.name} {' '.join(card_str(c) for c in sorted(cards))}"
            for seat, cards in value.items()
        )


CARD_SET: Final = _CardSet()
CARD: Final = _Card()
SEAT: Final = _Party[Seat](Reader.seat, SEAT_REF, optional=False)
SEAT_OR_NONE: Final = _Party[Seat](Reader.seat, SEAT_REF, optional=True)
TEAM: Final = _Party[Team](Reader.team, TEAM_REF, optional=False)
TEAM_OR_NONE: Final = _Party[Team](Reader.team, TEAM_REF, optional=True)
INTEGER: Final = _Integer()
BOOLEAN: Final = _Boolean()
RULE: Final = _Rule()
TRUMP_OR_NONE: Final = _TrumpOrNone()
TEAM_POINTS: Final = _TeamPoints()
WINNERS: Final = _Winners()
HANDS: Final = _Hands()


class _Bid(FactType[int | BidKind | None]):
    """A Coinche bid: a number of points, ``capot``, ``generale``, or ``none``."""

    schema = {"anyOf": [{"type": "integer"}, {"enum": [k.value for k in BidKind]}, NONE_SCHEMA]}

    def read(self, r: Reader, node: Node, at: KeyPath) -> int | BidKind | None | object:
        text = r.string(node, at, what="a bid")
        if text is None:
            return BAD
        word = text.strip().lower()
        if word == "none":
            return None
        if word.isdigit():
            return int(word)
        try:
            return BidKind(word)
        except ValueError:
            r.error(node, f"{dotted(at)}: expected points, capot, generale or none, got {text!r}",
                    Code.BAD_VALUE)  # fmt: skip
            return BAD

    def to_yaml(self, value: int | BidKind | None) -> Any:
        return "none" if value is None else value if isinstance(value, int) else value.value

    def numbers(self, value: int | BidKind | None) -> Iterable[int]:
        return (value,) if isinstance(value, int) else ()


class _Level(FactType[Level]):
    """A Coinche contract's level: ``none``, ``coinche`` or ``surcoinche``."""

    schema = {"enum": [level.word for level in Level]}

    def read(self, r: Reader, node: Node, at: KeyPath) -> Level | object:
        text = r.string(node, at, what="a level")
        if text is None:
            return BAD
        try:
            return Level.parse(text)
        except EngineError as exc:
            r.error(node, f"{dotted(at)}: {exc}", Code.BAD_VALUE)
            return BAD

    def to_yaml(self, value: Level) -> Any:
        return value.word


BID: Final = _Bid()
LEVEL: Final = _Level()
