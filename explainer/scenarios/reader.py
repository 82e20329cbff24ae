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
from typing import Final, TypeVar

from explainer.engine import (
    EngineError,
    InvalidCardError,
    Seat,
    Team,
    card_str,
    parse_card,
)

from .diagnostics import INVALID, Code, Diagnostic, KeyPath, Location, Severity, dotted
from .keys import BOOL_WORDS, ID_PATTERN, INT_PATTERN, NONE_WORDS
from .model import Text
from .siterules import NO_SITE_RULES, SiteRules
from .tokens import bad_card_tokens, card_hint
from .yamlsource import MAX_ITEMS, MAX_PROSE, MappingNode, Node, ScalarNode, SequenceNode

__all__ = [
    "MAX_DIGITS",
    "KeyLocations",
    "Reader",
    "did_you_mean",
    "display_path",
    "one_of",
    "what_is",
]

MAX_DIGITS: Final = 9
"""The longest whole number a scenario may write (no fact of a deal comes near it)."""


def display_path(path: Path | str) -> str:
    """``path`` relative to the current folder when it is below it, else as given."""
    p = str(path)
    if os.path.isabs(p):
        folder, name = os.path.split(p)
        return os.path.join(_display_folder(folder, os.getcwd()), name)
    return p


@functools.lru_cache(maxsize=8192)  # a folder per page: a large site has hundreds
def _display_folder(folder: str, cwd: str) -> str:
    try:
        rel = os.path.relpath(folder, cwd)
    except ValueError:  # pragma: no cover - another drive on Windows
        return folder
    if rel == ".":
        return ""
    return folder if rel.startswith("..") else rel


# --------------------------------------------------------------------------- reading

V = TypeVar("V")

_CARDS: dict[str, int] = {}
"""Each spelling of a card read so far (``"10h"``, ``"AS"``), as the engine parsed it: a
file holds dozens of cards and a project thousands, most of them in a few spellings, so
the engine is asked once per spelling (a spelling it refuses is never kept)."""
_SEATS: dict[str, Seat] = {}
"""Likewise, each spelling of a seat."""
_REMEMBERED: Final = 4096
"""Spellings kept at most in each table (spaces around a value make a new one)."""


def _remember(table: dict[str, V], text: str, value: V) -> V:
    if len(table) < _REMEMBERED:
        table[text] = value
    return value


def what_is(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return f"{node.value!r}" if node.value else "nothing"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class KeyLocations(Mapping[KeyPath, Location]):
    """Key path -> :class:`Location`, kept as 0-based ``(line, column)`` until asked.

    A mapping's keys are kept one by one in :attr:`marks`; a list's items together, one
    tuple per list in :attr:`lists` (a project of thousands of examples holds tens of
    thousands of cards: one dictionary entry each was most of a loaded project's memory).
    """

    __slots__ = ("lists", "marks", "path")

    def __init__(self, path: str) -> None:
        self.path = path
        self.marks: dict[KeyPath, tuple[int, int]] = {}
        self.lists: dict[KeyPath, tuple[int, ...]] = {}
        """For each list, by its key path: its items' ``line, column, line, column, ...``."""

    def _mark(self, key: KeyPath) -> tuple[int, int] | None:
        found = self.marks.get(key)
        if found is None and key and type(key[-1]) is int:
            flat = self.lists.get(key[:-1])
            i = key[-1]
            if flat is not None and 0 < i <= len(flat) // 2:
                return flat[2 * i - 2], flat[2 * i - 1]
        return found

    def __getitem__(self, key: KeyPath) -> Location:
        mark = self._mark(key)
        if mark is None:
            raise KeyError(key)
        return Location(self.path, mark[0] + 1, mark[1] + 1, key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, tuple) and self._mark(key) is not None

    def __iter__(self) -> Iterator[KeyPath]:
        yield from self.marks
        for at, flat in self.lists.items():
            for i in range(1, len(flat) // 2 + 1):
                yield (*at, i)

    def __len__(self) -> int:
        return len(self.marks) + sum(len(flat) // 2 for flat in self.lists.values())

    def __repr__(self) -> str:
        return f"KeyLocations({dict(self)!r})"

    def where(self, key: KeyPath) -> Location:
        """The location of ``key``, or of its nearest written parent, or of the file."""
        while key:
            if key in self:
                return self[key]
            key = key[:-1]
        return Location(self.path, 1, 1)


class Reader:
    """Reads one file's nodes, recording key locations and problems.

    Every method takes the key path ``at`` of the node it reads: problems are located at
    the node and name it (``expect.points.NS: expected a whole number``), and the
    locations of the keys and list items read are recorded in :attr:`keys`.
    """

    def __init__(self, path: str, *, rules: SiteRules = NO_SITE_RULES) -> None:
        self.path = path
        self.diags: list[Diagnostic] = []
        self.warnings: list[Diagnostic] = []
        self.keys = KeyLocations(path)
        self.rules = rules
        """The site's own rule sets and default, which a contract's ``rules`` may name."""
        self.prose = 0  # characters of the texts read so far (at most MAX_PROSE)

    # -- locations and problems

    def loc(self, node: Node) -> Location:
        m = node.start_mark
        return Location(self.path, m.line + 1, m.column + 1)

    def error(self, node: Node | Location | None, message: str, code: Code = Code.INVALID) -> None:
        """Record a problem at ``node`` (a YAML node, a location, or the file's start)."""
        if node is None:
            loc = Location(self.path, 1, 1)
        elif isinstance(node, Location):
            loc = node
        else:
            loc = self.loc(node)
        self.diags.append(Diagnostic(loc, message, code, INVALID))

    def warn(self, node: Node, message: str, code: Code = Code.INVALID) -> None:
        """Record a located warning at ``node``: the file is read as written (a warning
        fails nothing and changes no exit code), and ``explainer check`` prints the line
        ``path:line:col: warning: message``."""
        self.warnings.append(Diagnostic(self.loc(node), message, code, Severity.WARNING))

    # -- structure

    def mapping(
        self, node: Node, at: KeyPath, allowed: Sequence[str] | None, *, what: str = "a mapping"
    ) -> dict[str, tuple[Node, Node]] | None:
        """The pairs of a mapping node (``None`` after reporting a problem); records key
        locations under ``at`` and reports duplicate and unknown keys."""
        if not isinstance(node, MappingNode):
            name = dotted(at) or "file"
            self.error(node, f"{name}: expected {what}, got {what_is(node)}", Code.TYPE)
            return None
        if len(node.value) > MAX_ITEMS:
            name = dotted(at) or "file"
            self.error(node, f"{name}: too many keys (at most {MAX_ITEMS})", Code.TOO_LONG)
            return None
        out: dict[str, tuple[Node, Node]] = {}
        marks = self.keys.marks
        for knode, vnode in node.value:
            key = knode.value if isinstance(knode, ScalarNode) else None
            if key is None or key in out or (allowed is not None and key not in allowed):
                self._bad_key(knode, out, at, allowed)
                continue
            out[key] = (knode, vnode)
            m = knode.start_mark
            marks[(*at, key)] = (m.line, m.column)
        return out

    def _bad_key(
        self,
        knode: Node,
        seen: dict[str, tuple[Node, Node]],
        at: KeyPath,
        allowed: Sequence[str] | None,
    ) -> None:
        """Report why ``knode`` cannot be a key of the mapping at ``at`` (the mapping's
        name is only worded here, for the message: most mappings have no problem)."""
        name = dotted(at)
        prefix = f"{name}." if name else ""
        if not isinstance(knode, ScalarNode):
            self.error(
                knode, f"{prefix}?: a key must be a plain word, got {what_is(knode)}", Code.TYPE
            )
            return
        key: str = knode.value
        if key in seen:
            first = self.loc(seen[key][0])
            self.error(
                knode,
                f"duplicate key {prefix}{key} (first at line {first.line})",
                Code.DUPLICATE_KEY,
            )
            return
        where = f"{name}: " if name else ""
        choices = allowed or ()
        self.error(
            knode, f"{where}unknown key {key!r}{did_you_mean(key, choices)}", Code.UNKNOWN_KEY
        )

    def sequence(self, node: Node, at: KeyPath, *, what: str = "a list") -> list[Node] | None:
        if not isinstance(node, SequenceNode):
            self.error(node, f"{dotted(at)}: expected {what}, got {what_is(node)}", Code.TYPE)
            return None
        if len(node.value) > MAX_ITEMS:
            self.error(
                node,
                f"{dotted(at)}: too many items ({len(node.value)}, at most {MAX_ITEMS})",
                Code.TOO_LONG,
            )
            return None
        flat: list[int] = []
        for item in node.value:
            m = item.start_mark
            flat += (m.line, m.column)
        self.keys.lists[at] = tuple(flat)
        return list(node.value)

    def string(self, node: Node, at: KeyPath, *, what: str = "a string") -> str | None:
        if not isinstance(node, ScalarNode):
            self.error(node, f"{dotted(at)}: expected {what}, got {what_is(node)}", Code.TYPE)
            return None
        if node.value == "" and node.style in (None, ""):
            self.error(node, f"{dotted(at)}: missing value (expected {what})", Code.TYPE)
            return None
        return node.value  # type: ignore[no-any-return]

    def integer(self, node: Node, at: KeyPath) -> int | None:
        """A whole number of at most :data:`MAX_DIGITS` digits (a longer one is refused at
        its place, never handed to ``int()``, which has a limit of its own)."""
        text = self.string(node, at, what="a whole number")
        if text is None:
            return None
        if not INT_PATTERN.match(text.strip()):
            self.error(node, f"{dotted(at)}: expected a whole number, got {text!r}", Code.TYPE)
            return None
        digits = len(text.strip().lstrip("+-").lstrip("0"))
        if digits > MAX_DIGITS:
            self.error(
                node,
                f"{dotted(at)}: number too large ({digits} digits, at most {MAX_DIGITS})",
                Code.NUMBER_TOO_LARGE,
            )
            return None
        return int(text)

    def boolean(self, node: Node, at: KeyPath) -> bool | None:
        text = self.string(node, at, what="true or false")
        if text is None:
            return None
        value = BOOL_WORDS.get(text.strip().lower())
        if value is None:
            self.error(node, f"{dotted(at)}: expected true or false, got {text!r}", Code.TYPE)
        return value

    def ident(self, node: Node, at: KeyPath) -> str | None:
        text = self.string(node, at, what="an id")
        if text is None:
            return None
        if not ID_PATTERN.match(text):
            self.error(node, f"{dotted(at)}: invalid id {text!r} (use a-z, 0-9 and -)", Code.BAD_ID)
            return None
        return text

    def choice(self, node: Node, at: KeyPath, choices: Sequence[str]) -> str | None:
        text = self.string(node, at)
        if text is None:
            return None
        if text not in choices:
            self.error(
                node,
                f"{dotted(at)}: unknown value {text!r}{did_you_mean(text, choices)} "
                f"(expected {one_of(choices)})",
                Code.BAD_VALUE,
            )
            return None
        return text

    def text(self, node: Node, at: KeyPath, ctx: str, line_of: Node) -> Text | None:
        value = self.string(node, at, what="a text")
        if value is None:
            return None
        before, self.prose = self.prose, self.prose + len(value)
        for problem in bad_card_tokens(value):
            self.error(node, f"{dotted(at)}: {problem}", Code.BAD_CARD)
        if self.prose > MAX_PROSE:
            if before <= MAX_PROSE:  # said once, at the text that crosses the limit
                self.error(
                    node,
                    f"{dotted(at)}: too much prose in one file (more than {MAX_PROSE} "
                    "characters of text together): split it into several files",
                    Code.TOO_LARGE,
                )
            return None
        return Text(value, ctx, line_of.start_mark.line + 1)

    # -- engine values

    def card(self, node: Node, at: KeyPath) -> int | None:
        if isinstance(node, ScalarNode):
            found = _CARDS.get(node.value)
            if found is not None:  # a spelling read before: the engine's card
                return found
        text = self.string(node, at, what="a card")
        if text is None:
            return None
        try:
            found = parse_card(text)
        except InvalidCardError as exc:
            self.error(node, f"{exc} {card_hint(text)}", Code.BAD_CARD)
            return None
        return _remember(_CARDS, text, found)

    def seat(self, node: Node, at: KeyPath) -> Seat | None:
        if isinstance(node, ScalarNode):
            found = _SEATS.get(node.value)
            if found is not None:  # a spelling read before: the engine's seat
                return found
        text = self.string(node, at, what="a seat")
        if text is None:
            return None
        try:
            seat = Seat.parse(text)
        except EngineError as exc:
            self.error(node, f"{exc} (expected N, E, S or W)", Code.BAD_SEAT)
            return None
        return _remember(_SEATS, text, seat)

    def is_none(self, node: Node) -> bool:
        """Whether the value is the word ``none`` (no seat, no team), not a problem."""
        return isinstance(node, ScalarNode) and node.value.strip().lower() in NONE_WORDS

    def team(self, node: Node, at: KeyPath) -> Team | None:
        text = self.string(node, at, what="a team")
        if text is None:
            return None
        try:
            return Team.parse(text)
        except EngineError as exc:
            self.error(node, f"{exc} (expected NS or EW)", Code.BAD_SEAT)
            return None

    def cards(self, node: Node, at: KeyPath) -> list[tuple[int, Node]] | None:
        """A list of distinct cards, each with its node."""
        items = self.sequence(node, at, what="a list of cards")
        if items is None:
            return None
        out: list[tuple[int, Node]] = []
        seen: dict[int, Node] = {}
        ok = True
        for item in items:
            c = self.card(item, at)
            if c is None:
                ok = False
                continue
            if c in seen:
                self.error(
                    item,
                    f"duplicate card: {card_str(c)} (also at line {seen[c].start_mark.line + 1})",
                    Code.DUPLICATE_CARD,
                )
                ok = False
                continue
            seen[c] = item
            out.append((c, item))
        return out if ok else None

    def play_item(self, node: Node, at: KeyPath) -> tuple[Seat, int, Node] | None:
        """One ``SEAT: CARD`` pair; returns the seat, the card and the card's node."""
        if not (isinstance(node, MappingNode) and len(node.value) == 1):
            self.error(
                node,
                f"{dotted(at)}: a play is one 'SEAT: CARD' pair, got {what_is(node)}",
                Code.TYPE,
            )
            return None
        knode, vnode = node.value[0]
        seat = self.seat(knode, at) if isinstance(knode, ScalarNode) else None
        if seat is None and not isinstance(knode, ScalarNode):
            self.error(knode, f"{dotted(at)}: a play is one 'SEAT: CARD' pair", Code.TYPE)
        c = self.card(vnode, at)
        if seat is None or c is None:
            return None
        return seat, c, vnode

    def plays(self, node: Node, at: KeyPath) -> list[tuple[Seat, int, Node]] | None:
        items = self.sequence(node, at, what="a list of plays")
        if items is None:
            return None
        out = [self.play_item(item, (*at, i)) for i, item in enumerate(items, 1)]
        if any(p is None for p in out):
            return None
        return out  # type: ignore[return-value]


def one_of(choices: Sequence[str]) -> str:
    return ", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]
