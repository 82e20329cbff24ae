"""Typed reading of YAML nodes, each problem a located diagnostic.

:class:`Reader` walks one file's nodes: a mapping with strict keys (and a "did you
mean" hint), a string, an int, a bool, a card, a seat, a team. Each method returns the
value, or ``None`` after recording a :class:`Diagnostic` at the node's line and column,
so a file's problems are all collected in one pass.
"""

from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from explainer.engine import (
    EngineError,
    InvalidCardError,
    Seat,
    Team,
    card_str,
    parse_card,
)

from .diagnostics import INVALID, Diagnostic
from .keys import BOOL_WORDS, ID_PATTERN, INT_PATTERN, NONE_WORDS
from .model import Location, Text
from .yamlsource import MAX_ITEMS, MappingNode, Node, ScalarNode, SequenceNode

__all__ = ["KeyLocations", "Reader", "did_you_mean", "display_path", "one_of", "what_is"]


def display_path(path: Path | str) -> str:
    """``path`` relative to the current folder when it is below it, else as given."""
    p = str(path)
    if os.path.isabs(p):
        folder, name = os.path.split(p)
        return os.path.join(_display_folder(folder, os.getcwd()), name)
    return p


@functools.lru_cache(maxsize=256)
def _display_folder(folder: str, cwd: str) -> str:
    try:
        rel = os.path.relpath(folder, cwd)
    except ValueError:  # pragma: no cover - another drive on Windows
        return folder
    if rel == ".":
        return ""
    return folder if rel.startswith("..") else rel


# --------------------------------------------------------------------------- reading


def what_is(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return f"{node.value!r}" if node.value else "nothing"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class KeyLocations(Mapping[str, Location]):
    """Key path -> :class:`Location`, kept as 0-based ``(line, column)`` until asked."""

    __slots__ = ("path", "marks")

    def __init__(self, path: str) -> None:
        self.path = path
        self.marks: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Location:
        m = self.marks[key]
        if isinstance(m, Location):
            return m
        return Location(self.path, m[0] + 1, m[1] + 1)

    def __setitem__(self, key: str, value: Any) -> None:
        self.marks[key] = value

    def __contains__(self, key: object) -> bool:
        return key in self.marks

    def __iter__(self) -> Iterator[str]:
        return iter(self.marks)

    def __len__(self) -> int:
        return len(self.marks)

    def __repr__(self) -> str:
        return f"KeyLocations({dict(self)!r})"


class Reader:
    """Reads one file's nodes, recording key locations and problems."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.diags: list[Diagnostic] = []
        self.keys = KeyLocations(path)

    # -- locations and problems

    def loc(self, node: Node) -> Location:
        m = node.start_mark
        return Location(self.path, m.line + 1, m.column + 1)

    def error(self, node: Node | Location | None, message: str, code: str = "invalid") -> None:
        if node is None:
            loc = Location(self.path, 1, 1)
        elif isinstance(node, Location):
            loc = node
        else:
            loc = self.loc(node)
        self.diags.append(Diagnostic(loc, message, code, INVALID))

    # -- structure

    def mapping(
        self, node: Node, name: str, allowed: Sequence[str] | None, *, what: str = "a mapping"
    ) -> dict[str, tuple[Node, Node]] | None:
        """The pairs of a mapping node (``None`` after reporting a problem); records key
        locations under ``name`` and reports duplicate and unknown keys."""
        if not isinstance(node, MappingNode):
            self.error(node, f"{name or 'file'}: expected {what}, got {what_is(node)}", "type")
            return None
        if len(node.value) > MAX_ITEMS:
            self.error(node, f"{name or 'file'}: too many keys (at most {MAX_ITEMS})", "too-long")
            return None
        out: dict[str, tuple[Node, Node]] = {}
        prefix = f"{name}." if name else ""
        for knode, vnode in node.value:
            if not isinstance(knode, ScalarNode):
                self.error(
                    knode, f"{prefix}?: a key must be a plain word, got {what_is(knode)}", "type"
                )
                continue
            key = knode.value
            if key in out:
                first = self.loc(out[key][0])
                self.error(
                    knode,
                    f"duplicate key {prefix}{key} (first at line {first.line})",
                    "duplicate-key",
                )
                continue
            if allowed is not None and key not in allowed:
                where = f"{name}: " if name else ""
                self.error(
                    knode, f"{where}unknown key {key!r}{did_you_mean(key, allowed)}", "unknown-key"
                )
                continue
            out[key] = (knode, vnode)
            m = knode.start_mark
            self.keys.marks[prefix + key] = (m.line, m.column)
        return out

    def sequence(self, node: Node, name: str, *, what: str = "a list") -> list[Node] | None:
        if not isinstance(node, SequenceNode):
            self.error(node, f"{name}: expected {what}, got {what_is(node)}", "type")
            return None
        if len(node.value) > MAX_ITEMS:
            self.error(
                node, f"{name}: too many items ({len(node.value)}, at most {MAX_ITEMS})", "too-long"
            )
            return None
        keys = self.keys.marks
        for i, item in enumerate(node.value, 1):
            m = item.start_mark
            keys[f"{name}.{i}"] = (m.line, m.column)
        return list(node.value)

    def string(self, node: Node, name: str, *, what: str = "a string") -> str | None:
        if not isinstance(node, ScalarNode):
            self.error(node, f"{name}: expected {what}, got {what_is(node)}", "type")
            return None
        if node.value == "" and node.style in (None, ""):
            self.error(node, f"{name}: missing value (expected {what})", "type")
            return None
        return node.value  # type: ignore[no-any-return]

    def integer(self, node: Node, name: str) -> int | None:
        text = self.string(node, name, what="a whole number")
        if text is None:
            return None
        if not INT_PATTERN.match(text.strip()):
            self.error(node, f"{name}: expected a whole number, got {text!r}", "type")
            return None
        return int(text)

    def boolean(self, node: Node, name: str) -> bool | None:
        text = self.string(node, name, what="true or false")
        if text is None:
            return None
        value = BOOL_WORDS.get(text.strip().lower())
        if value is None:
            self.error(node, f"{name}: expected true or false, got {text!r}", "type")
        return value

    def ident(self, node: Node, name: str) -> str | None:
        text = self.string(node, name, what="an id")
        if text is None:
            return None
        if not ID_PATTERN.match(text):
            self.error(node, f"{name}: invalid id {text!r} (use a-z, 0-9 and -)", "bad-id")
            return None
        return text

    def choice(self, node: Node, name: str, choices: Sequence[str]) -> str | None:
        text = self.string(node, name)
        if text is None:
            return None
        if text not in choices:
            self.error(
                node,
                f"{name}: unknown value {text!r}{did_you_mean(text, choices)} (expected {one_of(choices)})",
                "bad-value",
            )
            return None
        return text

    def text(self, node: Node, name: str, ctx: str, line_of: Node) -> Text | None:
        value = self.string(node, name, what="a text")
        if value is None:
            return None
        return Text(value, ctx, line_of.start_mark.line + 1)

    # -- engine values

    def card(self, node: Node, name: str) -> int | None:
        text = self.string(node, name, what="a card")
        if text is None:
            return None
        try:
            return parse_card(text)
        except InvalidCardError as exc:
            self.error(node, str(exc), "bad-card")
            return None

    def seat(self, node: Node, name: str) -> Seat | None:
        text = self.string(node, name, what="a seat")
        if text is None:
            return None
        try:
            return Seat.parse(text)
        except EngineError as exc:
            self.error(node, f"{exc} (expected N, E, S or W)", "bad-seat")
            return None

    def seat_or_none(self, node: Node, name: str) -> Seat | None | bool:
        """A seat, ``None`` for ``none``, or ``False`` after a problem."""
        if isinstance(node, ScalarNode) and node.value.strip().lower() in NONE_WORDS:
            return None
        seat = self.seat(node, name)
        return False if seat is None else seat

    def team(self, node: Node, name: str) -> Team | None:
        text = self.string(node, name, what="a team")
        if text is None:
            return None
        try:
            return Team.parse(text)
        except EngineError as exc:
            self.error(node, f"{exc} (expected NS or EW)", "bad-seat")
            return None

    def team_or_none(self, node: Node, name: str) -> Team | None | bool:
        if isinstance(node, ScalarNode) and node.value.strip().lower() in NONE_WORDS:
            return None
        team = self.team(node, name)
        return False if team is None else team

    def cards(self, node: Node, name: str) -> list[tuple[int, Node]] | None:
        """A list of distinct cards, each with its node."""
        items = self.sequence(node, name, what="a list of cards")
        if items is None:
            return None
        out: list[tuple[int, Node]] = []
        seen: dict[int, Node] = {}
        ok = True
        for item in items:
            c = self.card(item, name)
            if c is None:
                ok = False
                continue
            if c in seen:
                self.error(
                    item,
                    f"duplicate card: {card_str(c)} (also at line {seen[c].start_mark.line + 1})",
                    "duplicate-card",
                )
                ok = False
                continue
            seen[c] = item
            out.append((c, item))
        return out if ok else None

    def play_item(self, node: Node, name: str) -> tuple[Seat, int, Node] | None:
        """One ``SEAT: CARD`` pair; returns the seat, the card and the card's node."""
        if not (isinstance(node, MappingNode) and len(node.value) == 1):
            self.error(
                node, f"{name}: a play is one 'SEAT: CARD' pair, got {what_is(node)}", "type"
            )
            return None
        knode, vnode = node.value[0]
        seat = self.seat(knode, name) if isinstance(knode, ScalarNode) else None
        if seat is None and not isinstance(knode, ScalarNode):
            self.error(knode, f"{name}: a play is one 'SEAT: CARD' pair", "type")
        c = self.card(vnode, name)
        if seat is None or c is None:
            return None
        return seat, c, vnode

    def plays(self, node: Node, name: str) -> list[tuple[Seat, int, Node]] | None:
        items = self.sequence(node, name, what="a list of plays")
        if items is None:
            return None
        out = [self.play_item(item, f"{name}.{i}") for i, item in enumerate(items, 1)]
        if any(p is None for p in out):
            return None
        return out  # type: ignore[return-value]


def one_of(choices: Sequence[str]) -> str:
    return ", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]
