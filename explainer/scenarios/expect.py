"""The ``expect`` block: the facts a scenario states, read as engine values.

Each key has its reader (a card set for ``legal``, a seat for ``winner``, a per-team
mapping for ``points``...); a bad value is reported where it stands and left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from explainer.engine import EngineError, Seat, Team, Trump
from explainer.engine.play import Rule

from .diagnostics import Code, KeyPath, dotted
from .keys import NONE_WORDS
from .reader import Reader
from .yamlsource import Node, ScalarNode

__all__ = ["read_expect"]


def read_expect(
    r: Reader, pairs: dict[str, tuple[Node, Node]], kind: str, allowed: Sequence[str]
) -> dict[str, Any]:
    """The stated facts as engine values (see the model's docstrings)."""
    if "expect" not in pairs:
        return {}
    node = pairs["expect"][1]
    if isinstance(node, ScalarNode) and node.value == "" and node.style in (None, ""):
        return {}  # ``expect:`` with nothing yet: --fill writes into it
    ep = r.mapping(node, ("expect",), allowed)
    if ep is None:
        return {}
    out: dict[str, Any] = {}
    for key, (_, vnode) in ep.items():
        at: KeyPath = ("expect", key)
        reader = _x_int if (kind, key) == ("play", "points") else _EXPECT_READERS[key]
        value = reader(r, vnode, at)
        if value is not _BAD:
            out[key] = value
    return out


_BAD: Final = object()
_ExpectReader = Callable[["Reader", Node, KeyPath], Any]


def _x_cardset(r: Reader, node: Node, at: KeyPath) -> Any:
    cards = r.cards(node, at)
    return _BAD if cards is None else frozenset(c for c, _ in cards)


def _x_rule(r: Reader, node: Node, at: KeyPath) -> Any:
    text = r.string(node, at, what="a rule id")
    if text is None:
        return _BAD
    try:
        return Rule.parse(text.strip())
    except ValueError as exc:
        r.error(node, f"{dotted(at)}: {exc}", Code.BAD_VALUE)
        return _BAD


def _or_bad(read: _ExpectReader, failed: object = None) -> _ExpectReader:
    """An ``expect`` reader from a :class:`Reader` method that returns ``failed`` (already
    reported) when the value is bad: ``None``, or ``False`` where ``None`` is a value."""

    def reader(r: Reader, node: Node, at: KeyPath) -> Any:
        value = read(r, node, at)
        return _BAD if value is failed else value

    return reader


_x_seat = _or_bad(Reader.seat)
_x_seat_or_none = _or_bad(Reader.seat_or_none, failed=False)
_x_team = _or_bad(Reader.team)
_x_team_or_none = _or_bad(Reader.team_or_none, failed=False)
_x_int = _or_bad(Reader.integer)
_x_bool = _or_bad(Reader.boolean)
_x_card = _or_bad(Reader.card)


def _x_trump_or_none(r: Reader, node: Node, at: KeyPath) -> Any:
    text = r.string(node, at, what="a trump")
    if text is None:
        return _BAD
    if text.strip().lower() in NONE_WORDS - {"none"}:
        return None
    try:
        trump = Trump.parse(text)
    except EngineError as exc:
        r.error(node, str(exc), Code.BAD_TRUMP)
        return _BAD
    return None if trump == Trump.NONE else trump


def _x_winners(r: Reader, node: Node, at: KeyPath) -> Any:
    items = r.sequence(node, at, what="a list of seats")
    if items is None:
        return _BAD
    seats = [r.seat(item, at) for item in items]
    if any(s is None for s in seats):
        return _BAD
    if len(seats) != 8:
        r.error(
            node,
            f"{dotted(at)}: expected the winners of 8 tricks, got {len(seats)}",
            Code.BAD_VALUE,
        )
        return _BAD
    return tuple(seats)


def _x_teams(r: Reader, node: Node, at: KeyPath) -> Any:
    pairs = r.mapping(node, at, None, what="a mapping {NS: points, EW: points}")
    if pairs is None:
        return _BAD
    out: dict[Team, int] = {}
    for key, (knode, vnode) in pairs.items():
        try:
            team = Team.parse(key)
        except EngineError:
            r.error(knode, f"{dotted(at)}: unknown team {key!r} (expected NS or EW)", Code.BAD_SEAT)
            return _BAD
        value = r.integer(vnode, (*at, team.name))
        if value is None:
            return _BAD
        out[team] = value
    if len(out) != 2:
        r.error(node, f"{dotted(at)}: expected points for both teams, NS and EW", Code.BAD_VALUE)
        return _BAD
    return out


def _x_hands(r: Reader, node: Node, at: KeyPath) -> Any:
    pairs = r.mapping(node, at, None, what="a mapping of seats to cards")
    if pairs is None:
        return _BAD
    out: dict[Seat, frozenset[int]] = {}
    for key, (knode, vnode) in pairs.items():
        try:
            seat = Seat.parse(key)
        except EngineError as exc:
            r.error(knode, f"{exc} (expected N, E, S or W)", Code.BAD_SEAT)
            return _BAD
        cards = r.cards(vnode, (*at, seat.name))
        if cards is None:
            return _BAD
        out[seat] = frozenset(c for c, _ in cards)
    return out


_EXPECT_READERS: Final = {
    "legal": _x_cardset,
    "rule": _x_rule,
    "winner": _x_seat,
    "points": _x_teams,
    "tricks": _x_winners,
    "card_points": _x_teams,
    "last_trick": _x_team,
    "belote": _x_seat_or_none,
    "capot": _x_team_or_none,
    "made": _x_bool,
    "score": _x_teams,
    "taker": _x_seat_or_none,
    "trump": _x_trump_or_none,
    "annulled": _x_bool,
    "turned": _x_card,
    "hands": _x_hands,
}
